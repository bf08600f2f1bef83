//! Suggestions (issue #15, item 1): an undeclared argument close to a declared
//! one, an `enum` or `const` miss close to one allowed value, an unknown tool
//! close to a known one, get "did you mean". The same structured suggestion in
//! every back end (generated code, the interpreter, the text path), in
//! `json_report`, and in the default words; the seed formats keep their words.

use serde::Deserialize;
use serde_json::{json, Value};
use std::time::Instant;
use tool_schema::seed::Format as SeedFormat;
use tool_schema::ToolArgsExt;
use tool_schema::{
    json_report, parse_str, tool_schema, Kind, Options, Report, Schema, Suggestion, ToolArgs,
};

tool_schema! {
    /// Get the weather for a city.
    pub Weather = {
        "type": "object",
        "properties": {
            "city": {"type": "string"},
            "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
            "format": {"type": "string"},
            "startDate": {"type": "string"},
            "place": {
                "type": "object",
                "properties": {
                    "country": {"type": "string"},
                    "region": {"type": "string", "const": "north"}
                },
                "additionalProperties": false
            }
        },
        "required": ["city"]
    }
}

/// Search the documents.
#[derive(ToolArgs, Deserialize, Debug)]
#[allow(dead_code)]
struct SearchDocs {
    /// What to look for.
    query: String,
    /// How many results.
    max_results: Option<u32>,
    /// The order.
    sort: Option<Sort>,
}

#[derive(ToolArgs, Deserialize, Debug)]
#[serde(rename_all = "lowercase")]
enum Sort {
    Relevance,
    Date,
}

/// The report of `call` against `T`, after checking that generated code, the
/// interpreter and the text path (both on a `Schema` and on `T`) agree on it,
/// suggestions included.
fn report<T: ToolArgs + 'static>(call: Value) -> Report {
    let schema = Schema::parse(T::schema()).unwrap();
    let options = Options::default();
    let compiled = T::validate_with(&call, &options);
    let interp = schema.validate_with(&call, &options);
    let text = schema.validate_str(&call.to_string(), &options).unwrap();
    let typed_text = T::validate_str(&call.to_string()).unwrap();
    assert_eq!(compiled, interp, "compiled vs interpreter on {call}");
    assert_eq!(text, interp, "text path vs interpreter on {call}");
    assert_eq!(
        typed_text, interp,
        "typed text path vs interpreter on {call}"
    );
    interp
}

/// The suggestions of a report, in order (`None` where a violation has none).
fn suggestions(r: &Report) -> Vec<Option<Suggestion>> {
    r.violations.iter().map(|v| v.suggestion.clone()).collect()
}

fn name(s: &str) -> Option<Suggestion> {
    Some(Suggestion::Name(s.into()))
}

#[test]
fn a_misspelt_required_argument_points_at_the_missing_one() {
    let r = report::<Weather>(json!({"citty": "Paris"}));
    assert_eq!(
        r.messages(),
        [
            "missing required argument 'city'",
            "unexpected argument 'citty' (did you mean 'city'?)",
        ]
    );
    assert_eq!(suggestions(&r), [None, name("city")]);
}

#[test]
fn optional_names_case_and_separators() {
    let r = report::<Weather>(json!({"city": "Oslo", "fromat": "json", "start_date": "x"}));
    assert_eq!(
        r.messages(),
        [
            "unexpected argument 'fromat' (did you mean 'format'?)",
            "unexpected argument 'start_date' (did you mean 'startDate'?)",
        ]
    );
    let r = report::<Weather>(json!({"City": "Oslo"}));
    assert_eq!(suggestions(&r), [None, name("city")]);
}

#[test]
fn names_far_from_every_declared_one_get_none() {
    let r = report::<Weather>(json!({"city": "Oslo", "weather": 1, "x": 2}));
    assert_eq!(suggestions(&r), [None, None]);
    assert_eq!(
        r.messages(),
        ["unexpected argument 'weather'", "unexpected argument 'x'"]
    );
}

#[test]
fn a_name_already_given_is_not_suggested() {
    // "units" is one letter from "unit", which the call already gives.
    let r = report::<Weather>(json!({"city": "Oslo", "unit": "celsius", "units": "c"}));
    assert_eq!(suggestions(&r), [None]);
}

#[test]
fn two_equally_close_names_give_none() {
    let schema = json!({
        "type": "object",
        "properties": {"bat": {}, "car": {}},
        "additionalProperties": false
    });
    let schema = Schema::parse(&schema).unwrap();
    let call = json!({"cat": 1});
    let r = schema.validate(&call);
    assert_eq!(r.violations[0].kind, Kind::Unexpected);
    assert_eq!(suggestions(&r), [None]);
    assert_eq!(
        schema
            .validate_str(&call.to_string(), &Options::default())
            .unwrap(),
        r
    );
}

#[test]
fn enum_and_const_misses_point_at_the_close_value() {
    let r =
        report::<Weather>(json!({"city": "Oslo", "unit": "Celsius", "place": {"region": "North"}}));
    assert_eq!(
        r.messages(),
        [
            "argument 'unit' should be one of \"celsius\", \"fahrenheit\", got \"Celsius\" (did you mean \"celsius\"?)",
            "argument 'place.region' should be \"north\", got \"North\" (did you mean \"north\"?)",
        ]
    );
    assert_eq!(
        suggestions(&r),
        [
            Some(Suggestion::Value(json!("celsius"))),
            Some(Suggestion::Value(json!("north")))
        ]
    );
    let r = report::<Weather>(json!({"city": "Oslo", "unit": "kelvin"}));
    assert_eq!(suggestions(&r), [None]);
}

#[test]
fn nested_objects_suggest_their_own_names() {
    let r = report::<Weather>(json!({"city": "Oslo", "place": {"contry": "NO", "city": "x"}}));
    assert_eq!(
        r.messages(),
        [
            "unexpected argument 'place.contry' (did you mean 'country'?)",
            // Declared at the top, not in `place`: no suggestion from there.
            "unexpected argument 'place.city'",
        ]
    );
}

#[test]
fn derived_types_suggest_in_parse_and_on_the_text_path() {
    let call = json!({"query": "q", "maxResults": 5, "sort": "DATE"});
    let r = report::<SearchDocs>(call.clone());
    assert_eq!(
        r.messages(),
        [
            "unexpected argument 'maxResults' (did you mean 'max_results'?)",
            "argument 'sort' should be one of \"relevance\", \"date\", got \"DATE\" (did you mean \"date\"?)",
        ]
    );
    let Err(tool_schema::ParseError::Invalid(parsed)) = parse_str::<SearchDocs>(&call.to_string())
    else {
        panic!("the call is invalid");
    };
    assert_eq!(parsed, r);
    assert_eq!(SearchDocs::parse(&call).unwrap_err(), r);
}

#[test]
fn json_report_carries_the_suggestion_and_seeds_keep_their_words() {
    let r = report::<Weather>(json!({"citty": "Paris", "unit": "Celsius"}));
    let j = json_report(&r);
    let entries = j["violations"].as_array().unwrap();
    assert_eq!(entries[0]["kind"], "missing");
    assert!(entries[0].get("suggestion").is_none());
    assert_eq!(entries[1]["kind"], "unexpected");
    assert_eq!(entries[1]["suggestion"], "city");
    assert_eq!(
        entries[1]["message"],
        "unexpected argument 'citty' (did you mean 'city'?)"
    );
    assert_eq!(entries[2]["kind"], "enum");
    assert_eq!(entries[2]["suggestion"], "celsius");
    // Seed 000 writes the default sentences without the suggestion.
    assert_eq!(
        SeedFormat::Seed000.render(&r),
        [
            "missing required argument 'city'",
            "unexpected argument 'citty'"
        ]
    );
}

#[test]
fn unknown_tools_suggest_a_known_one() {
    let schemas = json!({"get_weather": {"required": {"city": "str"}}, "search": {}});
    let out = tool_schema::seed::validate_call(
        &json!({"name": "get_wether", "args": {"city": "x"}}),
        &schemas,
    )
    .unwrap();
    assert_eq!(out, ["unknown_tool:get_wether"], "seed 001 keeps its code");
    let v = tool_schema::Violation::new(
        Kind::UnknownTool {
            name: "get_wether".into(),
            known: vec!["get_weather".into(), "search".into()],
        },
        Default::default(),
        Default::default(),
    );
    assert_eq!(v.suggestion, name("get_weather"));
    assert_eq!(
        v.to_string(),
        "unknown tool 'get_wether' (did you mean 'get_weather'?); available tools: 'get_weather', 'search'"
    );
}

/// Ten letters for `i`, far apart for different `i` (a small linear
/// congruential generator).
fn letters(i: u64) -> String {
    let mut x = i
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (0..10)
        .map(|_| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
            char::from(b'a' + ((x >> 33) % 26) as u8)
        })
        .collect()
}

/// A hostile call: 10,000 undeclared names against 1,000 declared ones, each
/// name one doubled letter from exactly one declared name, with no cap on the
/// violations kept. The suggestions' work is bounded per run, so the report comes
/// in time linear in the call; the first names still get their suggestion.
#[test]
fn many_undeclared_names_against_many_declared_cost_bounded_time() {
    let declared: Vec<String> = (0..1000).map(letters).collect();
    let properties: serde_json::Map<String, Value> =
        declared.iter().map(|n| (n.clone(), json!({}))).collect();
    let schema = json!({"type": "object", "properties": properties, "additionalProperties": false});
    let schema = Schema::parse(&schema).unwrap();
    let typo = |j: usize| {
        let (name, at) = (&declared[j % 1000], j / 1000);
        format!("{}{}", &name[..=at], &name[at..])
    };
    let call: serde_json::Map<String, Value> = (0..10_000).map(|j| (typo(j), json!(1))).collect();
    // (A doubled letter next to the same letter gives the same name twice.)
    let n = call.len();
    assert!(n > 9_000, "{n}");
    let call = Value::Object(call);
    let options = Options::default().max_violations(usize::MAX);
    let started = Instant::now();
    let r = schema.validate_with(&call, &options);
    let spent = started.elapsed();

    assert_eq!(r.violations.len(), n);
    assert!(r.violations.iter().all(|v| v.kind == Kind::Unexpected));
    assert_eq!(r.violations[0].suggestion, name(&declared[0]));
    let suggested = r
        .violations
        .iter()
        .filter(|v| v.suggestion.is_some())
        .count();
    assert!(suggested < n, "the work per run is bounded");
    eprintln!("{n} undeclared names, 1000 declared: {spent:?}, {suggested} suggested");
    // Generous for a debug build on a busy machine; unbounded work takes minutes.
    assert!(spent.as_secs() < 20, "took {spent:?}");
    let text = schema.validate_str(&call.to_string(), &options).unwrap();
    assert_eq!(text, r);
}

tool_schema! {
    /// An enum written as a `oneOf` of `const`s (schemars 1.x, rmcp).
    pub Modes = {
        "type": "object",
        "properties": {
            "mode": {"oneOf": [{"const": "fast"}, {"const": "slow"}]}
        }
    }
}

#[test]
fn enums_written_as_one_of_consts_suggest_too() {
    let r = report::<Modes>(json!({"mode": "FAST"}));
    assert_eq!(
        r.messages(),
        ["argument 'mode' should be one of \"fast\", \"slow\", got \"FAST\" (did you mean \"fast\"?)"]
    );
    let r = report::<Modes>(json!({"mode": "medium"}));
    assert_eq!(suggestions(&r), [None]);
}
