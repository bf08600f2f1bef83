// Recursive derived types whose recursive fields carry doc comments or
// `#[arg(...)]` (issue 11, item 1: rustc overflowed its stack on these). A
// reference to a recursive type never gets sibling keywords: a documented one is
// a one-branch `anyOf`.
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};
use tool_schema::ToolArgs;

/// A tree node.
#[derive(ToolArgs, Deserialize)]
struct Node {
    label: String,
    /// The parent node.
    parent: Option<Box<Node>>,
}

/// Every way a type holds itself, each documented, with the targets that take
/// recursion declared.
#[derive(ToolArgs, Deserialize)]
#[tool(targets(anthropic, openai_chat, openai_responses, gemini_json_schema, mcp))]
struct Chain {
    /// The next link.
    next: Option<Box<Self>>,
    /// The links below.
    #[arg(max_items = 4)]
    children: Vec<Self>,
    /// Links by name.
    named: HashMap<String, Chain>,
    /// Ordered links by name.
    ordered: Option<BTreeMap<String, Box<Chain>>>,
    #[arg(description = "A link held as is.")]
    boxed: Option<Box<Chain>>,
    /// Links or gaps.
    gaps: Vec<Option<Box<Self>>>,
}

/// Strict targets (no maps there).
#[derive(ToolArgs, Deserialize)]
#[tool(targets(openai_chat_strict, openai_responses_strict, gemini_json_schema))]
struct Strict {
    /// The next link.
    next: Option<Box<Self>>,
    /// The links below.
    children: Vec<Self>,
    /// A tree.
    tree: Node,
    /// Maybe a tree.
    maybe: Option<Box<Node>>,
}

/// Types holding the recursive ones, documented, with targets.
#[derive(ToolArgs, Deserialize)]
#[tool(targets(openai_chat, gemini_json_schema, mcp))]
struct Holder {
    /// The tree.
    tree: Node,
    /// Maybe a tree.
    maybe: Option<Node>,
    /// Trees.
    trees: Vec<Node>,
    /// The chain.
    #[arg(description = "A chain.")]
    chain: Box<Chain>,
    /// Again, one level down.
    inner: Inner,
}

#[derive(ToolArgs, Deserialize)]
#[tool(targets(gemini_json_schema))]
struct Inner {
    /// A node.
    node: Node,
}

/// An untagged enum holding a recursive type.
#[derive(ToolArgs, Deserialize)]
#[serde(untagged)]
enum Either {
    N(Node),
    Name(String),
}

fn main() {
    assert!(Node::SCHEMA_JSON.contains(
        r##""parent":{"description":"The parent node.","anyOf":[{"$ref":"#"},{"type":"null"}]}"##
    ));
    assert!(Holder::SCHEMA_JSON.contains(
        r##""tree":{"description":"The tree.","anyOf":[{"$ref":"#/$defs/Node"}]}"##
    ));
    let ok = serde_json::json!({"label": "a", "parent": {"label": "b"}});
    assert!(Node::validate(&ok).is_valid());
    assert!(!Node::validate(&serde_json::json!({"label": "a", "parent": {}})).is_valid());
}
