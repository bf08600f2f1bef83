//! Both back ends on every compiled schema with pseudo-random arguments built from
//! each schema's own vocabulary (its property names, enum values, bounds): identical
//! violations under every option, identical output in every format.

use serde_json::{json, Map, Value};
use tool_schema::seed::Format as SeedFormat;
use tool_schema::{Format, Options, Report, Schema, Undeclared};
use tool_schema_compiled_tests::{FIRST_EXTRA, IS_VALID, TOOLS};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Every string and scalar found anywhere in the schema, plus edge values.
fn vocabulary(schema: &Value, names: &mut Vec<String>, scalars: &mut Vec<Value>) {
    match schema {
        Value::Object(m) => {
            for (k, v) in m {
                if !names.contains(k) {
                    names.push(k.clone());
                }
                vocabulary(v, names, scalars);
            }
        }
        Value::Array(items) => {
            for v in items {
                scalars.push(v.clone());
                vocabulary(v, names, scalars);
            }
        }
        other => scalars.push(other.clone()),
    }
}

fn value(rng: &mut Rng, names: &[String], scalars: &[Value], depth: usize) -> Value {
    let edge: [Value; 16] = [
        json!(0),
        json!(-1),
        json!(1),
        serde_json::from_str("1.0").unwrap(),
        json!(2.5),
        json!(1e300),
        json!(u64::MAX),
        json!(i64::MIN),
        json!(true),
        json!(null),
        json!(""),
        json!("x"),
        json!("2024-02-29"),
        json!("a@b.co"),
        json!("abc1"),
        json!(7.5),
    ];
    match rng.below(if depth > 3 { 3 } else { 6 }) {
        0 => scalars[rng.below(scalars.len())].clone(),
        1 => edge[rng.below(edge.len())].clone(),
        2 => Value::String(names[rng.below(names.len())].clone()),
        3 | 4 => {
            let mut m = Map::new();
            for _ in 0..rng.below(5) {
                let k = names[rng.below(names.len())].clone();
                m.insert(k, value(rng, names, scalars, depth + 1));
            }
            Value::Object(m)
        }
        _ => Value::Array(
            (0..rng.below(4))
                .map(|_| value(rng, names, scalars, depth + 1))
                .collect(),
        ),
    }
}

#[test]
fn random_arguments_agree() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut problems = Vec::new();
    let mut compared = 0usize;
    let mut invalid = 0usize;
    for (i, (text, compiled)) in TOOLS.iter().enumerate() {
        let schema_value: Value = serde_json::from_str(text).unwrap();
        let interp = Schema::parse(&schema_value).unwrap();
        let (mut names, mut scalars) = (Vec::new(), vec![json!(null)]);
        vocabulary(&schema_value, &mut names, &mut scalars);
        names.push("undeclared".into());
        let rounds = if i >= FIRST_EXTRA { 400 } else { 25 };
        for _ in 0..rounds {
            // Usually an object, as calls are.
            let args = match value(&mut rng, &names, &scalars, 0) {
                v if rng.below(8) == 0 => v,
                Value::Object(m) => Value::Object(m),
                other => {
                    let k = names[rng.below(names.len())].clone();
                    json!({ k: other })
                }
            };
            for policy in [
                Undeclared::RejectUnlessAllowed,
                Undeclared::RejectAlways,
                Undeclared::RejectIfForbidden,
            ] {
                for object_root in [true, false] {
                    // The other switches vary from round to round.
                    let o = Options::default()
                        .undeclared(policy)
                        .object_root(object_root)
                        .formats(rng.below(2) == 0)
                        .integer_floats(rng.below(2) == 0)
                        .null_is_absent(rng.below(2) == 0);
                    let a = interp.validate_with(&args, &o);
                    let b = compiled(&args, &o);
                    compared += 1;
                    invalid += usize::from(!a.is_valid());
                    if a != b {
                        problems.push(format!("schema {text}\nargs {args}\n{o:?}\n  interpreted {a:?}\n  compiled    {b:?}"));
                    }
                    if IS_VALID[i](&args, &o) != b.is_valid() {
                        problems.push(format!(
                            "schema {text}\nargs {args}\n{o:?}\n  compiled is_valid_with differs from validate_with"
                        ));
                    }
                    for ((name, x), (_, y)) in render_all(&a).into_iter().zip(render_all(&b)) {
                        if x != y {
                            problems.push(format!("{name} differs on {args}"));
                        }
                    }
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} disagreements, first:\n{}",
        problems.len(),
        problems[0]
    );
    // Not vacuous: many comparisons, and both valid and invalid calls among them.
    assert!(compared > 20_000, "{compared}");
    assert!(
        invalid > compared / 4 && invalid < compared,
        "{invalid} of {compared} invalid"
    );
}

/// Every format's name and lines, the seed exercises' formats included.
fn render_all(r: &Report) -> Vec<(&'static str, Vec<String>)> {
    let main = Format::ALL.iter().map(|f| (f.name(), f.render(r)));
    let seeds = SeedFormat::ALL.iter().map(|f| (f.name(), f.render(r)));
    main.chain(seeds).collect()
}
