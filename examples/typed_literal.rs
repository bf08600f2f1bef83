//! The typed form of `tool_schema!`: an MCP tool's input schema pasted as it is
//! (the `edit_file` tool of the reference filesystem server,
//! `@modelcontextprotocol/server-filesystem`), its Rust types written by the
//! macro, and a toolbox whose handler takes them typed. The model sees the pasted
//! schema; the handler gets `EditFile { path, edits, dryRun, .. }`.
//!
//! ```text
//! cargo run --example typed_literal
//! ```

use serde_json::json;
use tool_schema::export::Target;
use tool_schema::tool_schema;
use tool_schema::toolbox::{reply, Toolbox};

tool_schema! {
    /// Make line-based edits to a text file. Each edit replaces exact line
    /// sequences with new content. Returns a git-style diff showing the changes
    /// made. Only works within allowed directories.
    pub struct EditFile = {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "properties": {
            "path": { "type": "string" },
            "edits": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "oldText": { "type": "string", "description": "Text to search for - must match exactly" },
                        "newText": { "type": "string", "description": "Text to replace with" }
                    },
                    "required": ["oldText", "newText"]
                }
            },
            "dryRun": {
                "default": false,
                "description": "Preview changes using git-style diff format",
                "type": "boolean"
            }
        },
        "required": ["path", "edits"]
    }
}

/// The handler: typed arguments, every one already validated.
fn edit(args: EditFile) -> String {
    // `edits` is a `Vec<EditFileEditsItem>`, `dryRun` an `Option<bool>`.
    let mode = if args.dryRun == Some(true) {
        "would edit"
    } else {
        "edited"
    };
    let changes: Vec<String> = args
        .edits
        .iter()
        .map(|e| format!("-{}\n+{}", e.oldText, e.newText))
        .collect();
    format!("{mode} {}:\n{}", args.path, changes.join("\n"))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let tools = Toolbox::new().tool(edit);

    // What the provider is sent: the pasted schema.
    let definitions = tools.export(Target::Anthropic)?.value;
    println!("definition: {}\n", definitions[0]);

    // A turn with a good call and a broken one.
    let turn = json!({"role": "assistant", "content": [
        {"type": "tool_use", "id": "toolu_1", "name": "edit_file", "input": {
            "path": "notes.txt", "dryRun": true,
            "edits": [{"oldText": "colour", "newText": "color"}]}},
        {"type": "tool_use", "id": "toolu_2", "name": "edit_file", "input": {
            "path": "notes.txt", "edits": [{"old_text": "a", "newText": "b"}]}}
    ]});
    let results = tools.dispatch_turn(Target::Anthropic, &turn)?;
    let answer = reply(Target::Anthropic, results);
    println!("reply: {}", serde_json::to_string_pretty(&answer)?);
    Ok(())
}
