//! `#[serde(alias = "...")]` on a field (issue #14): the property is read under
//! its name or any alias (the schema's `x-tool-schema-aliases`), a required one
//! is given by any of them, two names of one property at once are refused (as
//! serde refuses a duplicate field) with words the model can act on, and a value
//! under an alias is checked at the name the call wrote; alike in the compiled
//! validator, the interpreter and the text path. Every export names the property
//! alone. `rename_all` does not apply to an alias (serde's rule).

use serde::Deserialize;
use serde_json::{json, Value};
use tool_schema::export::{ExportOptions, Target, ToolExport};
use tool_schema::ToolArgsExt;
use tool_schema::{parse_str, tool_schema, Schema, ToolArgs};

/// Get the weather.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
struct Weather {
    /// City name
    #[serde(alias = "town", alias = "place")]
    city: String,
    /// Not renamed by `rename_all`: serde reads it as written.
    #[serde(alias = "max_temp_c")]
    max_temp: Option<f64>,
    #[serde(rename = "days", alias = "forecast_days")]
    #[arg(minimum = 1, maximum = 16)]
    days_ahead: Option<u8>,
}

/// Closed to other names: an alias is not one of them.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Closed {
    #[serde(alias = "q")]
    query: String,
    #[serde(default, alias = "n")]
    limit: u32,
}

/// Aliases in an internally tagged enum's struct variant.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(tag = "action", rename_all = "snake_case")]
enum Files {
    Move {
        #[serde(alias = "source")]
        from: String,
        #[serde(alias = "destination", alias = "dest")]
        to: String,
    },
    Delete {
        path: String,
    },
}

/// Nested: aliases below the arguments object.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Trip {
    stops: Vec<Weather>,
    files: Option<Files>,
}

tool_schema! {
    /// The keyword written by hand.
    pub Literal = {
        "type": "object",
        "properties": {
            "city": {"type": "string", "pattern": "^[A-Z]"},
            "days": {"type": "integer", "maximum": 16}
        },
        "required": ["city"],
        "additionalProperties": false,
        "x-tool-schema-aliases": {"city": ["town"], "days": ["d", "n"]}
    };
}

/// The report of `call` by the compiled validator, checked equal to the
/// interpreter's (fed `T::schema()`) and to the text path's: the messages.
fn messages<T: ToolArgs>(call: Value) -> Vec<String> {
    let compiled = T::validate(&call);
    let model = Schema::parse(T::schema()).unwrap();
    let interp = model.validate(&call);
    assert_eq!(compiled, interp, "{call}");
    assert_eq!(compiled.is_valid(), T::is_valid(&call), "{call}");
    let text = model
        .validate_str(&call.to_string(), &Default::default())
        .unwrap();
    assert_eq!(compiled, text, "text path: {call}");
    compiled.messages()
}

/// `parse_str` (the generated visitor or its exact path) and `parse` agree with
/// serde on `call`; the typed value when valid.
fn typed<T>(call: Value) -> Option<T>
where
    T: ToolArgs + for<'de> Deserialize<'de> + PartialEq + std::fmt::Debug + 'static,
{
    let text = call.to_string();
    let from_text = parse_str::<T>(&text);
    let generic = tool_schema::__private::parse_str_generic::<T>(&text, &Default::default());
    let serde = serde_json::from_value::<T>(call.clone());
    match T::parse(&call) {
        Ok(v) => {
            assert_eq!(from_text.as_ref().ok(), Some(&v), "{call}");
            assert_eq!(generic.as_ref().ok(), Some(&v), "{call}");
            assert_eq!(serde.as_ref().ok(), Some(&v), "{call}");
            Some(v)
        }
        Err(report) => {
            let Err(tool_schema::ParseError::Invalid(r)) = from_text else {
                panic!("parse_str accepts {call}");
            };
            assert_eq!(r, report, "{call}");
            let Err(tool_schema::ParseError::Invalid(r)) = generic else {
                panic!("the generic pass accepts {call}");
            };
            assert_eq!(r, report, "{call}");
            None
        }
    }
}

#[test]
fn the_schema_carries_the_aliases_beside_the_properties() {
    let schema = Weather::schema();
    assert_eq!(
        schema["x-tool-schema-aliases"],
        json!({"city": ["town", "place"], "maxTemp": ["max_temp_c"], "days": ["forecast_days"]})
    );
    let names: Vec<&String> = schema["properties"].as_object().unwrap().keys().collect();
    assert_eq!(names, ["city", "maxTemp", "days"]);
    assert_eq!(schema["required"], json!(["city"]));
}

#[test]
fn a_property_is_read_under_any_of_its_names() {
    for call in [
        json!({"city": "Oslo"}),
        json!({"town": "Oslo", "max_temp_c": 3.5}),
        json!({"place": "Oslo", "forecast_days": 3}),
        json!({"town": "Oslo", "maxTemp": 1, "days": 16}),
    ] {
        assert!(messages::<Weather>(call.clone()).is_empty(), "{call}");
        let w = typed::<Weather>(call).unwrap();
        assert_eq!(w.city, "Oslo");
    }
    // The generated visitor reads an alias itself (no exact path needed), and
    // leaves two names of one field to the exact path.
    const { assert!(Weather::__FAST_PATH && Closed::__FAST_PATH) };
    let fast =
        |text: &str| tool_schema::__private::fast_parse::<Weather>(text, &Default::default());
    assert_eq!(
        fast(r#"{"town": "Oslo", "forecast_days": 2}"#)
            .unwrap()
            .days_ahead,
        Some(2)
    );
    assert!(fast(r#"{"town": "Oslo", "city": "Rome"}"#).is_none());
    // `rename_all` does not reach an alias: serde does not read `maxTempC`.
    assert_eq!(
        messages::<Weather>(json!({"city": "Oslo", "maxTempC": 1})),
        ["unexpected argument 'maxTempC' (did you mean 'max_temp_c'?)"]
    );
}

#[test]
fn a_value_under_an_alias_is_checked_at_the_alias() {
    assert_eq!(
        messages::<Weather>(json!({"town": 7, "forecast_days": 20})),
        [
            "argument 'town' should be string, got integer",
            "argument 'forecast_days' should be at most 16, got 20"
        ]
    );
    let r = Weather::validate(&json!({"town": 7}));
    assert_eq!(r.violations()[0].path.to_pointer(), "/town");
    assert_eq!(
        typed::<Weather>(json!({"forecast_days": 0, "city": "x"})),
        None
    );
}

#[test]
fn two_names_of_one_argument_are_refused_as_serde_refuses_them() {
    for call in [
        json!({"city": "Oslo", "town": "Rome"}),
        json!({"place": "Oslo", "town": "Rome"}),
        json!({"city": "Oslo", "days": 2, "forecast_days": 2}),
    ] {
        assert!(
            serde_json::from_value::<Weather>(call.clone()).is_err(),
            "{call}"
        );
        assert_eq!(typed::<Weather>(call.clone()), None, "{call}");
        assert_eq!(messages::<Weather>(call.clone()).len(), 1, "{call}");
    }
    assert_eq!(
        messages::<Weather>(json!({"city": "Oslo", "town": "Rome", "place": 1})),
        [
            "argument 'place' should be string, got integer",
            "'city' and 'town' name the same argument: send one",
            "'city' and 'place' name the same argument: send one"
        ]
    );
    let r = Weather::validate(&json!({"city": "Oslo", "town": "Rome"}));
    let v = &r.violations()[0];
    assert_eq!(v.kind.code(), "same-argument");
    let report = tool_schema::json_report(&r);
    assert_eq!(report["violations"][0]["kind"], "same-argument");
    assert_eq!(report["violations"][0]["other"], "city");
    assert_eq!(report["violations"][0]["pointer"], "/town");
    let seed = tool_schema::seed::Format::Seed002.render(&r);
    assert_eq!(seed, ["same-argument:town"]);
    let _ = tool_schema::seed::Format::Seed003.render(&r);
    // Repair changes nothing it cannot decide (which name the model meant).
    let repaired = Weather::repair(&json!({"city": "Oslo", "town": "Rome"}));
    assert!(repaired.changes.is_empty(), "{:?}", repaired.changes);
}

#[test]
fn a_required_argument_is_given_by_any_name_and_missed_by_its_own() {
    assert_eq!(
        messages::<Weather>(json!({"days": 2})),
        ["missing required argument 'city'"]
    );
    assert_eq!(
        messages::<Closed>(json!({"n": 3})),
        ["missing required argument 'query'"]
    );
    assert_eq!(
        typed::<Closed>(json!({"q": "rust", "n": 3})),
        Some(Closed {
            query: "rust".into(),
            limit: 3
        })
    );
}

#[test]
fn an_alias_is_no_unknown_argument_and_did_you_mean_knows_them() {
    assert!(messages::<Closed>(json!({"q": "rust"})).is_empty());
    assert_eq!(
        messages::<Closed>(json!({"q": "rust", "nn": 1})),
        ["unexpected argument 'nn' (did you mean 'n'?)"]
    );
    // A property given under an alias is not offered again.
    assert_eq!(
        messages::<Weather>(json!({"town": "Oslo", "cty": "x"})),
        ["unexpected argument 'cty'"]
    );
    assert_eq!(
        messages::<Weather>(json!({"towm": "Oslo"})),
        [
            "missing required argument 'city'",
            "unexpected argument 'towm' (did you mean 'town'?)"
        ]
    );
}

#[test]
fn aliases_in_enum_variants_and_nested_objects() {
    let call = json!({"action": "move", "source": "a", "dest": "b"});
    assert!(messages::<Files>(call.clone()).is_empty());
    assert_eq!(
        typed::<Files>(call),
        Some(Files::Move {
            from: "a".into(),
            to: "b".into()
        })
    );
    assert_eq!(
        messages::<Files>(json!({"action": "move", "from": "a", "to": "b", "destination": "c"})),
        ["'to' and 'destination' name the same argument: send one"]
    );
    let call = json!({
        "stops": [{"town": "Oslo"}, {"city": "Rome", "place": "Pisa"}],
        "files": {"action": "move", "source": 1, "to": "b"}
    });
    assert_eq!(
        messages::<Trip>(call.clone()),
        [
            "'stops[1].city' and 'stops[1].place' name the same argument: send one",
            "argument 'files.source' should be string, got integer"
        ]
    );
    assert_eq!(typed::<Trip>(call), None);
    let ok = json!({"stops": [{"town": "Oslo", "forecast_days": 1}]});
    assert_eq!(messages::<Trip>(ok.clone()), Vec::<String>::new());
    assert_eq!(typed::<Trip>(ok).unwrap().stops[0].days_ahead, Some(1));
}

#[test]
fn a_literal_schema_with_the_keyword_compiles_as_it_interprets() {
    assert!(messages::<Literal>(json!({"town": "Oslo", "n": 3})).is_empty());
    assert_eq!(
        messages::<Literal>(json!({"d": 20, "n": 1, "towns": "x"})),
        [
            "missing required argument 'city'",
            "argument 'd' should be at most 16, got 20",
            "unexpected argument 'towns' (did you mean 'town'?)",
            "'d' and 'n' name the same argument: send one"
        ]
    );
    let m = messages::<Literal>(json!({"town": "oslo"}));
    assert!(
        m.len() == 1 && m[0].starts_with("argument 'town' should match"),
        "{m:?}"
    );
}

#[test]
fn every_export_names_the_properties_alone() {
    for target in Target::ALL {
        for (name, schema) in [
            (
                "weather",
                Weather::export_to(target, &ExportOptions::default()),
            ),
            (
                "closed",
                Closed::export_to(target, &ExportOptions::default()),
            ),
            (
                "literal",
                Literal::export_to(target, &ExportOptions::default()),
            ),
        ] {
            let text = schema.unwrap().value.to_string();
            for alias in [
                "town",
                "place",
                "max_temp_c",
                "forecast_days",
                "\"q\"",
                "\"n\"",
            ] {
                assert!(
                    !text.contains(alias),
                    "{target:?} {name}: {alias} in {text}"
                );
            }
            assert!(!text.contains("x-tool-schema-aliases"), "{target:?} {name}");
        }
    }
    let strict = Weather::openai_chat_strict().unwrap();
    let params = &strict["function"]["parameters"];
    assert_eq!(params["required"], json!(["city", "maxTemp", "days"]));
    assert_eq!(params["additionalProperties"], json!(false));
}

#[test]
fn the_toolbox_dispatches_under_an_alias_and_answers_a_clash() {
    use tool_schema::toolbox::{reply, Toolbox};
    let tools = Toolbox::new().tool(|w: Weather| format!("{}: 21 degrees", w.city));
    let turn = json!({"role": "assistant", "content": [
        {"type": "tool_use", "id": "t1", "name": "weather", "input": {"town": "Oslo"}},
        {"type": "tool_use", "id": "t2", "name": "weather", "input": {"city": "Oslo", "place": "Rome"}}
    ]});
    let results = tools.dispatch_turn(Target::Anthropic, &turn).unwrap();
    assert_eq!(
        reply(Target::Anthropic, results),
        json!({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "t1", "content": "Oslo: 21 degrees"},
            {"type": "tool_result", "tool_use_id": "t2", "is_error": true,
             "content": "'city' and 'place' name the same argument: send one"}
        ]})
    );
}
