// impl_tool_args! implements ToolArgs for a type declared elsewhere: the typed
// form's `struct` (which declares the type) is an error at `struct`.
use tool_schema::impl_tool_args;

pub struct Declared;

impl_tool_args! {
    struct Declared = {"type": "object", "properties": {}}
}

fn main() {}
