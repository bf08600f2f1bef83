//! Issue #11 items 3, 4 and 8 on generated code: `multipleOf` decided exactly and
//! `uniqueItems` hashed alike by the interpreter, generated code and the text path
//! (one function, `keywords::number::multiple_of` / `keywords::array::first_duplicate`), and a schema
//! over the expansion budget refused for every back end at once. Issue #28 item 2:
//! a pattern whose program is larger than the limit refused at its place, the
//! issue's families within it answered on 100 KB texts by every back end.

use serde_json::{json, Value};
use tool_schema::ToolArgsExt;
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

// The families of issue #28 (item 2) at the reproducers' counts: counters of
// the default engine (the `regex` crate has none: over the limit there).
#[cfg(not(feature = "regex"))]
tool_schema! {
    pub Counted = {
        "type": "object",
        "properties": {
            "runs": {"type": "string", "pattern": "a{65535}"},
            "alternation": {"type": "string", "pattern": "(a|b){0,50000}c"},
            "any": {"type": "string", "pattern": "[\\s\\S]{0,1000}x"},
            "nested": {"type": "string", "pattern": "^(?:.{0,65535}|é){2}x$"}
        },
        "patternProperties": {"^(?:k|[a-z]{20,})$": {"type": "integer"}}
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

/// The alternation of `n` five-character words.
fn words(n: usize) -> String {
    (0..n)
        .map(|i| format!("w{i:04}"))
        .collect::<Vec<_>>()
        .join("|")
}

#[test]
fn patterns_over_the_size_limit_are_refused_at_their_place() {
    let limit = tool_schema::schema::DEFAULT_MAX_PATTERN_SIZE;
    assert_eq!(limit, 1024);
    let over = [
        "(?:ab|ba){0,147}c".to_string(),
        "(?:ab|ba){0,4294967295}".to_string(),
        "(?:a?){600}b".to_string(),
        "\\b{2000}".to_string(),
        "(a{1000}){1000}".to_string(),
        "[a-z]{600000}".to_string(),
        "^(?:.{0,5000000}|é){2}x$".to_string(),
        format!("^(?:{})$", words(200)),
    ];
    for p in &over {
        let schema = json!({
            "type": "object",
            "properties": {"a": {"type": "array", "items": {"type": "string", "pattern": p}}},
            "patternProperties": {p.as_str(): {}}
        });
        let e = Schema::parse(&schema).unwrap_err();
        let places: Vec<&str> = e.problems.iter().map(|d| d.pointer.as_str()).collect();
        assert_eq!(
            places,
            [
                "/properties/a/items/pattern".to_string(),
                format!("/patternProperties/{p}")
            ],
            "{p}"
        );
        for d in &e.problems {
            assert!(
                d.message.contains("too large") && d.message.contains("the limit is 1024"),
                "{p}: {}",
                d.message
            );
        }
        // A raised limit takes it when the engine's highest does.
        let raised = Schema::builder().max_pattern_size(1 << 18).parse(&schema);
        if !cfg!(feature = "regex") {
            assert_eq!(raised.is_ok(), !p.contains("4294967295"), "{p}");
        }
    }
    // The largest counts of a counter and the patterns without counters at
    // the limit pass it.
    let within = [
        "(?:ab|ba){0,146}c".to_string(),
        "(?:a?){511}b".to_string(),
        "[a-z]{500000}".to_string(),
        format!("^(?:{})$", words(140)),
    ];
    for p in within {
        let schema = json!({"properties": {"a": {"pattern": p}}});
        assert_eq!(
            Schema::parse(&schema).is_ok(),
            !cfg!(feature = "regex") || !p.contains("500000"),
            "{p}"
        );
    }
}

/// The issue's reproducers, now counters within the limit, answered on long
/// texts by the interpreter, the generated code and the text path alike (the
/// growth benchmark times them on up to 1 MB: `pattern_count_*`).
#[cfg(not(feature = "regex"))]
#[test]
fn counted_families_answer_long_texts_on_every_back_end() {
    let interp = Schema::parse(Counted::schema()).unwrap();
    let run = format!("{}b", "a".repeat(65_534));
    let long = |unit: &str| unit.chars().cycle().take(20_000).collect::<String>();
    let calls = [
        (json!({"runs": long(&run)}), false),
        (json!({"runs": "a".repeat(65_535)}), true),
        (json!({"alternation": long("a")}), false),
        (json!({"alternation": long("a") + "c"}), true),
        (json!({"any": long("a")}), false),
        (json!({"any": long("a") + "x"}), true),
        (json!({"nested": long("é")}), false),
        (json!({"nested": "é".repeat(50) + "x"}), true),
        (
            Value::Object([(long("k"), json!(1))].into_iter().collect()),
            true,
        ),
        (json!({"abcdefghijklmnopqrstu": "x"}), false),
    ];
    let started = std::time::Instant::now();
    for (call, valid) in calls {
        let brief: String = call.to_string().chars().take(40).collect();
        let compiled = Counted::validate(&call);
        assert_eq!(compiled.is_valid(), valid, "{brief}");
        assert_eq!(compiled, interp.validate(&call), "{brief}");
        let from_text = Counted::validate_str(&call.to_string()).unwrap();
        assert_eq!(from_text.is_valid(), valid, "text path on {brief}");
    }
    // Generous for a debug build on a busy machine; before the counters, the
    // first call alone took 3 s in a release build, the third 2.5 s.
    let spent = started.elapsed();
    assert!(spent.as_secs() < 30, "took {spent:?}");
}
