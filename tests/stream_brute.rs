//! Soundness of the streaming checker by brute force, on small schemas: for
//! every prefix it marks doomed (of seed calls, valid and not, and of random
//! token sequences), no completion of up to three tokens from the schema's
//! alphabet is a valid call; and a valid seed is never doomed. Then the byte
//! at which chosen calls are doomed: as soon as no continuation can be valid.

use serde_json::{json, Value};
use tool_schema::{Options, Schema, Undeclared};

/// A schema, the calls its prefixes are taken from, and the tokens that
/// complete them.
struct Case {
    schema: Value,
    seeds: &'static [&'static str],
    tokens: &'static [&'static str],
}

/// Tokens every completion may use.
const COMMON: &[&str] = &[
    "}", "]", ",", ":", "\"", "1", "-", ".5", "e", "{", "[", "null", "true", "\"a\"",
];

/// A closed object with more than 16 declared names (`n0` .. `n15`, `al`,
/// `alpha`, `alps`): its names are narrowed in sorted order.
fn many_names() -> Value {
    let mut props = serde_json::Map::new();
    for i in 0..16 {
        props.insert(format!("n{i}"), json!({"type": "integer"}));
    }
    for name in ["al", "alpha", "alps"] {
        props.insert(name.to_owned(), json!({"type": "integer"}));
    }
    json!({"type": "object", "properties": props, "additionalProperties": false})
}

fn cases() -> Vec<Case> {
    vec![
        Case {
            schema: json!({"type": "object", "properties": {
                "card": {"type": "string"}, "billing": {"type": "string"}},
                "dependentRequired": {"card": ["billing"]}}),
            seeds: &[
                r#"{"card": "a", "billing": "b"}"#,
                r#"{"billing": "b", "card": "a"}"#,
                r#"{"card": "a"}"#,
                r#"{"billing": "b"}"#,
                r#"{"card": "a", "x": 1}"#,
            ],
            tokens: &["\"card\":", "\"billing\":", "\"a\""],
        },
        Case {
            schema: many_names(),
            seeds: &[
                r#"{"alpha": 1, "alps": 2, "al": 3, "n15": 4}"#,
                r#"{"alpx": 1}"#,
                r#"{"alp": 1}"#,
                r#"{"n1": 1, "n16": 2}"#,
                r#"{"alphas": 1}"#,
            ],
            tokens: &["\"al", "pha\"", "ps\"", "\":", "\"n1", "5\"", "6"],
        },
        Case {
            schema: json!({"type": "object", "properties": {
                "unit": {"type": "string", "enum": ["celsius", "fahrenheit", "c"]},
                "days": {"type": "integer", "maximum": 16, "minimum": 1}},
                "required": ["unit"], "additionalProperties": false}),
            seeds: &[
                r#"{"unit": "celsius", "days": 3}"#,
                r#"{"unit": "Celsius"}"#,
                r#"{"unit": "c"}"#,
                r#"{"days": 30, "unit": "cel"}"#,
                r#"{"unitx": "c"}"#,
                r#"{"unit": "c", "unit": "c"}"#,
            ],
            tokens: &[
                "\"celsius\"",
                "\"c\"",
                "\"unit\":",
                "sius\"",
                "\"days\":",
                "elsius",
            ],
        },
        Case {
            schema: json!({"type": "object", "properties": {
                "name": {"type": "string", "maxLength": 3, "minLength": 2},
                "tags": {"type": "array", "items": {"type": "string", "const": "ab"},
                         "maxItems": 2, "minItems": 1}},
                "maxProperties": 2}),
            seeds: &[
                r#"{"name": "abc", "tags": ["ab"]}"#,
                r#"{"name": "abcd"}"#,
                r#"{"tags": ["ab", "ab", "ab"]}"#,
                r#"{"tags": []}"#,
                r#"{"tags": ["ax"]}"#,
                r#"{"name": "ab", "tags": ["ab"], "x": 1}"#,
                r#"{"name": "\u00e9\u00e9\u00e9\u00e9"}"#,
            ],
            tokens: &["\"ab\"", "\"tags\":", "\"name\":", "b\"", "c\""],
        },
        Case {
            schema: json!({"type": "object", "properties": {
                "shape": {"anyOf": [
                    {"type": "object", "properties": {"r": {"type": "number"}},
                     "required": ["r"], "additionalProperties": false},
                    {"type": "object", "properties": {"w": {"type": "integer"}},
                     "required": ["w"], "additionalProperties": false},
                    {"type": "string", "enum": ["dot"]}]},
                "mode": {"oneOf": [{"const": "a"}, {"type": "integer"}]}}}),
            seeds: &[
                r#"{"shape": {"r": 1.5}}"#,
                r#"{"shape": {"w": 2}, "mode": 3}"#,
                r#"{"shape": {"r": 1, "w": 2}}"#,
                r#"{"shape": "dox"}"#,
                r#"{"shape": [1]}"#,
                r#"{"mode": "b"}"#,
                r#"{"mode": 1.5}"#,
            ],
            tokens: &["\"r\":", "\"w\":", "\"dot\"", "2", "t\""],
        },
        Case {
            schema: json!({"type": "object",
                "$defs": {"pos": {"type": "integer", "minimum": 0}},
                "properties": {
                    "n": {"allOf": [{"$ref": "#/$defs/pos"}, {"maximum": 9}]},
                    "m": {"type": ["string", "null"], "pattern": "^a+$"}},
                "patternProperties": {"^x_": {"type": "boolean"}},
                "propertyNames": {"maxLength": 4},
                "additionalProperties": false}),
            seeds: &[
                r#"{"n": 3, "m": "aa", "x_1": true}"#,
                r#"{"n": -1}"#,
                r#"{"n": 10}"#,
                r#"{"m": "ab"}"#,
                r#"{"x_12": true}"#,
                r#"{"x_1": 1}"#,
                r#"{"y": null}"#,
                r#"{"m": null}"#,
            ],
            tokens: &["\"n\":", "\"m\":", "\"x_\":", "false", "a\"", "3"],
        },
        Case {
            schema: json!({"type": "object", "properties": {
                "code": {"type": "string", "pattern": "^a[b_]{1,2}$"},
                "id": {"anyOf": [{"type": "string", "pattern": "^ab"},
                                 {"type": "string", "pattern": "^b+$"}]},
                "w": {"type": "string", "pattern": "a$"}},
                "patternProperties": {"^x_[ab]$": {"type": "integer"}},
                "additionalProperties": false}),
            seeds: &[
                r#"{"code": "ab", "id": "abz", "x_a": 1, "w": "ba"}"#,
                r#"{"code": "ab_", "id": "bb"}"#,
                r#"{"code": "abc"}"#,
                r#"{"code": "b"}"#,
                r#"{"id": "bbx"}"#,
                r#"{"id": "ba"}"#,
                r#"{"x_c": 1}"#,
                r#"{"x_ab": 1}"#,
                r#"{"cod": 1}"#,
                r#"{"x": 1}"#,
                r#"{"w": "ab"}"#,
            ],
            tokens: &[
                "\"code\":",
                "\"id\":",
                "\"x_",
                "a\"",
                "b",
                "_",
                "\"w\":",
                "a\":",
            ],
        },
        Case {
            schema: json!({"type": "object", "properties": {
                "p": {"type": "object", "propertyNames": {"enum": ["ab", "ba", "abc"]}},
                "q": {"type": "object", "propertyNames": {"const": "aa"}},
                "r": {"type": "object",
                      "propertyNames": {"maxLength": 3, "pattern": "^[ab]"}}},
                "propertyNames": {"pattern": "^[pqr]$"}}),
            seeds: &[
                r#"{"p": {"ab": 1, "abc": 2}, "q": {"aa": 0}, "r": {"bxx": 1}}"#,
                r#"{"p": {"abd": 1}}"#,
                r#"{"p": {"b": 1}}"#,
                r#"{"q": {"ab": 1}}"#,
                r#"{"r": {"abcd": 1}}"#,
                r#"{"r": {"x": 1}}"#,
                r#"{"s": {}}"#,
                r#"{"pp": {}}"#,
            ],
            tokens: &[
                "\"p\":", "\"q\":", "\"r\":", "\"a", "\"b", "a", "b", "c\":", "\":",
            ],
        },
        Case {
            schema: json!({"type": "object", "properties": {
                "u": {"type": "array", "uniqueItems": true,
                      "items": {"type": ["string", "number", "array"]}},
                "c": {"type": "array", "contains": {"const": "a"}, "maxContains": 1},
                "v": {"anyOf": [{"type": "array", "uniqueItems": true},
                                {"type": "array", "maxItems": 3}]}}}),
            seeds: &[
                r#"{"u": ["a", 1, [1], [2]], "c": ["a", "b"], "v": [1, 1]}"#,
                r#"{"u": [1, 1.0]}"#,
                r#"{"u": ["a", "b", "a"]}"#,
                r#"{"u": [[1], [1]]}"#,
                r#"{"c": ["a", "b", "a"]}"#,
                r#"{"c": ["b"]}"#,
                r#"{"v": [1, 2, 1, 2]}"#,
                r#"{"v": [1, [2], 1]}"#,
            ],
            tokens: &[
                "\"u\":", "\"c\":", "\"v\":", "\"a\"", "1", "1.0", "[1]", ", ",
            ],
        },
        Case {
            schema: json!({"type": "object", "properties": {
                "x": {"type": "number", "maximum": 5},
                "i": {"type": "integer", "maximum": 12, "exclusiveMinimum": -3}}}),
            seeds: &[
                r#"{"x": 12e-1}"#,
                r#"{"x": 50}"#,
                r#"{"i": 12}"#,
                r#"{"i": 120}"#,
                r#"{"i": -3}"#,
                r#"{"i": -25}"#,
            ],
            tokens: &["\"x\":", "\"i\":", "e-1", "2", ".0", "0"],
        },
    ]
}

/// Every sequence of up to `depth` tokens, each appended to `prefix`.
fn completions(prefix: &str, tokens: &[&str], depth: usize, each: &mut impl FnMut(&str)) {
    each(prefix);
    if depth == 0 {
        return;
    }
    for t in tokens {
        completions(&format!("{prefix}{t}"), tokens, depth - 1, each);
    }
}

/// Whether `text` is a valid call.
fn valid(schema: &Schema, text: &str, options: &Options) -> bool {
    schema
        .validate_str(text, options)
        .is_ok_and(|r| r.is_valid())
}

/// Whether streaming `text` one byte at a time dooms it.
fn doomed(schema: &Schema, text: &str, options: &Options) -> bool {
    let mut checker = schema.stream(options);
    text.as_bytes()
        .chunks(1)
        .any(|b| checker.feed(b).is_doomed())
}

/// Random token sequences: prefixes of malformed and odd texts too.
fn random_texts(tokens: &[&str], count: usize, seed: u64) -> Vec<String> {
    let mut state = seed;
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize % n
    };
    (0..count)
        .map(|_| {
            let mut text = String::from("{");
            for _ in 0..next(8) {
                text.push_str(tokens[next(tokens.len())]);
            }
            text
        })
        .collect()
}

#[test]
fn no_completion_of_a_doomed_prefix_is_valid() {
    let options = [
        Options::default(),
        Options::default().undeclared(Undeclared::RejectAlways),
        Options::default().null_is_absent(true),
        Options::SPEC,
    ];
    let mut failures = Vec::new();
    let (mut doomed_prefixes, mut tried) = (0usize, 0usize);
    for (i, case) in cases().into_iter().enumerate() {
        let schema = Schema::parse(&case.schema).unwrap();
        let tokens: Vec<&str> = COMMON.iter().chain(case.tokens).copied().collect();
        let mut texts: Vec<String> = case.seeds.iter().map(|s| s.to_string()).collect();
        texts.extend(random_texts(&tokens, 60, i as u64 + 1));
        for options in &options {
            for seed in &texts {
                if valid(&schema, seed, options) && doomed(&schema, seed, options) {
                    failures.push(format!("case {i}: valid {seed} doomed"));
                }
                let mut ends: Vec<usize> = (1..=seed.len()).collect();
                ends.retain(|&e| seed.is_char_boundary(e));
                // The shortest doomed prefix: longer ones are its completions.
                let Some(&end) = ends.iter().find(|&&e| doomed(&schema, &seed[..e], options))
                else {
                    continue;
                };
                doomed_prefixes += 1;
                let prefix = &seed[..end];
                completions(prefix, &tokens, 3, &mut |text| {
                    tried += 1;
                    if valid(&schema, text, options) {
                        failures.push(format!("case {i}: {prefix:?} doomed, {text:?} is valid"));
                    }
                });
            }
        }
    }
    assert!(doomed_prefixes > 50, "{doomed_prefixes} doomed prefixes");
    assert!(
        failures.is_empty(),
        "{} failures ({tried} completions tried):\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}

#[test]
fn many_declared_names_are_narrowed_byte_by_byte() {
    let schema = Schema::parse(&many_names()).unwrap();
    let first_doomed = |text: &str| {
        let mut checker = schema.stream(&Options::default());
        (0..text.len()).find(|&i| checker.feed(&text.as_bytes()[i..=i]).is_doomed())
    };
    // No declared name starts with `alpx`: doomed at the `x`.
    assert_eq!(first_doomed(r#"{"alpx": 1}"#), Some(5));
    // `alphas` runs past `alpha`, the longest name it starts.
    assert_eq!(first_doomed(r#"{"alphas": 1}"#), Some(7));
    // `alp` is a prefix of two names: refused only when it closes.
    assert_eq!(first_doomed(r#"{"alp": 1}"#), Some(5));
    assert_eq!(first_doomed(r#"{"n15": 1, "alps": 2, "al": 3}"#), None);
    // In one chunk, the same byte.
    let mut checker = schema.stream(&Options::default());
    assert_eq!(
        checker.feed(br#"{"n1": 0, "alpx": 1}"#).doomed_at(),
        Some(14)
    );
}

#[test]
fn dependent_required_is_decided_at_the_close() {
    let schema = Schema::parse(&json!({"type": "object", "properties": {
        "card": {"type": "string"}, "billing": {"type": "string"}},
        "dependentRequired": {"card": ["billing"]}}))
    .unwrap();
    let options = Options::default();
    let text = r#"{"card": "a"}"#;
    let mut checker = schema.stream(&options);
    assert!(!checker.feed(&text.as_bytes()[..text.len() - 1]).is_doomed());
    let progress = checker.feed(b"}");
    assert_eq!(progress.doomed_at(), Some(text.len() - 1));
    let exact = schema.validate_str(text, &options).unwrap();
    assert_eq!(progress.report().unwrap().messages(), exact.messages());
    assert_eq!(checker.finish(), exact);
    // Valid: answered by the stream itself, as `validate_str` answers.
    let text = r#"{"card": "a", "billing": "b"}"#;
    let mut checker = schema.stream(&options);
    assert!(!checker.feed(text.as_bytes()).is_doomed());
    assert_eq!(
        checker.finish(),
        schema.validate_str(text, &options).unwrap()
    );
}

/// The byte at which `text`, fed one byte at a time, is doomed.
fn first_doomed(schema: &Schema, text: &str) -> Option<usize> {
    let mut checker = schema.stream(&Options::default());
    (0..text.len()).find(|&i| checker.feed(&text.as_bytes()[i..=i]).is_doomed())
}

#[test]
fn anchored_patterns_are_decided_as_soon_as_no_continuation_matches() {
    let schema = Schema::parse(&json!({"type": "object", "properties": {
        "date": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}$"},
        "word": {"type": "string", "pattern": "[0-9]$"}},
        "patternProperties": {"^x_[0-9]+$": {"type": "integer"}},
        "propertyNames": {"maxLength": 5},
        "additionalProperties": false}))
    .unwrap();
    // With the `regex` feature, patterns are decided at the string's close.
    let early = |at: usize, close: usize| Some(if cfg!(feature = "regex") { close } else { at });
    // The `/` where a digit must come.
    assert_eq!(
        first_doomed(&schema, r#"{"date": "2024/01"}"#),
        early(14, 17)
    );
    // Past the pattern's last character.
    assert_eq!(
        first_doomed(&schema, r#"{"date": "2024-011"}"#),
        early(17, 18)
    );
    // An unanchored pattern waits for the close.
    assert_eq!(first_doomed(&schema, r#"{"word": "ab"}"#), Some(12));
    // A name no declared name nor pattern can take: at its `y`.
    assert_eq!(first_doomed(&schema, r#"{"x_1y": 1}"#), early(5, 6));
    assert_eq!(first_doomed(&schema, r#"{"dx": 1}"#), early(3, 4));
    // `propertyNames: {maxLength: 5}`: at the sixth character.
    assert_eq!(first_doomed(&schema, r#"{"x_12345": 1}"#), Some(7));
    assert_eq!(
        first_doomed(&schema, r#"{"date": "2024-01", "x_12": 3}"#),
        None
    );
    // The violation is the pattern's, about the string as far as read.
    let mut checker = schema.stream(&Options::default());
    let progress = checker.feed(br#"{"date": "2024/""#);
    assert_eq!(progress.doomed_at(), early(14, 15));
    let words = progress.report().unwrap().messages().join("\n");
    assert!(words.contains("2024/"), "{words}");
    // `finish` gives `validate_str`'s report.
    let text = r#"{"date": "2024/01"}"#;
    let mut checker = schema.stream(&Options::default());
    checker.feed(text.as_bytes());
    assert_eq!(
        checker.finish(),
        schema.validate_str(text, &Options::default()).unwrap()
    );
}

#[test]
fn property_names_are_decided_at_the_name_prefix() {
    let schema = Schema::parse(&json!({"type": "object",
        "propertyNames": {"enum": ["alpha", "beta"]},
        "additionalProperties": {"type": "integer"}}))
    .unwrap();
    assert_eq!(first_doomed(&schema, r#"{"alpx": 1}"#), Some(5));
    assert_eq!(first_doomed(&schema, r#"{"alpha": 1, "b": 2}"#), Some(15));
    assert_eq!(first_doomed(&schema, r#"{"alpha": 1, "beta": 2}"#), None);
    let mut checker = schema.stream(&Options::default());
    let progress = checker.feed(br#"{"gamma"#);
    assert_eq!(progress.doomed_at(), Some(2));
    let words = progress.report().unwrap().messages().join("\n");
    assert!(words.contains("\"g\""), "{words}");
    // A closed root (tool-call mode, nothing declared) refuses the name at its
    // first byte, before `maxLength` could.
    let closed = Schema::parse(&json!({"type": "object",
        "propertyNames": {"maxLength": 2, "pattern": "^[a-z]"}}))
    .unwrap();
    let progress = closed.stream(&Options::default()).feed(br#"{"abcdef"#);
    assert_eq!(progress.doomed_at(), Some(2));
    let words = progress.report().unwrap().messages().join("\n");
    assert!(words.contains("unexpected argument 'a'"), "{words}");
    // Open: in one chunk, `maxLength` at the third character, though the
    // pattern test reads on.
    let schema = Schema::parse(&json!({"type": "object",
        "propertyNames": {"maxLength": 2, "pattern": "^[a-z]"},
        "additionalProperties": true}))
    .unwrap();
    let mut checker = schema.stream(&Options::default());
    let progress = checker.feed(br#"{"abcdef"#);
    assert_eq!(progress.doomed_at(), Some(4));
    let report = progress.report().unwrap();
    let words = report.messages().join("\n");
    assert!(words.contains("abc") && !words.contains("abcd"), "{words}");
    let json = serde_json::to_string(&report.violations()).unwrap();
    assert!(json.contains(r#""limit":2,"received":3"#), "{json}");
}

#[test]
fn unique_items_and_max_contains_are_decided_at_the_item() {
    let schema = Schema::parse(&json!({"type": "object", "properties": {
        "tags": {"type": "array", "uniqueItems": true},
        "picks": {"type": "array", "contains": {"type": "string"}, "maxContains": 2}}}))
    .unwrap();
    // The repeated item's close: its `"`, or the byte after a number.
    assert_eq!(
        first_doomed(&schema, r#"{"tags": ["a", "b", "a"]}"#),
        Some(22)
    );
    assert_eq!(first_doomed(&schema, r#"{"tags": [1, 2, 1.0]}"#), Some(19));
    // Objects and arrays as items wait for `finish`; scalars among them are compared.
    assert_eq!(first_doomed(&schema, r#"{"tags": [[1], [1]]}"#), None);
    assert_eq!(
        first_doomed(&schema, r#"{"tags": [1, [1], "1", 1]}"#),
        Some(24)
    );
    // The third string item matches `contains` once too often.
    assert_eq!(
        first_doomed(&schema, r#"{"picks": ["a", 1, "b", "c"]}"#),
        Some(26)
    );
    assert_eq!(
        first_doomed(&schema, r#"{"picks": ["a", 1, "b", 2]}"#),
        None
    );
    let text = r#"{"tags": ["x", "x"]}"#;
    let mut checker = schema.stream(&Options::default());
    let progress = checker.feed(text.as_bytes());
    assert_eq!(progress.doomed_at(), Some(17));
    let exact = schema.validate_str(text, &Options::default()).unwrap();
    assert_eq!(progress.report().unwrap().messages(), exact.messages());
    assert_eq!(checker.finish(), exact);
}
