// A derive with errors still implements `ToolArgs`, so code using the type
// type-checks: the only errors are the derive's own.
use tool_schema::ToolArgs;

#[derive(ToolArgs)]
struct Bad {
    #[arg(minimum = 7, maximum = 1)]
    days: u8,
}

fn use_it<T: ToolArgs>() -> &'static str {
    T::SCHEMA_JSON
}

fn main() {
    let _ = use_it::<Bad>();
    let _ = Bad::validate(&serde_json::json!({}));
}
