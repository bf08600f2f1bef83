// `exclusive_minimum`, `exclusive_maximum` and `multiple_of`: numbers, on numeric
// fields only; an exclusive bound must leave a value of the integer type;
// `multiple_of` must be positive.
use tool_schema::ToolArgs;

#[derive(ToolArgs)]
struct Steps {
    #[arg(multiple_of = 0)]
    a: u32,
    #[arg(multiple_of = -2.5)]
    b: f64,
    #[arg(multiple_of = "5")]
    c: u32,
    #[arg(exclusive_minimum = 255)]
    d: u8,
    #[arg(exclusive_maximum = 0)]
    e: u8,
    #[arg(exclusive_minimum = -1, exclusive_maximum = 256)]
    f: u8,
    #[arg(multiple_of = 2)]
    g: String,
    #[arg(exclusive_maximum = 2)]
    h: Vec<f64>,
}

fn main() {}
