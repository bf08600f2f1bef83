//! The literal front end: tokens and file text, each value and key at its span.

use super::file::TextScan;
use super::tokens::Parser;
use super::*;
use crate::spans::SpanMap;
use proc_macro2::{Delimiter, Group, Literal, Span, TokenStream, TokenTree};
use quote::quote;
use serde_json::Value;

fn tokens(src: &str) -> TokenStream {
    src.parse()
        .unwrap_or_else(|e| panic!("not Rust tokens: {src}: {e}"))
}

fn parse(src: &str) -> Result<(Value, SpanMap), syn::Error> {
    parse_value(tokens(src), Span::call_site())
}

fn ok(src: &str) -> (Value, SpanMap) {
    match parse(src) {
        Ok(parsed) => parsed,
        Err(e) => panic!("{src}: unexpected errors: {:?}", messages(e)),
    }
}

fn value(src: &str) -> Value {
    ok(src).0
}

fn messages(error: syn::Error) -> Vec<String> {
    error.into_iter().map(|e| e.to_string()).collect()
}

fn errors(src: &str) -> Vec<String> {
    match parse(src) {
        Ok((v, _)) => panic!("{src}: expected errors, parsed {v}"),
        Err(e) => messages(e),
    }
}

/// The single error of `src`.
fn error(src: &str) -> String {
    let all = errors(src);
    assert_eq!(all.len(), 1, "{src}: expected one error, got {all:?}");
    all.into_iter().next().unwrap_or_default()
}

/// The same text read by serde_json.
fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn value_text(spans: &SpanMap, pointer: &str) -> Option<String> {
    spans.value_text(pointer)
}

fn key_text(spans: &SpanMap, pointer: &str) -> Option<String> {
    spans.key_text(pointer)
}

const WEATHER: &str = r#"{
    "type": "object",
    "properties": {
        "city": { "type": "string", "description": "City name" },
        "days": { "type": "integer", "minimum": -1, "maximum": 1.5e3 },
        "unit": { "type": "string", "enum": ["celsius", "fahrenheit", null, true] }
    },
    "required": ["city"]
}"#;

// ---- values ----

#[test]
fn scalars() {
    assert_eq!(value("true"), Value::Bool(true));
    assert_eq!(value("false"), Value::Bool(false));
    assert_eq!(value("null"), Value::Null);
    assert_eq!(value(r#""plain""#), json(r#""plain""#));
    assert_eq!(
        value(r#""tab\tquote\"nl\nuni\u{e9}""#),
        Value::String("tab\tquote\"nl\nuni\u{e9}".into())
    );
    assert_eq!(value(r#"r"raw \n""#), Value::String("raw \\n".into()));
    assert_eq!(
        value(r##"r#"say "hi""#"##),
        Value::String("say \"hi\"".into())
    );
    assert_eq!(value(r#""größe 名前""#), Value::String("größe 名前".into()));
    assert_eq!(value(r#""""#), Value::String(String::new()));
}

#[test]
fn numbers_keep_integer_or_float() {
    for text in [
        "0",
        "3",
        "-7",
        "3.0",
        "-0",
        "-0.0",
        "1e3",
        "1E3",
        "1e+3",
        "1.5e-3",
        "-1.5e3",
        "2.5",
        "-7.25",
        "18446744073709551615",
        "-9223372036854775808",
        "1e-2",
        "0.5",
    ] {
        let v = value(text);
        let expected = json(text);
        assert_eq!(v, expected, "{text}");
        let (Value::Number(got), Value::Number(want)) = (&v, &expected) else {
            panic!("{text}: not a number: {v}");
        };
        assert_eq!(got.is_f64(), want.is_f64(), "{text}");
        assert_eq!(got.to_string(), want.to_string(), "{text}");
    }
    assert!(value("3").as_u64() == Some(3));
    assert!(value("3.0").is_f64());
    assert_eq!(value("-7").as_i64(), Some(-7));
    assert!(value("1e3").is_f64());
    assert_eq!(value("1e3").as_f64(), Some(1000.0));
    // serde_json reads `-0` as the float -0.0; so do we.
    assert!(value("-0").is_f64());
    // `- 1` is two tokens whichever way it is spaced.
    assert_eq!(value("- 1"), json("-1"));
}

#[test]
fn weather_example() {
    let (v, _) = ok(WEATHER);
    assert_eq!(v, json(WEATHER));
    assert!(v["properties"]["days"]["minimum"].is_i64());
    assert!(v["properties"]["days"]["maximum"].is_f64());
}

#[test]
fn nesting_and_empty_groups() {
    assert_eq!(value("{}"), json("{}"));
    assert_eq!(value("[]"), json("[]"));
    let text = r#"[[], {}, [[1, [2, {"a": [{}]}]]], {"b": {"c": {"d": []}}}]"#;
    assert_eq!(value(text), json(text));
}

#[test]
fn key_order_is_preserved() {
    let v = value(r#"{"zeta": 1, "alpha": 2, "mid": 3, "": 4}"#);
    let keys: Vec<&str> = v
        .as_object()
        .map(|m| m.keys().map(String::as_str).collect())
        .unwrap_or_default();
    assert_eq!(keys, ["zeta", "alpha", "mid", ""]);
}

#[test]
fn quote_input() {
    let input = quote!({ "a": [1, 2.5, null, -3], "b": { "c": "d" } });
    let (v, _) = parse_value(input, Span::call_site()).expect("valid");
    assert_eq!(v, json(r#"{"a": [1, 2.5, null, -3], "b": {"c": "d"}}"#));
}

#[test]
fn invisible_groups_are_transparent() {
    // What macro_rules! makes of `$x:expr` / `$k:literal`: `None`-delimited groups.
    let none = |ts: TokenStream| TokenTree::Group(Group::new(Delimiter::None, ts));
    let key = none(quote!("k"));
    let minus_one = none(quote!(-1));
    let nested = none(TokenStream::from(none(quote!([true]))));
    let input = quote!({ #key: #minus_one, "n": #nested });
    let (v, spans) = parse_value(input, Span::call_site()).expect("valid");
    assert_eq!(v, json(r#"{"k": -1, "n": [true]}"#));
    assert_eq!(value_text(&spans, "/k").as_deref(), Some("-1"));
    // The whole input in an invisible group.
    let whole = TokenStream::from(none(quote!({ "a": 1 })));
    let (v, _) = parse_value(whole, Span::call_site()).expect("valid");
    assert_eq!(v, json(r#"{"a": 1}"#));
}

#[test]
fn negative_literal_tokens() {
    // Literals built by other macros may carry their sign: a single `-5` token.
    // (Streams outside a real macro split it into `-` and `5`, so call the
    // literal reader directly.)
    let mut parser = Parser {
        spans: SpanMap::new(Span::call_site()),
        errors: None,
    };
    let lit = Literal::i32_unsuffixed(-5);
    assert_eq!(lit.to_string(), "-5");
    assert_eq!(parser.literal(&lit, None), json("-5"));
    let lit = Literal::f64_unsuffixed(-2.5);
    assert_eq!(parser.literal(&lit, None), json("-2.5"));
    assert!(parser.errors.is_none());
    // With a `-` token before it as well, it is not a JSON number.
    let lit = Literal::i32_unsuffixed(-5);
    assert_eq!(parser.literal(&lit, Some(Span::call_site())), Value::Null);
    let e = parser.errors.take().map(messages).unwrap_or_default();
    assert_eq!(e, ["`--5` is not a JSON number: invalid number"]);
    // Through a stream.
    let lit = Literal::i32_unsuffixed(-5);
    let (v, _) = parse_value(quote!([#lit]), Span::call_site()).expect("valid");
    assert_eq!(v, json("[-5]"));
    let e = parse_value(quote!([-#lit]), Span::call_site()).expect_err("error");
    assert_eq!(e.into_iter().count(), 1);
}

// ---- spans ----

#[test]
fn spans_of_values_and_keys() {
    let (_, spans) = ok(WEATHER);
    assert!(value_text(&spans, "").is_some_and(|t| t.starts_with('{')));
    assert_eq!(value_text(&spans, "/type").as_deref(), Some("\"object\""));
    assert_eq!(key_text(&spans, "/type").as_deref(), Some("\"type\""));
    assert_eq!(
        value_text(&spans, "/properties/days/minimum").as_deref(),
        Some("-1")
    );
    assert_eq!(
        key_text(&spans, "/properties/days/minimum").as_deref(),
        Some("\"minimum\"")
    );
    assert_eq!(
        value_text(&spans, "/properties/days/maximum").as_deref(),
        Some("1.5e3")
    );
    assert_eq!(
        value_text(&spans, "/properties/unit/enum/2").as_deref(),
        Some("null")
    );
    assert_eq!(
        value_text(&spans, "/properties/unit/enum/3").as_deref(),
        Some("true")
    );
    assert_eq!(
        value_text(&spans, "/required/0").as_deref(),
        Some("\"city\"")
    );
    assert!(value_text(&spans, "/required").is_some_and(|t| t.starts_with('[')));
    assert!(value_text(&spans, "/properties/city").is_some_and(|t| t.starts_with('{')));

    // Every value has a span; keys only for object members.
    for pointer in [
        "",
        "/type",
        "/properties",
        "/properties/city",
        "/properties/city/type",
        "/properties/city/description",
        "/properties/days",
        "/properties/days/type",
        "/properties/days/minimum",
        "/properties/days/maximum",
        "/properties/unit",
        "/properties/unit/type",
        "/properties/unit/enum",
        "/properties/unit/enum/0",
        "/properties/unit/enum/1",
        "/properties/unit/enum/2",
        "/properties/unit/enum/3",
        "/required",
        "/required/0",
    ] {
        assert!(spans.value_span(pointer).is_some(), "{pointer}");
        let is_member = !pointer.is_empty() && !pointer.ends_with(|c: char| c.is_ascii_digit());
        assert_eq!(spans.key_span(pointer).is_some(), is_member, "{pointer}");
    }
    assert_eq!(spans.pointers().len(), 19);
    assert!(spans.value_span("/properties/nope").is_none());
    assert!(spans.key_span("").is_none());
    assert!(spans.key_span("/required/0").is_none());
    assert!(spans.key_span("/properties/nope").is_none());
}

#[test]
fn best_falls_back_to_the_nearest_ancestor() {
    let (_, spans) = ok(WEATHER);
    let nearest = |p: &str| spans.nearest(p).map(str::to_owned);
    assert_eq!(
        nearest("/properties/days/minimum").as_deref(),
        Some("/properties/days/minimum")
    );
    assert_eq!(nearest("/properties/nope").as_deref(), Some("/properties"));
    assert_eq!(
        nearest("/properties/nope/type/0").as_deref(),
        Some("/properties")
    );
    assert_eq!(
        nearest("/properties/city/pattern").as_deref(),
        Some("/properties/city")
    );
    assert_eq!(nearest("/required/5").as_deref(), Some("/required"));
    assert_eq!(nearest("/additionalProperties").as_deref(), Some(""));
    assert_eq!(nearest("").as_deref(), Some(""));
    assert_eq!(nearest("garbage").as_deref(), Some(""));
    // `best` answers the span nearest() found, and never panics.
    for p in ["", "/", "//", "/properties/nope", "~", "/~2/x"] {
        let _ = spans.best(p);
    }
    let empty = SpanMap::new(Span::call_site());
    assert!(empty.nearest("/a/b").is_none());
    let _ = empty.best("/a/b");
}

#[test]
fn pointers_are_escaped() {
    let (v, spans) = ok(r#"{"a/b": {"c~d": 1, "": [true]}, "~1": 2}"#);
    assert_eq!(v["a/b"]["c~d"], json("1"));
    assert_eq!(value_text(&spans, "/a~1b/c~0d").as_deref(), Some("1"));
    assert_eq!(key_text(&spans, "/a~1b/c~0d").as_deref(), Some("\"c~d\""));
    assert_eq!(
        value_text(&spans, "/a~1b/").map(|t| t.starts_with('[')),
        Some(true)
    );
    assert_eq!(value_text(&spans, "/a~1b//0").as_deref(), Some("true"));
    assert_eq!(value_text(&spans, "/~01").as_deref(), Some("2"));
    assert!(spans.value_span("/a/b").is_none());
}

// ---- errors ----

#[test]
fn identifier_keys() {
    assert_eq!(
        error(r#"{type: "object"}"#),
        r#"JSON object keys must be string literals: write "type""#
    );
    assert_eq!(
        error(r#"{r#type: "object"}"#),
        r#"JSON object keys must be string literals: write "type""#
    );
    assert_eq!(
        error("{1: true}"),
        r#"JSON object keys must be string literals: write "1""#
    );
    assert_eq!(
        error("{'a': true}"),
        r#"JSON object keys must be double-quoted strings: write "a""#
    );
    assert!(error("{[1]: true}").starts_with("expected a `\"key\": value` member, found `[ ... ]`"));
    // A mistaken key does not hide errors in its value.
    assert_eq!(errors("{type: True}").len(), 2);
}

#[test]
fn misspelled_literals() {
    assert_eq!(
        error("True"),
        "`True` is not a JSON value: did you mean `true`?"
    );
    assert_eq!(
        error("FALSE"),
        "`FALSE` is not a JSON value: did you mean `false`?"
    );
    assert_eq!(
        error("None"),
        "`None` is not a JSON value: did you mean `null`?"
    );
    assert_eq!(
        error("[nil]"),
        "`nil` is not a JSON value: did you mean `null`?"
    );
    assert_eq!(
        error("[Null]"),
        "`Null` is not a JSON value: did you mean `null`?"
    );
    assert_eq!(
        error(r#"{"a": celsius}"#),
        r#"expected a JSON value, found `celsius`: strings must be quoted, write "celsius""#
    );
    assert_eq!(
        error("[vec![1]]"),
        "expected a JSON value, found the macro call `vec!`: write the JSON value itself"
    );
    // A path is one error, not one per token.
    assert_eq!(errors(r#"{"a": Unit::Celsius, "b": 1}"#).len(), 1);
}

#[test]
fn bad_numbers() {
    assert_eq!(
        error("3u8"),
        "`3u8` is not a JSON number: the type suffix `u8` is not allowed; write `3`"
    );
    assert_eq!(
        error("1.0f64"),
        "`1.0f64` is not a JSON number: the type suffix `f64` is not allowed; write `1.0`"
    );
    assert_eq!(
        error("1_000"),
        "`1_000` is not a JSON number: digit separators `_` are not allowed; write `1000`"
    );
    assert_eq!(
        error("0xFF"),
        "`0xFF` is not a JSON number: hexadecimal notation is not allowed; write `255`"
    );
    assert_eq!(
        error("-0o17"),
        "`-0o17` is not a JSON number: octal notation is not allowed; write `-15`"
    );
    assert_eq!(
        error("0b101"),
        "`0b101` is not a JSON number: binary notation is not allowed; write `5`"
    );
    assert_eq!(
        error("0x1_0u16"),
        "`0x1_0u16` is not a JSON number: the type suffix `u16` is not allowed, \
         hexadecimal notation is not allowed, digit separators `_` are not allowed; write `16`"
    );
    assert_eq!(
        error("007"),
        "`007` is not a JSON number: leading zeros are not allowed; write `7`"
    );
    assert_eq!(
        error("[1.]"),
        "`1.` is not a JSON number: a decimal point must be followed by digits; write `1.0`"
    );
    assert_eq!(
        error("1e400"),
        "`1e400` is not a JSON number: number out of range"
    );
    assert_eq!(
        error("18446744073709551616"),
        "`18446744073709551616` is not a JSON number: integers must fit in 64 bits \
         (-9223372036854775808 to 18446744073709551615)"
    );
    assert!(error("-9223372036854775809").contains("integers must fit in 64 bits"));
    assert_eq!(
        error("+1"),
        "a JSON number cannot start with `+`: write `1`"
    );
    assert_eq!(error(r#"-"a""#), "`-` can only come before a number");
    assert_eq!(error("-true"), "expected a number after `-`, found `true`");
    assert_eq!(error("[-]"), "expected a number after `-`, found `]`");
    assert_eq!(
        error("-"),
        "expected a number after `-`, found end of input"
    );
}

#[test]
fn other_tokens() {
    assert_eq!(
        error("'x'"),
        r#"character literals are not JSON: write the string "x""#
    );
    assert_eq!(
        error(r#"b"abc""#),
        r#"byte strings are not JSON strings: write "abc""#
    );
    assert_eq!(
        error("b'a'"),
        "byte literals are not JSON: write a number or a string"
    );
    assert_eq!(
        error("(1)"),
        "parentheses are not JSON: write an array `[...]` or an object `{...}`"
    );
    assert_eq!(error("[#]"), "expected a JSON value, found `#`");
    assert_eq!(error("[;]"), "expected a JSON value, found `;`");
    assert_eq!(error("[1, &]"), "expected a JSON value, found `&`");
    assert_eq!(error(r#""a"x"#), "unexpected suffix `x` on a JSON string");
    assert_eq!(
        error(r#"{"a"x: 1}"#),
        "unexpected suffix `x` on a JSON string"
    );
    assert_eq!(error(""), "expected a JSON value, found end of input");
    assert_eq!(error("{} {}"), "unexpected `{ ... }` after the JSON value");
    assert_eq!(error("1 2"), "unexpected `2` after the JSON value");
}

#[test]
fn doc_comments_inside() {
    let src = "{\n/// The city.\n\"city\": 1, \"b\": [\n//! inner\n2] }";
    let all = errors(src);
    assert_eq!(all.len(), 2, "{all:?}");
    assert!(all
        .iter()
        .all(|m| m.starts_with("doc comments and attributes are not allowed")));
}

#[test]
fn duplicate_keys() {
    assert_eq!(
        error(r#"{"city": 1, "city": 2}"#),
        r#"duplicate key "city""#
    );
    // Once per repetition, and nested objects have their own keys.
    let all = errors(r#"{"a": {"a": 1}, "a": 2, "a": {"x": 1, "x": 2}}"#);
    assert_eq!(
        all,
        [
            r#"duplicate key "a""#,
            r#"duplicate key "a""#,
            r#"duplicate key "x""#
        ]
    );
    // `"a"` and `r"a"` are the same key.
    assert_eq!(error(r#"{"a": 1, r"a": 2}"#), r#"duplicate key "a""#);
}

#[test]
fn missing_colon() {
    assert_eq!(
        error(r#"{"a" 1}"#),
        r#"expected `:` after key "a", found `1`"#
    );
    assert_eq!(
        error(r#"{"a"}"#),
        r#"expected `:` and a value after key "a""#
    );
    assert_eq!(
        error(r#"{"a" = 1}"#),
        r#"expected `:` after key "a", found `=`"#
    );
    assert_eq!(
        error(r#"{"a" => 1}"#),
        r#"expected `:` after key "a", found `=>`"#
    );
    assert_eq!(error(r#"{"a" :: 1}"#), "expected a JSON value, found `:`");
    // Parsing goes on with the next member.
    assert_eq!(errors(r#"{"a" 1, "b": True}"#).len(), 2);
}

#[test]
fn missing_value() {
    assert_eq!(error(r#"{"a": }"#), "expected a JSON value, found `}`");
    assert_eq!(
        error(r#"{"a": , "b": 1}"#),
        "expected a JSON value, found `,`"
    );
    assert_eq!(error("[,1]"), "expected a JSON value, found `,`");
    assert_eq!(error("[1,,2]"), "expected a JSON value, found `,`");
    assert_eq!(
        error(r#"{, "a": 1}"#),
        "expected a `\"key\": value` member, found `,`"
    );
}

#[test]
fn missing_comma() {
    assert_eq!(error(r#"{"a": 1 "b": 2}"#), r#"missing `,` before `"b"`"#);
    assert_eq!(
        error("[1 2]"),
        "missing `,` between array elements, before `2`"
    );
    assert_eq!(error(r#"{"a": 1 foo}"#), "expected `,` or `}`, found `foo`");
    assert_eq!(error("[1 :]"), "expected `,` or `]`, found `:`");
    // Both values after a missing comma are still read and checked.
    let all = errors(r#"{"a": 1 "b": True "c": 3u8}"#);
    assert_eq!(all.len(), 4, "{all:?}");
    let all = errors("[1 True {} 3u8]");
    assert_eq!(all.len(), 5, "{all:?}");
}

#[test]
fn trailing_commas() {
    assert_eq!(error("[1, 2,]"), "trailing comma is not allowed in JSON");
    assert_eq!(
        error(r#"{"a": 1,}"#),
        "trailing comma is not allowed in JSON"
    );
    assert_eq!(errors(r#"{"a": [{},],}"#).len(), 2);
}

#[test]
fn many_errors_together() {
    let src = r#"{
        type: "object",
        "a": True,
        "b": 1 "c": 2,
        "d": [1, 2,],
        "e": 3u8,
        "a": null,
        "f" 5,
        "g": {"h": None, "i": 0x10,},
    }"#;
    let all = errors(src);
    assert_eq!(
        all,
        [
            r#"JSON object keys must be string literals: write "type""#,
            "`True` is not a JSON value: did you mean `true`?",
            r#"missing `,` before `"c"`"#,
            "trailing comma is not allowed in JSON",
            "`3u8` is not a JSON number: the type suffix `u8` is not allowed; write `3`",
            r#"duplicate key "a""#,
            r#"expected `:` after key "f", found `5`"#,
            "`None` is not a JSON value: did you mean `null`?",
            "`0x10` is not a JSON number: hexadecimal notation is not allowed; write `16`",
            "trailing comma is not allowed in JSON",
            "trailing comma is not allowed in JSON",
        ]
    );
    let error = parse(src).expect_err("errors");
    assert_eq!(error.into_iter().count(), 11);
}

#[test]
fn too_deep() {
    let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
    assert!(error(&deep).starts_with("JSON nesting is too deep"));
    let fine = format!("{}{}", "[".repeat(127), "]".repeat(127));
    assert_eq!(value(&fine), json(&fine));
    // serde_json has the same limit.
    let over = format!("{}{}", "[".repeat(128), "]".repeat(128));
    assert!(serde_json::from_str::<Value>(&over).is_err());
    assert!(parse(&over).is_err());
}

/// Random token soup, with brackets balanced by construction: never a panic, and
/// the token parser agrees with `parse_text` (serde_json plus its duplicate-key and
/// 64-bit checks) on the same text, value for value.
#[test]
fn agrees_with_serde_json_on_random_input() {
    const ATOMS: [&str; 14] = [
        "\"a\"", "\"b\"", "1", "0", "-", "2.5", "1e3", "true", "null", "x", ",", ":", ",", ":",
    ];
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |n: u64| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) % n
    };
    fn build(next: &mut dyn FnMut(u64) -> u64, depth: u32, out: &mut String) {
        for _ in 0..next(5) {
            match next(10) {
                0 | 1 if depth < 3 => {
                    out.push('{');
                    build(next, depth + 1, out);
                    out.push('}');
                }
                2 if depth < 3 => {
                    out.push('[');
                    build(next, depth + 1, out);
                    out.push(']');
                }
                _ => out.push_str(ATOMS[next(ATOMS.len() as u64) as usize]),
            }
        }
    }
    let mut accepted = 0;
    for _ in 0..30_000 {
        let mut text = String::new();
        build(&mut next, 0, &mut text);
        let Ok(stream) = text.parse::<TokenStream>() else {
            continue;
        };
        let from_tokens = parse_value(stream, Span::call_site());
        let from_text = parse_text(&text, Span::call_site());
        match (from_tokens, from_text) {
            (Ok((a, _)), Ok((b, _))) => {
                assert_eq!(a, b, "{text}");
                accepted += 1;
            }
            (Err(_), Err(_)) => {}
            (Ok((a, _)), Err(e)) => panic!("{text}: tokens gave {a}, text: {e}"),
            (Err(e), Ok((b, _))) => {
                panic!("{text}: text gave {b}, tokens: {:?}", messages(e))
            }
        }
    }
    assert!(accepted > 500, "only {accepted} valid samples");
}

// ---- parse_text ----

#[test]
fn text_success() {
    let (v, spans) = parse_text(WEATHER, Span::call_site()).expect("valid");
    assert_eq!(v, json(WEATHER));
    let (_, from_tokens) = ok(WEATHER);
    let mut pointers: Vec<&String> = spans.pointers();
    let mut token_pointers: Vec<&String> = from_tokens.pointers();
    pointers.sort();
    token_pointers.sort();
    assert_eq!(pointers, token_pointers);
    for pointer in pointers {
        assert!(spans.value_span(pointer).is_some());
        assert_eq!(
            spans.key_span(pointer).is_some(),
            from_tokens.key_span(pointer).is_some(),
            "{pointer}"
        );
    }
    assert_eq!(spans.nearest("/properties/nope"), Some("/properties"));

    let (v, spans) =
        parse_text("\u{feff}{\"a/b\": [1.0, -0, 7]}\n", Span::call_site()).expect("valid");
    assert_eq!(v, json("{\"a/b\": [1.0, -0, 7]}"));
    assert!(v["a/b"][0].is_f64() && v["a/b"][2].is_u64());
    assert!(spans.value_span("/a~1b/2").is_some());
    assert!(spans.key_span("/a~1b").is_some());
    assert!(spans.key_span("/a~1b/0").is_none());
    assert!(spans.key_span("").is_none());
}

#[test]
fn text_errors() {
    let message = |text: &str| {
        parse_text(text, Span::call_site())
            .err()
            .map(messages)
            .unwrap_or_else(|| panic!("{text}: expected an error"))
    };
    assert_eq!(
        message("{\"a\": 1,}"),
        ["invalid JSON: trailing comma at line 1 column 9"]
    );
    assert_eq!(
        message("{\"a\": tru}"),
        ["invalid JSON: expected ident at line 1 column 10"]
    );
    assert_eq!(
        message(""),
        ["invalid JSON: EOF while parsing a value at line 1 column 0"]
    );
    assert_eq!(
        message("{\n  \"a\": 1,\n  \"a\": 2\n}"),
        ["invalid JSON: duplicate key \"a\" at line 3 column 3"]
    );
    assert_eq!(
        message("[{\"x\": {}, \"\\u0078\": 1}]"),
        ["invalid JSON: duplicate key \"x\" at line 1 column 12"]
    );
    assert_eq!(
        message("{\"n\": [18446744073709551616]}"),
        ["invalid JSON: integer 18446744073709551616 does not fit in 64 bits at line 1 column 8"]
    );
    // Same key in different objects, and big floats, are fine.
    assert!(parse_text(r#"{"a": {"a": 1e300}, "b": {"a": 2}}"#, Span::call_site()).is_ok());
}

#[test]
fn text_scan_never_panics_or_hangs() {
    // The scan only ever sees valid JSON, but it must not misbehave on anything.
    for text in [
        "", "{", "[", "\"", "\"\\", "{\"a\"", "{\"a\":", "[1,", "}", "]", ":", "{1}", "[}", "é",
        "{\"é\\",
    ] {
        let _ = TextScan { text, pos: 0 }.value();
    }
}
