// `Validated` is at the crate root beside `Toolbox`: what the error of
// `toolbox_handler_takes_tool_schema_type.rs` tells to write compiles.
use tool_schema::{tool_schema, Toolbox, Validated};

tool_schema! {
    /// Open a ticket.
    pub CreateTicket = {
        "type": "object",
        "properties": {"title": {"type": "string"}},
        "required": ["title"]
    }
}

fn main() {
    let _ = Toolbox::new().tool(|ticket: Validated<CreateTicket>| ticket["title"].to_string());
}
