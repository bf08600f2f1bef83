// A handler taking a `tool_schema!` tool's own type (a unit struct serde does
// not read): the error says to take `Validated<CreateTicket>`.
use tool_schema::{tool_schema, Toolbox};

tool_schema! {
    /// Open a ticket.
    pub CreateTicket = {
        "type": "object",
        "properties": {"title": {"type": "string"}},
        "required": ["title"]
    }
}

fn main() {
    let _ = Toolbox::new().tool(|ticket: CreateTicket| {
        let _ = ticket;
        "opened"
    });
}
