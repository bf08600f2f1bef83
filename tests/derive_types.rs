//! `#[derive(ToolArgs)]`: the type mapping, nested types, attributes and serde's
//! attributes, with the keywords the schema model supports today. (Mappings that
//! need `minItems`, `uniqueItems`, `minLength`, ... are in `derive_keywords.rs`.)

use serde::Deserialize;
use serde_json::{json, Value};
use tool_schema::{Schema, ToolArgs};

/// Every scalar type.
#[derive(ToolArgs, Deserialize, Debug)]
#[allow(dead_code)]
struct Scalars {
    s: String,
    b: bool,
    u8_: u8,
    u16_: u16,
    u32_: u32,
    u64_: u64,
    u128_: u128,
    usize_: usize,
    i8_: i8,
    i16_: i16,
    i32_: i32,
    i64_: i64,
    i128_: i128,
    isize_: isize,
    f32_: f32,
    f64_: f64,
    any: Value,
    boxed: Box<u8>,
}

#[test]
fn scalar_types_and_integer_ranges() {
    let p = &Scalars::schema()["properties"];
    assert_eq!(p["s"], json!({"type": "string"}));
    assert_eq!(p["b"], json!({"type": "boolean"}));
    assert_eq!(
        p["u8_"],
        json!({"type": "integer", "minimum": 0, "maximum": 255})
    );
    assert_eq!(
        p["u16_"],
        json!({"type": "integer", "minimum": 0, "maximum": 65535})
    );
    assert_eq!(
        p["u32_"],
        json!({"type": "integer", "minimum": 0, "maximum": 4294967295u32})
    );
    // A JSON integer is at most u64::MAX: no maximum to write.
    assert_eq!(p["u64_"], json!({"type": "integer", "minimum": 0}));
    assert_eq!(p["u128_"], json!({"type": "integer", "minimum": 0}));
    // The 32-bit range on every target.
    assert_eq!(p["usize_"], p["u32_"]);
    assert_eq!(
        p["i8_"],
        json!({"type": "integer", "minimum": -128, "maximum": 127})
    );
    assert_eq!(
        p["i16_"],
        json!({"type": "integer", "minimum": -32768, "maximum": 32767})
    );
    assert_eq!(
        p["i32_"],
        json!({"type": "integer", "minimum": i32::MIN, "maximum": i32::MAX})
    );
    assert_eq!(p["i64_"], json!({"type": "integer", "maximum": i64::MAX}));
    assert_eq!(p["i128_"], json!({"type": "integer"}));
    assert_eq!(p["isize_"], p["i32_"]);
    // `f32::MAX` as Rust prints it: serde reads a larger number as an infinity.
    assert_eq!(
        p["f32_"],
        json!({"type": "number", "minimum": -3.4028235e38, "maximum": 3.4028235e38})
    );
    assert_eq!(p["f64_"], json!({"type": "number"}));
    assert_eq!(p["any"], json!({}));
    assert_eq!(p["boxed"], p["u8_"]);
    assert_eq!(Scalars::schema()["required"].as_array().unwrap().len(), 18);
}

#[test]
fn out_of_range_integers_are_violations_not_serde_errors() {
    let mut call = json!({
        "s": "x", "b": true, "u8_": 255, "u16_": 0, "u32_": 7, "u64_": u64::MAX, "u128_": 1,
        "usize_": 1, "i8_": -128, "i16_": 1, "i32_": 1, "i64_": i64::MIN, "i128_": -1,
        "isize_": -1, "f32_": 1.5, "f64_": 2, "any": null, "boxed": 3
    });
    assert!(Scalars::parse(&call).is_ok());
    call["u32_"] = json!(-1);
    call["u8_"] = json!(256);
    call["i64_"] = json!(u64::MAX);
    call["boxed"] = json!(2.0);
    let report = Scalars::parse(&call).unwrap_err();
    assert_eq!(
        report.messages(),
        [
            "argument 'u8_' should be at most 255, got 256",
            "argument 'u32_' should be at least 0, got -1",
            "argument 'i64_' should be at most 9223372036854775807, got 18446744073709551615",
            "argument 'boxed' should be integer, got number",
        ]
    );
}

/// Search the documentation.
///
/// Returns the best matches first.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[tool(name = "search-docs")]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SearchDocs {
    /// What to look for.
    query: String,
    /// How many results
    /// at most.
    #[arg(minimum = 1, maximum = 50, example = 10)]
    max_results: Option<u32>,
    #[arg(description = "Where to look.")]
    #[serde(default)]
    sections: Vec<Section>,
    #[serde(rename = "lang")]
    language: Option<String>,
    #[serde(skip)]
    cache_hits: u64,
    #[serde(skip_deserializing)]
    #[allow(dead_code)]
    internal: Option<std::time::Instant>,
    r#type: Option<Kind>,
}

/// A part of the documentation.
#[derive(ToolArgs, Deserialize, Debug, PartialEq, Clone, Copy)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
enum Section {
    Guide,
    ApiReference,
    #[serde(rename = "faq")]
    Faq,
    #[serde(skip)]
    #[allow(dead_code)]
    Internal,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq, Clone, Copy)]
enum Kind {
    Page,
    Symbol,
}

#[test]
fn attributes_and_serde_attributes() {
    assert_eq!(SearchDocs::NAME, "search-docs");
    assert_eq!(
        SearchDocs::DESCRIPTION,
        "Search the documentation.\n\nReturns the best matches first."
    );
    assert_eq!(
        SearchDocs::schema(),
        &json!({
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "What to look for."},
                "maxResults": {
                    "type": ["integer", "null"],
                    "description": "How many results\nat most.",
                    "minimum": 1,
                    "maximum": 50,
                    "examples": [10]
                },
                "sections": {
                    "type": "array",
                    "description": "Where to look.",
                    "items": {"type": "string", "enum": ["GUIDE", "API_REFERENCE", "faq"]}
                },
                "lang": {"type": ["string", "null"]},
                "type": {"anyOf": [{"type": "string", "enum": ["Page", "Symbol"]}, {"type": "null"}]}
            },
            "required": ["query"],
            "additionalProperties": false
        })
    );
    assert_eq!(Section::NAME, "section");
    assert_eq!(Section::DESCRIPTION, "A part of the documentation.");

    let args = SearchDocs::parse(&json!({
        "query": "derive", "maxResults": 5, "sections": ["GUIDE", "faq"], "lang": "en", "type": "Page"
    }))
    .unwrap();
    assert_eq!(args.max_results, Some(5));
    assert_eq!(args.sections, [Section::Guide, Section::Faq]);
    assert_eq!(args.language.as_deref(), Some("en"));
    assert_eq!(args.r#type, Some(Kind::Page));
    assert_eq!(args.cache_hits, 0);
    // `default`: left out, it is empty.
    assert!(SearchDocs::parse(&json!({"query": "x"}))
        .unwrap()
        .sections
        .is_empty());

    let report = SearchDocs::validate(&json!({
        "query": "x", "max_results": 5, "maxResults": 0, "sections": ["Guide"], "cacheHits": 1
    }));
    assert_eq!(
        report.messages(),
        [
            "unexpected argument 'max_results'",
            "argument 'maxResults' should be at least 1, got 0",
            "argument 'sections[0]' should be one of \"GUIDE\", \"API_REFERENCE\", \"faq\", got \"Guide\" (did you mean \"GUIDE\"?)",
            "unexpected argument 'cacheHits'",
        ]
    );
}

/// Place an order.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct PlaceOrder {
    customer: Customer,
    /// The order lines.
    lines: Vec<Line>,
    /// How fast.
    priority: Option<Priority>,
    gift: Option<Box<Gift>>,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Customer {
    id: u64,
    email: Option<String>,
}

/// One line of an order (this doc is the type's DESCRIPTION, not in its schema).
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Line {
    sku: String,
    #[arg(minimum = 1, maximum = 100)]
    qty: u8,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "kebab-case")]
enum Priority {
    Standard,
    NextDay,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Gift {
    message: String,
}

#[test]
fn nested_types_are_spliced_into_the_exported_schema() {
    let expected = json!({
        "type": "object",
        "properties": {
            "customer": {
                "type": "object",
                "properties": {"id": {"type": "integer", "minimum": 0}, "email": {"type": ["string", "null"]}},
                "required": ["id"]
            },
            "lines": {
                "type": "array",
                "description": "The order lines.",
                "items": {
                    "type": "object",
                    "properties": {
                        "sku": {"type": "string"},
                        "qty": {"type": "integer", "minimum": 1, "maximum": 100}
                    },
                    "required": ["sku", "qty"],
                    "additionalProperties": false
                }
            },
            "priority": {"description": "How fast.", "anyOf": [
                {"type": "string", "enum": ["standard", "next-day"]},
                {"type": "null"}
            ]},
            "gift": {"anyOf": [
                {"type": "object", "properties": {"message": {"type": "string"}}, "required": ["message"]},
                {"type": "null"}
            ]}
        },
        "required": ["customer", "lines"]
    });
    assert_eq!(PlaceOrder::schema(), &expected);
    // The text is compact JSON, the spliced parts included.
    assert_eq!(PlaceOrder::SCHEMA_JSON, expected.to_string());
    // The exported schema is one the model accepts, with no lint.
    assert!(Schema::parse(PlaceOrder::schema())
        .unwrap()
        .lints()
        .is_empty());
}

#[test]
fn nested_types_validate_with_their_own_validators() {
    let call = json!({
        "customer": {"id": -1, "name": "Ann"},
        "lines": [{"sku": "A", "qty": 1}, {"sku": 2, "qty": 0, "colour": "red"}, {}],
        "priority": "asap",
        "gift": {"message": 1}
    });
    let report = PlaceOrder::validate(&call);
    assert_eq!(
        report.messages(),
        [
            "argument 'customer.id' should be at least 0, got -1",
            "unexpected argument 'customer.name'",
            "argument 'lines[1].sku' should be string, got integer",
            "argument 'lines[1].qty' should be at least 1, got 0",
            "unexpected argument 'lines[1].colour'",
            "missing required argument 'lines[2].sku'",
            "missing required argument 'lines[2].qty'",
            "argument 'priority' should be one of \"standard\", \"next-day\", got \"asap\"",
            "argument 'gift.message' should be string, got integer",
        ]
    );
    // Exactly what the interpreter says of the exported schema, positions included.
    let interp = Schema::parse(PlaceOrder::schema()).unwrap();
    assert_eq!(report, interp.validate(&call));

    let order = PlaceOrder::parse(&json!({
        "customer": {"id": 7},
        "lines": [{"sku": "A", "qty": 2}],
        "priority": "next-day",
        "gift": {"message": "Happy birthday"}
    }))
    .unwrap();
    assert_eq!(order.customer.id, 7);
    assert_eq!(order.lines[0].qty, 2);
    assert_eq!(order.priority, Some(Priority::NextDay));
    assert_eq!(order.gift.unwrap().message, "Happy birthday");
    assert_eq!(
        Line::DESCRIPTION,
        "One line of an order (this doc is the type's DESCRIPTION, not in its schema)."
    );
}

/// Every field may be left out: `#[serde(default)]` on the struct.
#[derive(ToolArgs, Deserialize, Default, Debug, PartialEq)]
#[serde(default)]
struct Settings {
    verbose: bool,
    #[arg(maximum = 10)]
    depth: u8,
}

/// A tool without arguments.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Ping {}

#[test]
fn defaults_and_empty_tools() {
    assert_eq!(
        Settings::schema(),
        &json!({
            "type": "object",
            "properties": {
                "verbose": {"type": "boolean"},
                "depth": {"type": "integer", "minimum": 0, "maximum": 10}
            }
        })
    );
    assert_eq!(Settings::parse(&json!({})), Ok(Settings::default()));
    assert_eq!(
        Settings::parse(&json!({"depth": 3})),
        Ok(Settings {
            verbose: false,
            depth: 3
        })
    );
    assert_eq!(Ping::SCHEMA_JSON, r#"{"type":"object","properties":{}}"#);
    assert_eq!(Ping::parse(&json!({})), Ok(Ping {}));
    assert_eq!(
        Ping::validate(&json!({"x": 1})).messages(),
        ["unexpected argument 'x'"]
    );
    assert_eq!(
        Ping::validate(&json!([])).messages(),
        ["arguments should be object, got array"]
    );
}

/// Without `deny_unknown_fields` serde ignores unknown fields; the schema says
/// nothing about them, so tool-call mode rejects them (the model made them up) and
/// the JSON Schema reading lets them through, as serde does.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Open {
    a: u8,
}

#[test]
fn unknown_fields() {
    use tool_schema::{Options, Undeclared};
    assert!(!Open::SCHEMA_JSON.contains("additionalProperties"));
    let call = json!({"a": 1, "b": 2});
    assert_eq!(
        Open::parse(&call).unwrap_err().messages(),
        ["unexpected argument 'b'"]
    );
    let lenient = Options::default().undeclared(Undeclared::RejectIfForbidden);
    assert_eq!(Open::parse_with(&call, &lenient), Ok(Open { a: 1 }));
    // With deny_unknown_fields (Line), every reading rejects them, as serde does.
    let line = json!({"sku": "A", "qty": 1, "x": 0});
    assert_eq!(
        Line::validate_with(&line, &lenient).messages(),
        ["unexpected argument 'x'"]
    );
    assert!(serde_json::from_value::<Line>(line).is_err());
}

/// `parse_with` under JSON Schema's reading (`Options::SPEC`): unknown fields pass
/// as serde ignores them, but `2.0` is still not an integer, as serde cannot read
/// it into one.
#[test]
fn parse_with_spec_options() {
    use tool_schema::Options;
    assert_eq!(
        Open::parse_with(&json!({"a": 1, "b": 2}), &Options::SPEC),
        Ok(Open { a: 1 })
    );
    assert!(Open::validate_with(&json!({"a": 2.0}), &Options::SPEC).is_valid());
    assert_eq!(
        Open::parse_with(&json!({"a": 2.0}), &Options::SPEC)
            .unwrap_err()
            .messages(),
        ["argument 'a' should be integer, got number"]
    );
}

/// serde's long forms: the `deserialize` name is the one read, a `serialize` name
/// alone changes nothing.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(rename_all(serialize = "UPPERCASE", deserialize = "kebab-case"))]
struct LongForms {
    max_days: u8,
    #[serde(rename(serialize = "Out", deserialize = "in"))]
    input: String,
    #[serde(rename(serialize = "only_out"))]
    output: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}

#[test]
fn long_forms_of_serde_attributes() {
    let props: Vec<&String> = LongForms::schema()["properties"]
        .as_object()
        .unwrap()
        .keys()
        .collect();
    assert_eq!(props, ["max-days", "in", "output", "note"]);
    assert_eq!(
        LongForms::parse(&json!({"max-days": 1, "in": "a", "output": "b"})),
        Ok(LongForms {
            max_days: 1,
            input: "a".into(),
            output: "b".into(),
            note: None
        })
    );
}

/// `null_is_absent` (OpenAI strict mode sends `null` for each optional argument it
/// leaves out): the validator reads such a `null` as absent, and so does
/// `parse_with`, also for `#[serde(default)]` fields, which serde itself would not
/// read from `null`, at every level.
#[test]
fn parse_with_null_is_absent() {
    use tool_schema::Options;
    let nulls = Options::default().null_is_absent(true);
    let call = json!({"verbose": null, "depth": null});
    assert!(serde_json::from_value::<Settings>(call.clone()).is_err());
    assert_eq!(Settings::parse_with(&call, &nulls), Ok(Settings::default()));
    let order = PlaceOrder::parse_with(
        &json!({
            "customer": {"id": 1, "email": null},
            "lines": [{"sku": "A", "qty": 1}],
            "priority": null,
            "gift": null
        }),
        &nulls,
    )
    .unwrap();
    assert_eq!((order.customer.email, order.priority), (None, None));
    // A required argument's null is still a violation.
    assert_eq!(
        PlaceOrder::parse_with(&json!({"customer": null, "lines": []}), &nulls)
            .unwrap_err()
            .messages(),
        ["argument 'customer' should be object, got null"]
    );
}

/// Plan a trip: `Option` fields of a plain type and of a nested type.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[tool(targets(
    anthropic,
    openai_chat,
    openai_chat_strict,
    gemini,
    gemini_json_schema,
    mcp
))]
struct Trip {
    /// Where to.
    to: String,
    /// How many days.
    days: Option<u8>,
    /// What kind.
    kind: Option<Kind>,
}

/// The schema of property `name` in each target's export of `T`, and the
/// export's nullable optional properties (OpenAI strict).
fn exported_property<T: ToolArgs>(target: tool_schema::export::Target, name: &str) -> Value {
    use tool_schema::export::{ExportOptions, ToolExport};
    let e = T::export_to(target, &ExportOptions::default()).unwrap();
    let v = &e.value;
    let params = [
        &v["input_schema"],
        &v["function"]["parameters"],
        &v["parameters"],
        &v["parametersJsonSchema"],
        &v["inputSchema"],
    ]
    .into_iter()
    .find(|p| p.is_object())
    .unwrap_or_else(|| panic!("{target}: {v}"));
    params["properties"][name].clone()
}

#[test]
fn an_option_field_says_null_in_every_export() {
    use tool_schema::export::Target;
    let days = json!({"type": ["integer", "null"], "description": "How many days.", "minimum": 0, "maximum": 255});
    let kind = json!({"description": "What kind.", "anyOf": [
        {"type": "string", "enum": ["Page", "Symbol"]},
        {"type": "null"}
    ]});
    for target in [
        Target::Anthropic,
        Target::OpenAiChat,
        Target::GeminiJsonSchema,
        Target::Mcp,
    ] {
        assert_eq!(exported_property::<Trip>(target, "days"), days, "{target}");
        assert_eq!(exported_property::<Trip>(target, "kind"), kind, "{target}");
    }
    // OpenAI strict: required, and `null` once (not a second time for "absent").
    assert_eq!(
        exported_property::<Trip>(Target::OpenAiChatStrict, "days")["type"],
        json!(["integer", "null"])
    );
    assert_eq!(
        exported_property::<Trip>(Target::OpenAiChatStrict, "kind")["anyOf"],
        kind["anyOf"]
    );
    // Gemini: `nullable`.
    assert_eq!(
        exported_property::<Trip>(Target::Gemini, "days"),
        json!({"type": "INTEGER", "description": "How many days.", "minimum": 0, "maximum": 255, "nullable": true})
    );
    assert_eq!(
        exported_property::<Trip>(Target::Gemini, "kind"),
        json!({"type": "STRING", "description": "What kind.", "enum": ["Page", "Symbol"], "nullable": true})
    );
}

/// A percentage.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Percent(#[arg(minimum = 0, maximum = 100)] u8);

/// A country code.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Country(
    #[arg(
        pattern = "^[A-Z]{2}$",
        description = "ISO 3166-1 alpha-2.",
        example = "FR"
    )]
    String,
);

/// Tags, a few.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Tags(#[arg(max_items = 2, items(min_length = 1))] Vec<String>);

/// Discount a product.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Discount {
    country: Country,
    by: Percent,
    tags: Option<Tags>,
}

#[test]
fn a_newtypes_field_takes_arg_keys() {
    assert_eq!(
        Percent::schema(),
        &json!({"type": "integer", "minimum": 0, "maximum": 100})
    );
    assert_eq!(
        Country::schema(),
        &json!({"type": "string", "description": "ISO 3166-1 alpha-2.", "pattern": "^[A-Z]{2}$", "examples": ["FR"]})
    );
    assert_eq!(
        Tags::schema(),
        &json!({"type": "array", "items": {"type": "string", "minLength": 1}, "maxItems": 2})
    );
    assert_eq!(Percent::parse(&json!(40)).unwrap(), Percent(40));
    assert_eq!(
        Percent::validate(&json!(101)).messages(),
        ["arguments should be at most 100, got 101"]
    );
    let call = json!({"country": "fr", "by": 120, "tags": ["a", "", "c"]});
    let report = Discount::validate(&call);
    assert_eq!(
        report.messages(),
        [
            "argument 'country' should match the pattern ^[A-Z]{2}$, got \"fr\"",
            "argument 'by' should be at most 100, got 120",
            "argument 'tags' should have at most 2 items, got 3",
            "argument 'tags[1]' should be at least 1 character long, got 0"
        ]
    );
    assert_eq!(
        Schema::parse(Discount::schema()).unwrap().validate(&call),
        report
    );
    let ok = json!({"country": "FR", "by": 15, "tags": ["sale"]});
    assert_eq!(
        tool_schema::parse_str::<Discount>(&ok.to_string()).unwrap(),
        Discount {
            country: Country("FR".into()),
            by: Percent(15),
            tags: Some(Tags(vec!["sale".into()]))
        }
    );
}
