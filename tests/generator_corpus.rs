//! Issue 18, item 3: what generators write, pasted as is. Each schema of
//! `tests/data/generators/` (schemars 0.8 and 1.x, pydantic v2, zod-to-json-schema;
//! see that directory's README) goes into `tool_schema!` with no
//! `#[tool(allow(...))]`, and each case of its `NAME.cases.jsonl` (a numeric field at
//! an end of its range or just beyond, with the verdict of the field's source type)
//! gets that verdict from the generated validator, the interpreter (`Schema::parse`
//! of the same file at run time) and the text path of both, in tool-call mode.

use serde::Deserialize;
use serde_json::Value;
use tool_schema::ToolArgsExt;
use tool_schema::{tool_schema, Options, Report, Schema, ToolArgs};

tool_schema! {
    pub Schemars08SetLevels = include!("tests/data/generators/schemars08_set_levels.json");
    pub Schemars08TuneLevels = include!("tests/data/generators/schemars08_tune_levels.json");
    pub Schemars08Paint = include!("tests/data/generators/schemars08_paint.json");
    pub Schemars1SetLevels = include!("tests/data/generators/schemars1_set_levels.json");
    pub Schemars1TuneLevels = include!("tests/data/generators/schemars1_tune_levels.json");
    pub Schemars1Paint = include!("tests/data/generators/schemars1_paint.json");
    pub PydanticBookFlight = include!("tests/data/generators/pydantic_book_flight.json");
    pub PydanticSearch = include!("tests/data/generators/pydantic_search.json");
    pub PydanticPlaceOrder = include!("tests/data/generators/pydantic_place_order.json");
    pub ZodCreateInvoice = include!("tests/data/generators/zod_create_invoice.json");
    pub ZodSchedule = include!("tests/data/generators/zod_schedule.json");
    pub ZodMoveRobot = include!("tests/data/generators/zod_move_robot.json");
    pub ZodMoveRobotNamed = include!("tests/data/generators/zod_move_robot_named.json");
    pub Schemars08EditDoc = include!("tests/data/generators/schemars08_edit_doc.json");
    pub Schemars1EditDoc = include!("tests/data/generators/schemars1_edit_doc.json");
    pub PydanticEditDoc = include!("tests/data/generators/pydantic_edit_doc.json");
    pub ZodEditDoc = include!("tests/data/generators/zod_edit_doc.json");
}

/// Why a back end is known to disagree with the source type on a case (a finding for
/// the validator, not a wrong case): each is checked to still disagree, so a fix
/// makes this test say which entry to remove.
fn known_disagreement(_name: &str, _case: &Case) -> Option<&'static str> {
    // None left: `float` accepts f32::MAX as serde_json writes it (the bound is its
    // shortest decimal), and a root that is only a `$ref` is closed by its target.
    None
}

/// One line of a `NAME.cases.jsonl`.
#[derive(Deserialize)]
struct Case {
    field: String,
    #[serde(rename = "type")]
    ty: String,
    value: String,
    why: String,
    valid: bool,
    /// The argument object's exact text.
    text: String,
}

fn read(name: &str) -> String {
    let path = format!(
        "{}/tests/data/generators/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The cases of `NAME.cases.jsonl` on which a back end disagrees with the source
/// type and that are not listed in [`known_disagreement`], or are listed and agree,
/// one line each (empty when all is as expected); panics when the file has no cases.
fn disagreements<T: ToolArgs + 'static>(name: &str) -> Vec<String> {
    let schema_value: Value = serde_json::from_str(&read(&format!("{name}.json"))).unwrap();
    assert_eq!(
        T::schema(),
        &schema_value,
        "{name}: the macro's schema is the file's"
    );
    let schema = Schema::parse(&schema_value)
        .unwrap_or_else(|e| panic!("{name}: the interpreter refuses the schema: {e}"));
    let options = Options::default();
    let cases = read(&format!("{name}.cases.jsonl"));
    let mut out = Vec::new();
    let mut count = 0;
    for line in cases.lines() {
        let case: Case = serde_json::from_str(line).unwrap();
        let args: Value = serde_json::from_str(&case.text).unwrap();
        count += 1;
        let text = |r: Result<Report, _>| r.unwrap_or_else(|e| panic!("{name}: {e}"));
        let verdicts = [
            ("generated", T::validate(&args)),
            ("interpreter", schema.validate_with(&args, &options)),
            ("generated text path", text(T::validate_str(&case.text))),
            (
                "interpreter text path",
                text(schema.validate_str(&case.text, &options)),
            ),
        ];
        let known = known_disagreement(name, &case);
        for (back_end, report) in verdicts {
            if (report.is_valid() != case.valid) != known.is_some() {
                out.push(format!(
                    "{name} {} = {} ({} {}): the type says {}, the {back_end} {:?}{}",
                    case.field,
                    case.value,
                    case.ty,
                    case.why,
                    if case.valid { "valid" } else { "invalid" },
                    report.messages(),
                    match known {
                        Some(why) => format!(" (listed as a known disagreement: {why})"),
                        None => String::new(),
                    },
                ));
            }
        }
    }
    assert!(count > 0, "{name}: no cases");
    out
}

fn assert_agree(found: Vec<Vec<String>>) {
    let found: Vec<String> = found.into_iter().flatten().collect();
    assert!(
        found.is_empty(),
        "{} disagreements:\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn schemars_08() {
    assert_agree(vec![
        disagreements::<Schemars08SetLevels>("schemars08_set_levels"),
        disagreements::<Schemars08TuneLevels>("schemars08_tune_levels"),
        disagreements::<Schemars08Paint>("schemars08_paint"),
        disagreements::<Schemars08EditDoc>("schemars08_edit_doc"),
    ]);
}

#[test]
fn schemars_1() {
    assert_agree(vec![
        disagreements::<Schemars1SetLevels>("schemars1_set_levels"),
        disagreements::<Schemars1TuneLevels>("schemars1_tune_levels"),
        disagreements::<Schemars1Paint>("schemars1_paint"),
        disagreements::<Schemars1EditDoc>("schemars1_edit_doc"),
    ]);
}

#[test]
fn pydantic() {
    assert_agree(vec![
        disagreements::<PydanticBookFlight>("pydantic_book_flight"),
        disagreements::<PydanticSearch>("pydantic_search"),
        disagreements::<PydanticPlaceOrder>("pydantic_place_order"),
        disagreements::<PydanticEditDoc>("pydantic_edit_doc"),
    ]);
}

#[test]
fn zod_to_json_schema() {
    assert_agree(vec![
        disagreements::<ZodCreateInvoice>("zod_create_invoice"),
        disagreements::<ZodSchedule>("zod_schedule"),
        disagreements::<ZodMoveRobot>("zod_move_robot"),
        disagreements::<ZodMoveRobotNamed>("zod_move_robot_named"),
        disagreements::<ZodEditDoc>("zod_edit_doc"),
    ]);
}
