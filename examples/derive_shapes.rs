//! One tool, several actions: `#[derive(ToolArgs)]` on an internally tagged enum
//! (`#[serde(tag = "action")]`), beside an adjacently tagged and an externally
//! tagged one nested as arguments. Each becomes an `anyOf` discriminated by its
//! tag (a `const` per branch, the variant's doc comment as its description); a
//! call is reported against the branch its tag chooses, and an unknown tag as
//! one miss listing the allowed ones. Then a generic type (`Page<T>`,
//! instantiated with a derived struct) and a struct flattening another
//! (`#[serde(flatten)]`: one flat object).
//!
//! ```text
//! cargo run --example derive_shapes
//! ```

use serde::Deserialize;
use serde_json::json;
use tool_schema::export::ToolExport;
use tool_schema::{Format, ToolArgs};

/// Manage files in the workspace.
#[derive(ToolArgs, Deserialize, Debug)]
#[serde(tag = "action", rename_all = "snake_case")]
#[allow(dead_code)]
enum Files {
    /// Read a file.
    Read {
        /// Path from the workspace root.
        path: String,
    },
    /// Move a file.
    Move {
        from: String,
        to: String,
        #[arg(minimum = 1, maximum = 3)]
        retries: Option<u8>,
    },
    /// List the workspace.
    List,
}

/// A shape to draw, told apart by `kind`, its numbers under `data`.
#[derive(ToolArgs, Deserialize, Debug)]
#[serde(tag = "kind", content = "data")]
#[allow(dead_code)]
enum Shape {
    Circle(f64),
    Rect { w: f64, h: f64 },
    Nothing,
}

/// A step of a plan: serde's default (external) tagging.
#[derive(ToolArgs, Deserialize, Debug)]
#[allow(dead_code)]
enum Step {
    Wait(u32),
    Say { text: String },
    Stop,
}

/// Draw shapes, then run steps.
#[derive(ToolArgs, Deserialize, Debug)]
#[allow(dead_code)]
struct Draw {
    shapes: Vec<Shape>,
    steps: Vec<Step>,
}

/// Paging, shared by several tools.
#[derive(ToolArgs, Deserialize, Debug)]
#[allow(dead_code)]
struct Paging {
    #[arg(minimum = 1, maximum = 50)]
    limit: u8,
    cursor: Option<String>,
}

/// One page of results.
#[derive(ToolArgs, Deserialize, Debug)]
#[allow(dead_code)]
struct Page<T> {
    items: Vec<T>,
    next: Option<String>,
}

/// Search the workspace: its own argument and the paging ones, flat.
#[derive(ToolArgs, Deserialize, Debug)]
#[allow(dead_code)]
struct Search {
    query: String,
    #[serde(flatten)]
    paging: Paging,
}

fn show<T: ToolArgs + serde::de::DeserializeOwned + std::fmt::Debug>(calls: &[serde_json::Value]) {
    println!("tool {}: {}", T::NAME, T::DESCRIPTION);
    println!("  schema: {}", T::SCHEMA_JSON);
    for call in calls {
        println!("  call {call}");
        match T::parse(call) {
            Ok(value) => println!("    ok: {value:?}"),
            Err(report) => {
                for line in Format::Default.render(&report) {
                    println!("    - {line}");
                }
            }
        }
    }
    println!();
}

fn main() {
    show::<Files>(&[
        json!({"action": "move", "from": "a.txt", "to": "b.txt"}),
        json!({"action": "copy", "from": "a.txt"}),
        json!({"action": "move", "from": "a.txt", "retries": 9}),
        json!({"path": "a.txt"}),
    ]);
    show::<Draw>(&[
        json!({"shapes": [{"kind": "Rect", "data": {"w": 2.0, "h": 1.5}}, {"kind": "Nothing"}],
               "steps": [{"Wait": 5}, "Stop"]}),
        json!({"shapes": [{"kind": "Square", "data": 1}], "steps": [{"Say": {"text": 3}}]}),
    ]);
    show::<Page<Paging>>(&[
        json!({"items": [{"limit": 5}], "next": "p2"}),
        json!({"items": [{"limit": 0}, {"cursor": "c"}]}),
    ]);
    show::<Search>(&[
        json!({"query": "rust", "limit": 10}),
        json!({"query": "rust", "limit": 99, "page": 2}),
    ]);
    // OpenAI strict takes an `anyOf` nested as an argument (its branches are
    // disjoint by the tag), not at the root: `Files` is refused there, `Draw` kept.
    for strict in [Files::openai_chat_strict(), Draw::openai_chat_strict()] {
        match strict {
            Ok(tool) => println!("OpenAI strict: {tool}"),
            Err(e) => println!("OpenAI strict: {e}"),
        }
    }
}
