// A bound outside the range of `f32` (`f32::MAX` as Rust prints it, 3.4028235e38):
// serde would read such a value as an infinity, so the bound is an error at its
// value (issue 11).
use tool_schema::ToolArgs;

#[derive(ToolArgs)]
struct Reading {
    #[arg(maximum = 1e39)]
    level: f32,
    #[arg(minimum = -1e300)]
    depth: Option<f32>,
    #[arg(exclusive_maximum = 3.5e38)]
    gain: Option<f32>,
    // An f64 holds these.
    #[arg(maximum = 1e300)]
    fine: f64,
}

fn main() {}
