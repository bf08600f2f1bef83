//! Feature `regex`: patterns run by the `regex` crate instead of tool-schema's
//! own engine, which adds Unicode property classes (`\p{Letter}`, refused
//! without the feature with a message naming it).
//!
//! ```text
//! cargo run --features regex --example unicode_patterns
//! ```

use serde_json::json;
use tool_schema::{tool_schema, Schema, ToolArgs};

tool_schema! {
    /// Greet someone by name.
    pub Greet = {
        "type": "object",
        "properties": {
            "name": { "type": "string", "pattern": "^\\p{Letter}+(?: \\p{Letter}+)*$" }
        },
        "required": ["name"]
    }
}

fn main() {
    for name in ["Zoë", "Łukasz Żuk", "李小龙", "R2-D2"] {
        let report = Greet::validate(&json!({ "name": name }));
        match report.messages().first() {
            None => println!("{name}: valid"),
            Some(message) => println!("{name}: {message}"),
        }
    }
    assert!(Greet::is_valid(&json!({"name": "Zoë"})));
    assert!(!Greet::is_valid(&json!({"name": "R2-D2"})));

    // A schema read at run time takes the same classes.
    let schema = Schema::parse(&json!({
        "type": "object",
        "properties": {"city": {"type": "string", "pattern": "^\\p{Lu}"}}
    }))
    .unwrap();
    assert!(schema.validate(&json!({"city": "Évian"})).is_valid());
    let report = schema.validate(&json!({"city": "évian"}));
    println!("run time: {}", report.messages().join("; "));
    assert!(!report.is_valid());
}
