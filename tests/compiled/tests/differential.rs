//! The compiled back end (`tool_schema!`) and the interpreter agree on every
//! schema-taking public conformance case: identical violations under every
//! option, identical output in every format, equal to the expected answer.

use serde_json::{json, Value};
use tool_schema::seed::Format as SeedFormat;
use tool_schema::{seed, Format, Options, Report, Schema, Undeclared};
use tool_schema_compiled_tests::{compiled, TOOLS};

const POLICIES: [Undeclared; 3] = [
    Undeclared::RejectUnlessAllowed,
    Undeclared::RejectAlways,
    Undeclared::RejectIfForbidden,
];

/// Both back ends on one schema and one arguments value, under every policy;
/// returns the compiled report for `wanted`.
fn both(schema: &Value, args: &Value, wanted: Undeclared, errors: &mut Vec<String>) -> Report {
    let interp = Schema::parse(schema).expect("conformance schemas parse");
    let comp = compiled(schema).expect("every conformance schema is compiled");
    let mut result = None;
    for policy in POLICIES {
        let options = Options::default().undeclared(policy);
        let a = interp.validate_with(args, &options);
        let b = comp(args, &options);
        if a != b {
            errors.push(format!(
                "{policy:?}: schema {schema}, args {args}\n  interpreted: {a:?}\n  compiled:    {b:?}"
            ));
        }
        for ((name, x), (_, y)) in render_all(&a).into_iter().zip(render_all(&b)) {
            if x != y {
                errors.push(format!("{policy:?}/{name}: rendering differs for {args}"));
            }
        }
        if tool_schema::json_report(&a) != tool_schema::json_report(&b) {
            errors.push(format!("{policy:?}: JSON reports differ for {args}"));
        }
        if policy == wanted {
            result = Some(b);
        }
    }
    result.unwrap()
}

fn strings(v: Vec<String>) -> Value {
    json!(v)
}

#[test]
fn compiled_and_interpreted_agree_on_every_case() {
    let mut errors = Vec::new();
    let mut checked = 0;
    for file in ["examples.jsonl", "random.jsonl"] {
        let path = format!("{}/../data/seed-ops/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let case: Value = serde_json::from_str(line).unwrap();
            let input = &case["input"];
            let expected = &case["expected"]["output"];
            let id = &case["id"];
            let got = match case["op"].as_str().unwrap() {
                "validate_arguments" => {
                    let r = both(
                        &input["schema"],
                        &input["arguments"],
                        Undeclared::RejectAlways,
                        &mut errors,
                    );
                    strings(SeedFormat::Seed000.render(&r))
                }
                "validate_args" => {
                    let r = both(
                        &input["schema"],
                        &input["args"],
                        Undeclared::RejectIfForbidden,
                        &mut errors,
                    );
                    strings(SeedFormat::Seed002.render(&r))
                }
                "validate_tool_call" => {
                    let name = input["call"]["name"].as_str().unwrap();
                    match input["schemas"].get(name) {
                        // Unknown tools never reach a validator.
                        None => seed::run_case("validate_tool_call", input).unwrap(),
                        Some(tool) => {
                            let empty = json!({});
                            let args = input["call"].get("arguments").unwrap_or(&empty);
                            let r = both(
                                &tool["parameters"],
                                args,
                                Undeclared::RejectAlways,
                                &mut errors,
                            );
                            let errs = SeedFormat::Seed003.render(&r);
                            json!({"ok": errs.is_empty(), "errors": errs})
                        }
                    }
                }
                _ => continue,
            };
            checked += 1;
            if !tool_schema::json::json_eq(&got, expected) {
                errors.push(format!("{id}: expected {expected}, compiled gave {got}"));
            }
        }
    }
    assert!(
        errors.is_empty(),
        "{} problems:\n{}",
        errors.len(),
        errors.join("\n")
    );
    assert_eq!(
        checked,
        64 + 65 + 63,
        "every schema-taking case was checked"
    );
    assert!(TOOLS.len() >= 150, "{} schemas compiled", TOOLS.len());
}

/// Every format's name and lines, the seed exercises' formats included.
fn render_all(r: &Report) -> Vec<(&'static str, Vec<String>)> {
    let main = Format::ALL.iter().map(|f| (f.name(), f.render(r)));
    let seeds = SeedFormat::ALL.iter().map(|f| (f.name(), f.render(r)));
    main.chain(seeds).collect()
}
