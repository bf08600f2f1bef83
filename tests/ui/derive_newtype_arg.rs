// `#[arg(...)]` on a newtype's field takes the keys its type takes; not those of
// an object's member (`default`, `not_null`, `schema`), nor keys of another type.
use tool_schema::ToolArgs;

#[derive(ToolArgs)]
struct Percent(#[arg(minimum = 0, maximum = 100)] u8);

#[derive(ToolArgs)]
struct Code(#[arg(maximum = 3, pattern = "^[A-Z]+$")] String);

#[derive(ToolArgs)]
struct Limit(#[arg(default = 10)] u8);

#[derive(ToolArgs)]
struct Maybe(#[arg(not_null)] Option<u8>);

#[derive(ToolArgs)]
struct Small(#[arg(minimum = 300)] u8);

#[derive(ToolArgs)]
struct Named(#[serde(rename = "x")] u8);

fn main() {
    let _ = Percent::SCHEMA_JSON;
}
