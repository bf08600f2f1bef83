//! `#[tool(targets(...))]`: a tool declared with `tool_schema!` gets an inherent
//! constant per declared target (`OPENAI_STRICT_JSON`, ...), the tool definition
//! as JSON text computed when the crate compiles; it must be exactly what the
//! run-time export gives, and the `ToolExport` methods answer with it
//! (`ToolArgs::__EXPORTS`). The compile errors are in `tests/ui/targets_*.rs`.

use serde::Deserialize;
use serde_json::Value;
use tool_schema::export::{self, ExportOptions, Target, ToolExport, ToolSpec};
use tool_schema::toolbox::{Toolbox, Validated};
use tool_schema::{tool_schema, ToolArgs};

tool_schema! {
    /// Get the current weather for a city.
    #[tool(targets(
        anthropic, anthropic_strict, openai, openai_strict, openai_chat, openai_chat_strict,
        openai_responses, openai_responses_strict, gemini, gemini_json_schema, mcp
    ))]
    pub GetWeather = {
        "type": "object",
        "title": "Weather",
        "properties": {
            "city": { "type": "string", "description": "City name" },
            "unit": { "type": "string", "enum": ["celsius", "fahrenheit"] },
            "days": { "type": "integer" }
        },
        "required": ["city"]
    }

    /// Book a table; the bounds go into the description for Anthropic strict.
    #[tool(targets(anthropic_strict, openai_strict), allow(lossy_export))]
    pub Book = {
        "type": "object",
        "properties": {
            "guests": { "type": "integer", "minimum": 1, "maximum": 12 }
        },
        "required": ["guests"]
    }
}

tool_schema! {
    // A schema in another dialect: its translation is what is exported.
    #[tool(dialect = "bfcl", targets(gemini, openai_strict))]
    pub Factorial = {
        "name": "math.factorial",
        "description": "Calculate the factorial of a given number.",
        "parameters": {
            "type": "dict",
            "properties": { "number": { "type": "integer" } },
            "required": ["number"]
        }
    }
}

/// Look a word up.
#[derive(ToolArgs, Deserialize)]
#[tool(targets(openai_strict, gemini, anthropic, mcp))]
#[allow(dead_code)]
struct Lookup {
    /// The word.
    word: String,
    /// Results wanted.
    #[arg(minimum = 1, maximum = 50)]
    limit: Option<u32>,
}

tool_schema! {
    /// Counts by name: a map OpenAI's strict mode cannot express.
    pub OpenMap = {
        "type": "object",
        "properties": { "counts": { "type": "object", "additionalProperties": { "type": "integer" } } },
        "required": ["counts"]
    }
}

/// A derived type that declares no target.
#[derive(ToolArgs, Deserialize)]
#[allow(dead_code)]
struct Plain {
    /// Some text.
    text: String,
}

fn parse(text: &str) -> Value {
    serde_json::from_str(text).unwrap()
}

fn run_time<T: ToolArgs>(target: Target) -> Value {
    export::export(target, &ToolSpec::of::<T>(), &ExportOptions::default())
        .unwrap()
        .value
}

#[test]
fn constants_are_the_run_time_exports() {
    let cases: [(&str, Target); 11] = [
        (GetWeather::ANTHROPIC_JSON, Target::Anthropic),
        (GetWeather::ANTHROPIC_STRICT_JSON, Target::AnthropicStrict),
        (GetWeather::OPENAI_JSON, Target::OpenAiChat),
        (GetWeather::OPENAI_STRICT_JSON, Target::OpenAiChatStrict),
        (GetWeather::OPENAI_CHAT_JSON, Target::OpenAiChat),
        (
            GetWeather::OPENAI_CHAT_STRICT_JSON,
            Target::OpenAiChatStrict,
        ),
        (GetWeather::OPENAI_RESPONSES_JSON, Target::OpenAiResponses),
        (
            GetWeather::OPENAI_RESPONSES_STRICT_JSON,
            Target::OpenAiResponsesStrict,
        ),
        (GetWeather::GEMINI_JSON, Target::Gemini),
        (
            GetWeather::GEMINI_JSON_SCHEMA_JSON,
            Target::GeminiJsonSchema,
        ),
        (GetWeather::MCP_JSON, Target::Mcp),
    ];
    for (text, target) in cases {
        assert_eq!(parse(text), run_time::<GetWeather>(target), "{target}");
        // The same text as serde_json writes the run-time value.
        assert_eq!(text, run_time::<GetWeather>(target).to_string(), "{target}");
    }
    assert_eq!(parse(GetWeather::MCP_JSON), GetWeather::mcp().unwrap());
    assert_eq!(parse(GetWeather::MCP_JSON)["title"], "Weather");
    assert_eq!(
        parse(GetWeather::OPENAI_STRICT_JSON),
        GetWeather::openai_chat_strict().unwrap()
    );
}

#[test]
fn an_allowed_lossy_export_is_the_default_export() {
    let text = parse(Book::ANTHROPIC_STRICT_JSON);
    assert_eq!(text, Book::anthropic_strict().unwrap());
    let guests = &text["input_schema"]["properties"]["guests"];
    assert!(guests.get("minimum").is_none(), "{guests}");
    assert!(
        guests["description"].as_str().unwrap().contains('1'),
        "{guests}"
    );
    assert_eq!(
        parse(Book::OPENAI_STRICT_JSON),
        Book::openai_chat_strict().unwrap()
    );
}

#[test]
fn a_derived_struct_with_targets_exports_to_each() {
    // Checked when the crate compiled; the exports succeed at run time too.
    for target in [
        Target::OpenAiChatStrict,
        Target::Gemini,
        Target::Anthropic,
        Target::Mcp,
    ] {
        run_time::<Lookup>(target);
    }
    assert!(
        Lookup::openai_strict_schema()
            .unwrap()
            .report
            .changes()
            .len()
            > 1
    );
}

#[test]
fn a_translated_schema_exports_its_translation() {
    assert_eq!(
        parse(Factorial::GEMINI_JSON),
        run_time::<Factorial>(Target::Gemini)
    );
    assert_eq!(parse(Factorial::GEMINI_JSON)["name"], "math_factorial");
    assert_eq!(
        parse(Factorial::OPENAI_STRICT_JSON),
        run_time::<Factorial>(Target::OpenAiChatStrict)
    );
}

/// The `ToolExport` method of `target` (one per target).
fn method<T: ToolArgs>(target: Target) -> Result<Value, export::ExportError> {
    match target {
        Target::Anthropic => T::anthropic(),
        Target::AnthropicStrict => T::anthropic_strict(),
        Target::OpenAiChat => T::openai_chat(),
        Target::OpenAiChatStrict => T::openai_chat_strict(),
        Target::OpenAiResponses => T::openai_responses(),
        Target::OpenAiResponsesStrict => T::openai_responses_strict(),
        Target::Gemini => T::gemini(),
        Target::GeminiJsonSchema => T::gemini_json_schema(),
        Target::Mcp => T::mcp(),
        other => panic!("a target without a method: {other}"),
    }
}

/// `T`'s exports are exactly the run-time exports (definition, changes and
/// nullable optional properties, or the target's refusal) for every target,
/// by `export_to` and by each method, twice (the second answer of a target the
/// macros did not compile is the one kept from the first); its compiled
/// exports are those of the `declared` targets, in `Target::ALL`'s order (with
/// the `engines` feature this test has, the others are exported when the
/// program runs). Returns the targets that accept the tool.
fn compiled_are_the_run_time_exports<T: ToolArgs>(declared: &[Target]) -> Vec<Target> {
    let (mut accepted, mut expected) = (Vec::new(), Vec::new());
    for target in Target::ALL {
        let run_time = export::export(target, &ToolSpec::of::<T>(), &ExportOptions::default());
        for _ in 0..2 {
            // What `export_to` answers from the compiled export, refusals included.
            assert_eq!(
                T::export_to(target, &ExportOptions::default()),
                run_time,
                "{target}"
            );
            let value = run_time.clone().map(|e| e.value);
            assert_eq!(method::<T>(target), value, "{target}");
        }
        let definition = match &run_time {
            Ok(e) => {
                accepted.push(target);
                e.value.to_string()
            }
            Err(_) => String::new(),
        };
        if declared.contains(&target) {
            expected.push((target, definition));
        }
    }
    let compiled: Vec<(Target, String)> = T::__EXPORTS
        .iter()
        .map(|e| (e.target, e.definition.to_string()))
        .collect();
    assert_eq!(compiled, expected, "{}", T::NAME);
    accepted
}

#[test]
fn the_declared_targets_are_compiled_into_the_tool() {
    // `openai` and `openai_chat` (and their strict forms) name one target each.
    assert_eq!(
        compiled_are_the_run_time_exports::<GetWeather>(&Target::ALL),
        Target::ALL
    );
    // Targets not declared are exported when the program runs, alike.
    let book = [Target::AnthropicStrict, Target::OpenAiChatStrict];
    assert_eq!(
        compiled_are_the_run_time_exports::<Book>(&book),
        Target::ALL
    );
    let factorial = [Target::OpenAiChatStrict, Target::Gemini];
    assert_eq!(
        compiled_are_the_run_time_exports::<Factorial>(&factorial),
        Target::ALL
    );
    // A target that refuses a tool declaring none: its method answers with the
    // run-time export's error.
    let open = compiled_are_the_run_time_exports::<OpenMap>(&[]);
    let refusing: Vec<Target> = Target::ALL
        .into_iter()
        .filter(|t| !open.contains(t))
        .collect();
    assert!(!refusing.is_empty() && !open.is_empty(), "{open:?}");
    for target in refusing {
        assert!(export::export(
            target,
            &ToolSpec::of::<OpenMap>(),
            &ExportOptions::default()
        )
        .is_err());
    }
    assert_eq!(
        OpenMap::openai_chat_strict().unwrap_err(),
        export::openai_chat_strict(OpenMap::NAME, OpenMap::DESCRIPTION, OpenMap::schema())
            .unwrap_err()
    );
    assert_eq!(
        OpenMap::anthropic().unwrap(),
        run_time::<OpenMap>(Target::Anthropic)
    );
    // A derived type without nested types: its whole schema is known to the
    // macro, so it is compiled like a `tool_schema!` tool's.
    let lookup = [
        Target::Anthropic,
        Target::OpenAiChatStrict,
        Target::Gemini,
        Target::Mcp,
    ];
    assert_eq!(
        compiled_are_the_run_time_exports::<Lookup>(&lookup),
        Target::ALL
    );
    assert_eq!(compiled_are_the_run_time_exports::<Plain>(&[]), Target::ALL);
    // One that nests another type is joined when its crate compiles: its exports
    // run at run time.
    assert!(Shelf::__EXPORTS.is_empty());
    assert_eq!(
        Shelf::anthropic().unwrap(),
        run_time::<Shelf>(Target::Anthropic)
    );
    assert_eq!(compiled_are_the_run_time_exports::<Shelf>(&[]), Target::ALL);
}

/// Books on a shelf (nests `Lookup`).
#[derive(ToolArgs, Deserialize)]
#[tool(targets(anthropic))]
#[allow(dead_code)]
struct Shelf {
    /// What to look up.
    lookup: Lookup,
}

/// A tool whose compiled export differs from what the run-time export would
/// give: the `ToolExport` methods must answer with it, and run the export for
/// the targets it does not list.
struct Compiled;

impl ToolArgs for Compiled {
    const NAME: &'static str = "compiled";
    const DESCRIPTION: &'static str = "Answers from its compiled exports.";
    const SCHEMA_JSON: &'static str = r#"{"type":"object","properties":{}}"#;
    const __EXPORTS: &'static [export::CompiledExport] = &[
        export::CompiledExport {
            target: Target::Anthropic,
            definition: r#"{"compiled":true}"#,
            changes: &[export::CompiledChange {
                pointer: "/x",
                kind: export::ChangeKind::Added,
                what: "compiled what",
                why: "compiled why",
            }],
            nullable: &[],
            refusal: &[],
        },
        export::CompiledExport {
            target: Target::Gemini,
            definition: "",
            changes: &[],
            nullable: &[],
            refusal: &[export::CompiledProblem {
                pointer: "/p",
                message: "compiled message",
                rule: "compiled rule",
            }],
        },
    ];

    fn schema() -> &'static Value {
        static SCHEMA: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
        SCHEMA.get_or_init(|| parse(Self::SCHEMA_JSON))
    }

    fn validate_with(args: &Value, options: &tool_schema::Options) -> tool_schema::Report {
        let schema = tool_schema::Schema::parse(Self::schema()).unwrap();
        schema.validate_with(args, options)
    }

    fn __validate_at(
        _: &Value,
        _: &tool_schema::__private::Trail<'_>,
        _: tool_schema::Position,
        _: &tool_schema::Options,
        _: &mut tool_schema::__private::Sink<'_>,
    ) {
    }
}

#[test]
fn the_export_methods_answer_with_the_compiled_definition() {
    assert_eq!(
        Compiled::anthropic().unwrap(),
        serde_json::json!({"compiled": true})
    );
    assert_eq!(
        Compiled::gemini_json_schema().unwrap(),
        run_time::<Compiled>(Target::GeminiJsonSchema)
    );
    assert_eq!(Compiled::mcp().unwrap(), run_time::<Compiled>(Target::Mcp));
    // A compiled refusal is the answer too (the run-time export accepts this schema).
    let refusal = Compiled::gemini().unwrap_err();
    let problem = &refusal.problems[0];
    assert_eq!(
        (
            &*problem.tool,
            &*problem.pointer,
            &*problem.message,
            &*problem.rule
        ),
        ("compiled", "/p", "compiled message", "compiled rule")
    );
    assert_eq!(
        Compiled::export_to(Target::Gemini, &ExportOptions::default()).unwrap_err(),
        refusal
    );
    // `export_to` too, with the compiled changes, for the default options only.
    let e = Compiled::export_to(Target::Anthropic, &ExportOptions::default()).unwrap();
    assert_eq!(e.value, serde_json::json!({"compiled": true}));
    let change = &e.report.changes()[0];
    assert_eq!(
        (&*change.tool, &*change.pointer, &*change.what, &*change.why),
        ("compiled", "/x", "compiled what", "compiled why")
    );
    let other = ExportOptions::default().inline_budget(7);
    assert_eq!(
        Compiled::export_to(Target::Anthropic, &other)
            .unwrap()
            .value,
        run_time::<Compiled>(Target::Anthropic)
    );
}

/// The toolbox's list export answers from the exports computed when each typed
/// tool compiled (for the default options): exactly the run-time export of the
/// same tools, for every target, refusals included; other options, and tools
/// known at run time only, export at run time.
#[test]
fn the_toolbox_lists_the_compiled_exports() {
    let echo = tool_schema::Schema::parse(&serde_json::json!({
        "type": "object",
        "properties": { "text": { "type": "string" } }
    }))
    .unwrap();
    let tools = Toolbox::new()
        .tool(|_: Validated<GetWeather>| "sunny")
        .tool(|_: Lookup| "found")
        .tool(|_: Validated<OpenMap>| "counted")
        .tool(|_: Shelf| "shelved")
        .dynamic("echo", "Echo the text.", echo, |_| "echoed");
    let accepted = Toolbox::new()
        .tool(|_: Validated<GetWeather>| "sunny")
        .tool(|_: Lookup| "found");
    let (mut refused, mut changes, mut nullable) = (0, 0, 0);
    for tools in [&tools, &accepted] {
        for target in Target::ALL {
            let listed = tools.export(target);
            let run_time = export::toolbox(target, &tools.specs(), &ExportOptions::default());
            assert_eq!(listed, run_time, "{target}");
            match listed {
                Ok(e) => {
                    changes += e.report.changes().len();
                    nullable += e.nullable_optional.len();
                }
                Err(_) => refused += 1,
            }
        }
    }
    // OpenMap is refused by OpenAI strict; the others' strict exports change
    // their schemas and make optional properties nullable.
    assert!(refused > 0 && changes > 0 && nullable > 0);

    let compiled = Toolbox::new().tool(|_: Validated<Compiled>| "ok");
    let e = compiled.export(Target::Anthropic).unwrap();
    assert_eq!(e.value, serde_json::json!([{"compiled": true}]));
    assert_eq!(e.report.changes()[0].what, "compiled what");
    let other = ExportOptions::default().inline_budget(7);
    assert_eq!(
        compiled
            .export_with(Target::Anthropic, &other)
            .unwrap()
            .value,
        serde_json::json!([run_time::<Compiled>(Target::Anthropic)])
    );
}
