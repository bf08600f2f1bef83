// Tagged enums the derive refuses: what serde itself refuses (a tuple variant
// where the tag goes inside the value, `content` without `tag`, `untagged` with
// `tag`), and a newtype variant in an internally tagged enum (serde reads the tag
// beside the inner type's own fields, which that type's schema does not declare).
use tool_schema::ToolArgs;

#[derive(ToolArgs)]
struct Inner {
    a: u8,
}

#[derive(ToolArgs)]
#[serde(tag = "kind")]
enum TupleInside {
    Point(i32, i32),
    Wrapped(Inner),
    Empty,
}

#[derive(ToolArgs)]
#[serde(content = "data")]
enum ContentAlone {
    A(u8),
}

#[derive(ToolArgs)]
#[serde(untagged, tag = "kind")]
enum Both {
    A(u8),
}

#[derive(ToolArgs)]
#[serde(tag = "kind")]
enum FieldIsTag {
    A { kind: String },
}

fn main() {}
