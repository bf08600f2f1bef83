//! The text path's own byte reader against serde_json: `Schema::validate_str`
//! must give what `serde_json::from_str::<Value>` then `Schema::validate_with`
//! gives (the same report, or the same JSON error) on the tokens the reader
//! reads itself (integers, short decimals, strings with and without escapes,
//! white space, nesting) at their edges, and on random byte-level mutations of
//! valid calls (malformed text, broken escapes, numbers cut in two).

mod text_support;

use serde_json::{json, Value};
use text_support::{all_options, Diff, Rng, FEW};
use tool_schema_engine::text::__pass_accepts;
use tool_schema_engine::{Options, Schema};

fn schema() -> (Value, Schema) {
    let value = json!({
        "type": "object",
        "properties": {
            "city": {"type": "string", "minLength": 2, "maxLength": 8},
            "unit": {"type": "string", "enum": ["celsius", "fahrenheit", "é", "😀"]},
            "n": {"type": "integer", "minimum": -5, "maximum": 999999999999999999u64},
            "x": {"type": "number", "maximum": 0.3, "exclusiveMinimum": -0.25},
            "z": {"type": "number", "exclusiveMaximum": 0},
            "tags": {"type": "array", "items": {"type": "string", "pattern": "^[a-z]+$"}, "maxItems": 4},
            "open": {},
            "deep": {"$ref": "#/$defs/node"}
        },
        "required": ["city"],
        "$defs": {"node": {
            "type": "array",
            "items": {"anyOf": [{"type": "integer"}, {"$ref": "#/$defs/node"}]}
        }}
    });
    let parsed = Schema::parse(&value).unwrap();
    (value, parsed)
}

/// Number tokens around the reader's own limits (18-digit integers, 15-digit
/// decimals, `-0`, exponents) and the schema's bounds.
#[test]
fn numbers_at_the_edges() {
    let (_, schema) = schema();
    let tokens = [
        "0",
        "-0",
        "1",
        "-1",
        "-5",
        "-6",
        "01",
        "-01",
        "00",
        "1.",
        ".5",
        "-",
        "--1",
        "+1",
        "1e",
        "1E+2",
        "1e-2",
        "1.5e1",
        "0.0",
        "-0.0",
        "0.3",
        "0.30000000000000004",
        "0.29999999999999999",
        "0.1",
        "0.2",
        "-0.25",
        "-0.2500000000000001",
        "-0.24999999999999999",
        "123456789012345",
        "12345678901234.5",
        "1234567890123.45",
        "0.123456789012345",
        "0.1234567890123456",
        "1234567890123456.0",
        "999999999999999999",
        "1000000000000000000",
        "-999999999999999999",
        "-1000000000000000000",
        "9223372036854775807",
        "9223372036854775808",
        "-9223372036854775808",
        "-9223372036854775809",
        "18446744073709551615",
        "18446744073709551616",
        "123456789012345678901234567890",
        "1e308",
        "1e309",
        "-1e400",
        "5e-324",
        "1e-400",
        "2.0",
        "3.00",
        "-3.0",
        "0.000000000000001",
        "0.0000000000000001",
        "1.0e0",
        "0e0",
        "0.e1",
        "1.a",
        "1x",
        "1-2",
        "1.5.5",
        "0x10",
        "Infinity",
        "NaN",
    ];
    let mut diff = Diff::default();
    let options = all_options();
    for key in ["n", "x", "z", "open"] {
        for token in tokens {
            let text = format!(r#"{{"city":"Oslo","{key}":{token}}}"#);
            for o in &options {
                diff.compare("numbers", &schema, &text, o);
            }
            let text = format!(r#"{{"city":"Oslo","deep":[{token},[ {token} ]]}}"#);
            diff.compare("numbers in arrays", &schema, &text, &Options::default());
        }
    }
    diff.assert_ok("numbers at the edges");
    for ok in [
        r#"{"city":"Oslo","n":999999999999999999}"#,
        r#"{"city":"Oslo","x":0.3}"#,
        r#"{"city":"Oslo","x":-0.2499999999999}"#,
        r#"{"city":"Oslo","z":-0.5}"#,
    ] {
        assert!(__pass_accepts(&schema, ok, &Options::default()), "{ok}");
    }
}

/// Strings and names with escapes, surrogates, control characters and every
/// kind of white space.
#[test]
fn strings_escapes_and_white_space() {
    let (_, schema) = schema();
    let strings = [
        r#""Oslo""#,
        r#""O\u0073lo""#,
        r#""\u00e9""#,
        r#""é""#,
        r#""\ud83d\ude00""#,
        r#""😀""#,
        r#""\ud83d""#,
        r#""\ude00""#,
        r#""\ud83d\u0041""#,
        r#""\ud83dx""#,
        r#""\u12G4""#,
        r#""\u12""#,
        r#""\x41""#,
        r#""a\/b""#,
        r#""\b\f\n\r\t""#,
        r#""\"\\""#,
        "\"tab\there\"",
        "\"nul\u{0}\"",
        "\"del\u{7f}\"",
        r#""\u0000""#,
        r#""abc"#,
        r#""abc\"#,
        r#""abc\""#,
        r#""""#,
    ];
    let mut diff = Diff::default();
    for s in strings {
        for key in [
            "city",
            "unit",
            "open",
            "c\\u0069ty",
            "un\\u0069t",
            "\\u0063ity",
        ] {
            let text = format!(r#"{{"{key}":{s}, "tags": [{s}]}}"#);
            for o in &FEW {
                diff.compare("strings", &schema, &text, o);
            }
            let text = format!(r#"{{"city":"Oslo","{key}":{s}}}"#);
            for o in &FEW {
                diff.compare("strings", &schema, &text, o);
            }
        }
    }
    // White space: the four JSON ones anywhere, anything else refused.
    for ws in [
        " ", "\t", "\n", "\r", "\r\n  \t", "\u{c}", "\u{a0}", "\u{feff}", "\u{b}",
    ] {
        let text = format!(
            "{ws}{{{ws}\"city\"{ws}:{ws}\"Oslo\"{ws},{ws}\"tags\"{ws}:{ws}[{ws}\"a\"{ws},{ws}\"b\"{ws}]{ws},\"open\":{{{ws}}}{ws},\"deep\":[{ws}]}}{ws}"
        );
        for o in &FEW {
            diff.compare("white space", &schema, &text, o);
        }
    }
    // Literals, whole and cut.
    for lit in [
        "true", "false", "null", "tru", "nul", "fals", "truex", "nullnull", "True",
    ] {
        let text = format!(r#"{{"city":"Oslo","open":{lit},"deep":[{lit}]}}"#);
        diff.compare("literals", &schema, &text, &Options::default());
        diff.compare("literals", &schema, lit, &Options::default());
    }
    diff.assert_ok("strings, escapes and white space");
    for ok in [
        r#"{"c\u0069ty":"O\u0073lo","unit":"\u00e9"}"#,
        r#"{"city":"Oslo","unit":"\ud83d\ude00"}"#,
        " {\r\n\t\"city\" : \"Oslo\" } \n",
    ] {
        assert!(__pass_accepts(&schema, ok, &Options::default()), "{ok}");
    }
}

/// Repeated names at every depth, under driven, open and buffered objects.
#[test]
fn repeated_names() {
    let (_, schema) = schema();
    let mut diff = Diff::default();
    for text in [
        r#"{"city":"Oslo","city":"Rome"}"#,
        r#"{"city":"Oslo","c\u0069ty":"Rome"}"#,
        r#"{"city":"Oslo","open":{"a":1,"a":2}}"#,
        r#"{"city":"Oslo","open":{"a":1,"\u0061":2}}"#,
        r#"{"city":"Oslo","open":[{"a":1},{"b":{"c":1,"c":1}}]}"#,
        r#"{"city":"Oslo","open":{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"a":10}}"#,
        r#"{"city":"Oslo","deep":[[1],[{"a":1,"a":1}]]}"#,
        r#"{"city":"Oslo","other":1,"other":2}"#,
    ] {
        for o in all_options() {
            diff.compare("repeated", &schema, text, &o);
        }
    }
    diff.assert_ok("repeated names");
}

/// Nesting around the reader's limit and serde_json's (127), under a driven
/// schema (arrays of arrays), an open one and a buffered one (`anyOf`).
#[test]
fn deep_nesting() {
    let (_, schema) = schema();
    let mut diff = Diff::default();
    for depth in [
        1usize, 60, 117, 118, 119, 120, 121, 125, 126, 127, 128, 129, 200, 5000,
    ] {
        let arrays = format!("{}1{}", "[".repeat(depth), "]".repeat(depth));
        let objects = format!("{}1{}", "{\"a\":".repeat(depth), "}".repeat(depth));
        for key in ["deep", "open", "tags"] {
            for inner in [&arrays, &objects] {
                let text = format!(r#"{{"city":"Oslo","{key}":{inner}}}"#);
                for o in &FEW {
                    diff.compare("deep", &schema, &text, o);
                }
                diff.compare(
                    "deep, max_depth",
                    &schema,
                    &text,
                    &Options::default().max_depth(100),
                );
            }
        }
        diff.compare("deep at the root", &schema, &arrays, &Options::default());
    }
    diff.assert_ok("deep nesting");
}

/// Big inputs: a long string, long arrays, a wide open object (names past the
/// inline set).
#[test]
fn huge_inputs() {
    let (_, schema) = schema();
    let mut diff = Diff::default();
    let long = "ab".repeat(300_000);
    let many: Vec<String> = (0..50_000).map(|i| format!("\"t{}\"", i % 7)).collect();
    let wide: Vec<String> = (0..20_000).map(|i| format!("\"k{i}\":{i}")).collect();
    let mut wide_repeated = wide.clone();
    wide_repeated.push("\"k19999\":0".into());
    let nums: Vec<String> = (0..50_000).map(|i| format!("{}.{}", i, i % 10)).collect();
    for text in [
        format!(r#"{{"city":"{long}"}}"#),
        format!(r#"{{"city":"Oslo","open":"{long}"}}"#),
        format!(r#"{{"city":"Oslo","tags":[{}]}}"#, many.join(",")),
        format!(r#"{{"city":"Oslo","open":[{}]}}"#, many.join(",")),
        format!(r#"{{"city":"Oslo","open":{{{}}}}}"#, wide.join(",")),
        format!(
            r#"{{"city":"Oslo","open":{{{}}}}}"#,
            wide_repeated.join(",")
        ),
        format!(r#"{{"city":"Oslo","deep":[{}]}}"#, nums.join(",")),
        format!(r#"{{"city":"Oslo","open":[{}]}}"#, nums.join(",")),
    ] {
        diff.compare("huge", &schema, &text, &Options::default());
        diff.compare("huge", &schema, &text, &Options::SPEC);
    }
    diff.assert_ok("huge inputs");
}

/// Valid calls with random bytes replaced, inserted or removed: whatever the
/// text becomes, the same answer as parse-then-validate.
#[test]
fn mutated_calls() {
    let (_, schema) = schema();
    let calls = [
        r#"{"city":"Oslo","unit":"celsius","n":12,"x":0.25,"z":-1.5,"tags":["a","bc"],"open":{"k":[1,2.5,"s",null,true,false,{"q":"\u00e9"}]},"deep":[1,[2,[3]],[]]}"#,
        r#"{ "city" : "O\u0073lo\n" , "unit" : "\ud83d\ude00" , "n" : -5 , "x" : -0.2 , "deep" : [ [ [ 0 ] ] ] }"#,
    ];
    let alphabet: &[u8] = b"{}[]:,\"\\ 0123456789-+.eEtrufalsn\t\nuD8x\x01";
    let mut rng = Rng(1717);
    let mut diff = Diff::default();
    for call in calls {
        for _ in 0..3000 {
            let mut bytes = call.as_bytes().to_vec();
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(bytes.len());
                let b = *rng.pick(alphabet);
                match rng.below(3) {
                    0 => bytes[at] = b,
                    1 => bytes.insert(at, b),
                    _ => {
                        bytes.remove(at);
                    }
                }
            }
            let Ok(text) = String::from_utf8(bytes) else {
                continue;
            };
            diff.compare("mutated", &schema, &text, &FEW[rng.below(FEW.len())]);
        }
    }
    diff.assert_ok("mutated calls");
    assert!(diff.valid > 100, "{} valid calls", diff.valid);
}
