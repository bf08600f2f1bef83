// A bound outside the range of the field's integer type: serde could never read
// such a value, so the bound is an error at its value.
use tool_schema::ToolArgs;

#[derive(ToolArgs)]
struct Order {
    #[arg(minimum = -1)]
    qty: u32,
    #[arg(maximum = 1000)]
    discount_percent: u8,
    #[arg(minimum = 0, maximum = 300)]
    priority: i8,
}

fn main() {}
