// A schema read when the program runs needs the parser.
fn main() {
    let _ = tool_schema::Schema::parse(&serde_json::json!({"type": "object"}));
}
