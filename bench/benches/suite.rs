//! The benchmark suite: every contender on the four benchmark schemas and on 50
//! BFCL tools, valid input and input with three faults, in one run; then a table of
//! medians and ratios (`target/criterion/tool-schema-table.md`).
//!
//! ```sh
//! cargo bench -p tool-schema-bench --features contenders   # everything (jsonschema, boon)
//! cargo bench -p tool-schema-bench                         # ours, serde, hand-written
//! cargo bench -p tool-schema-bench -- --quick              # smoke run (CI)
//! cargo bench -p tool-schema-bench -- order_               # a filter (criterion's)
//! TOOL_SCHEMA_BENCH_CLOCK=cpu cargo bench ...               # thread CPU time, on a busy machine
//! ```

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::Criterion;
use serde_json::Value;
use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, SystemTime};
use tool_schema::{Options, Schema};
use tool_schema_bench::{
    bfcl, bfcl_cases, compiled_is_valid, compiled_validate, compiled_validate_str,
    derived_parse_str, hand_validate, interpreted, typed_parse, BENCHES,
};

/// The rows of the table: benchmark id, label.
const ROWS: &[(&str, &str)] = &[
    (
        "compiled",
        "tool-schema `tool_schema!` (all errors, as strings)",
    ),
    (
        "compiled_is_valid",
        "tool-schema `tool_schema!`, `is_valid`",
    ),
    ("interp_is_valid", "tool-schema interpreter, `is_valid`"),
    ("interp", "tool-schema interpreter (all errors, as strings)"),
    (
        "hand",
        "hand-written specialised validator on `&Value` (the limit)",
    ),
    (
        "js_compiled_is_valid",
        "`jsonschema` 0.60 compiled `#[validator]`, `is_valid`",
    ),
    ("js_compiled", "same, `iter_errors` -> `to_string`"),
    (
        "js_rt_is_valid",
        "`jsonschema` 0.61 run-time validator, `is_valid`",
    ),
    ("js_rt", "same, `iter_errors` -> `to_string`"),
    ("boon", "`boon` 0.6, `validate` -> `to_string`"),
    (
        "text",
        "tool-schema text path, `T::validate_str` (text, all errors, as strings)",
    ),
    (
        "text_interp",
        "tool-schema text path, `Schema::validate_str` (text, all errors, as strings)",
    ),
    (
        "parse_str",
        "tool-schema `parse_str::<T>`, `#[derive(ToolArgs)]` (text, typed, all errors, as strings)",
    ),
    (
        "serde_value",
        "`serde_json::from_str::<Value>` (text, parse only)",
    ),
    (
        "serde_typed",
        "`serde_json::from_str::<Typed>` (text, serde derive, first error only)",
    ),
];

/// The ratios printed: ours, the other (benchmark ids).
const RATIOS: &[(&str, &str)] = &[
    ("compiled", "hand"),
    ("compiled", "js_compiled_is_valid"),
    ("compiled_is_valid", "js_compiled_is_valid"),
    ("compiled", "js_compiled"),
    ("compiled", "js_rt_is_valid"),
    ("compiled", "js_rt"),
    ("compiled", "boon"),
    ("compiled", "serde_value"),
    ("compiled", "serde_typed"),
    ("text", "serde_value"),
    ("text", "serde_typed"),
    ("text_interp", "serde_value"),
    ("parse_str", "serde_typed"),
    ("parse_str", "serde_value"),
    ("interp_is_valid", "js_rt_is_valid"),
    ("interp", "js_rt"),
    ("interp", "boon"),
];

/// The columns: criterion group, heading.
const COLUMNS: &[(&str, &str)] = &[
    ("weather_valid", "weather valid"),
    ("search_valid", "search valid"),
    ("order_valid", "order valid"),
    ("job_valid", "job valid"),
    ("bfcl50_valid", "50 BFCL calls valid"),
    ("weather_invalid", "weather invalid"),
    ("search_invalid", "search invalid"),
    ("order_invalid", "order invalid"),
    ("job_invalid", "job invalid"),
    ("bfcl50_invalid", "50 BFCL calls invalid"),
];

#[cfg(feature = "contenders")]
mod contenders {
    use serde_json::Value;

    /// jsonschema's compile-time validators of the four schemas.
    pub use tool_schema_bench::js_compiled as compiled;

    type IsValid = fn(&Value) -> bool;
    type Errors = fn(&Value) -> Vec<String>;

    pub fn js_compiled(name: &str) -> (IsValid, Errors) {
        use compiled::*;
        match name {
            "weather" => (Weather::is_valid, |v| {
                Weather::iter_errors(v).map(|e| e.to_string()).collect()
            }),
            "search" => (Search::is_valid, |v| {
                Search::iter_errors(v).map(|e| e.to_string()).collect()
            }),
            "order" => (Order::is_valid, |v| {
                Order::iter_errors(v).map(|e| e.to_string()).collect()
            }),
            "job" => (Job::is_valid, |v| {
                Job::iter_errors(v).map(|e| e.to_string()).collect()
            }),
            _ => unreachable!(),
        }
    }

    pub fn js_rt(schema: &Value) -> jsonschema_rt::Validator {
        jsonschema_rt::validator_for(schema).expect("jsonschema accepts the schema")
    }

    pub fn js_rt_errors(v: &jsonschema_rt::Validator, value: &Value) -> Vec<String> {
        v.iter_errors(value).map(|e| e.to_string()).collect()
    }

    pub struct Boon {
        schemas: boon::Schemas,
        index: boon::SchemaIndex,
    }

    impl Boon {
        pub fn new(name: &str, schema: &Value) -> Boon {
            let mut schemas = boon::Schemas::new();
            let mut compiler = boon::Compiler::new();
            compiler.set_default_draft(boon::Draft::V2020_12);
            let url = format!("http://bench.invalid/{name}.json");
            compiler
                .add_resource(&url, schema.clone())
                .expect("boon resource");
            let index = compiler
                .compile(&url, &mut schemas)
                .expect("boon accepts the schema");
            Boon { schemas, index }
        }

        /// Valid, or every error as one string (boon reports a tree of causes).
        pub fn validate(&self, value: &Value) -> Result<(), String> {
            self.schemas
                .validate(value, self.index)
                .map_err(|e| e.to_string())
        }
    }
}

/// Per-thread CPU time (`CLOCK_THREAD_CPUTIME_ID`), for a machine shared with other
/// work (`TOOL_SCHEMA_BENCH_CLOCK=cpu`): time the benchmark thread was descheduled
/// is not counted, as it is in wall time (criterion's default).
struct ThreadCpu;

impl ThreadCpu {
    fn now() -> u64 {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `ts` is a valid timespec to write to; the clock id is a constant.
        unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
        ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
    }
}

impl Measurement for ThreadCpu {
    type Intermediate = u64;
    type Value = u64;
    fn start(&self) -> u64 {
        ThreadCpu::now()
    }
    fn end(&self, start: u64) -> u64 {
        ThreadCpu::now().saturating_sub(start)
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, v: &u64) -> f64 {
        *v as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        // Nanoseconds, as wall time's.
        WallTime.formatter()
    }
}

fn cpu_clock() -> bool {
    std::env::var("TOOL_SCHEMA_BENCH_CLOCK").is_ok_and(|c| c == "cpu")
}

fn config<M: Measurement>(m: M) -> Criterion<M> {
    let quick = std::env::args().any(|a| a == "--quick");
    let c = Criterion::default()
        .with_measurement(m)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(50)
        .configure_from_args();
    // --quick (criterion's own) samples each benchmark until its estimate is stable,
    // for at least 100 ms: the cap keeps the smoke run short.
    if quick {
        c.measurement_time(Duration::from_millis(400))
    } else {
        c
    }
}

fn four_schemas<M: Measurement>(c: &mut Criterion<M>) {
    for b in BENCHES {
        let schema_value: Value = serde_json::from_str(b.schema).unwrap();
        let schema: Schema = interpreted(b.schema);
        let compiled = compiled_validate(b.name);
        let compiled_yes = compiled_is_valid(b.name);
        let hand = hand_validate(b.name);
        let typed = typed_parse(b.name);
        let text_path = compiled_validate_str(b.name);
        let parse_str = derived_parse_str(b.name);
        #[cfg(feature = "contenders")]
        let (js_c_valid, js_c_errors) = contenders::js_compiled(b.name);
        #[cfg(feature = "contenders")]
        let js_rt = contenders::js_rt(&schema_value);
        #[cfg(feature = "contenders")]
        let boon = contenders::Boon::new(b.name, &schema_value);
        let _ = &schema_value;

        for (input, text) in [("valid", b.valid), ("invalid", b.invalid)] {
            let value: Value = serde_json::from_str(text).unwrap();
            let v = &value;
            let valid = input == "valid";
            let mut g = c.benchmark_group(format!("{}_{input}", b.name));
            g.bench_function("compiled", |bn| {
                bn.iter(|| compiled(black_box(v)).messages())
            });
            if valid {
                g.bench_function("compiled_is_valid", |bn| {
                    bn.iter(|| compiled_yes(black_box(v)))
                });
                g.bench_function("interp_is_valid", |bn| {
                    bn.iter(|| schema.is_valid(black_box(v)))
                });
            }
            g.bench_function("interp", |bn| {
                bn.iter(|| schema.validate(black_box(v)).messages())
            });
            if let Some(hand) = hand {
                g.bench_function("hand", |bn| bn.iter(|| hand(black_box(v))));
            }
            #[cfg(feature = "contenders")]
            {
                if valid {
                    g.bench_function("js_compiled_is_valid", |bn| {
                        bn.iter(|| js_c_valid(black_box(v)))
                    });
                }
                g.bench_function("js_compiled", |bn| bn.iter(|| js_c_errors(black_box(v))));
                if valid {
                    g.bench_function("js_rt_is_valid", |bn| {
                        bn.iter(|| js_rt.is_valid(black_box(v)))
                    });
                }
                g.bench_function("js_rt", |bn| {
                    bn.iter(|| contenders::js_rt_errors(&js_rt, black_box(v)))
                });
                g.bench_function("boon", |bn| bn.iter(|| boon.validate(black_box(v))));
            }
            g.bench_function("text", |bn| {
                bn.iter(|| text_path(black_box(text)).map(|r| r.messages()))
            });
            g.bench_function("text_interp", |bn| {
                bn.iter(|| {
                    schema
                        .validate_str(black_box(text), &Options::default())
                        .map(|r| r.messages())
                })
            });
            g.bench_function("serde_value", |bn| {
                bn.iter(|| serde_json::from_str::<Value>(black_box(text)).is_ok())
            });
            g.bench_function("parse_str", |bn| bn.iter(|| parse_str(black_box(text))));
            g.bench_function("serde_typed", |bn| bn.iter(|| typed(black_box(text))));
            g.finish();
        }
    }
}

fn bfcl_sample<M: Measurement>(c: &mut Criterion<M>) {
    let cases = bfcl_cases();
    let schemas: Vec<Schema> = cases
        .iter()
        .map(|k| Schema::parse(&k.schema).unwrap())
        .collect();
    #[cfg(feature = "contenders")]
    let js_rt: Vec<_> = cases.iter().map(|k| contenders::js_rt(&k.schema)).collect();
    #[cfg(feature = "contenders")]
    let boons: Vec<_> = cases
        .iter()
        .enumerate()
        .map(|(i, k)| contenders::Boon::new(&format!("bfcl{i}"), &k.schema))
        .collect();
    for input in ["valid", "invalid"] {
        let valid = input == "valid";
        let values: Vec<&Value> = cases
            .iter()
            .map(|k| if valid { &k.valid } else { &k.invalid })
            .collect();
        let texts: Vec<String> = values.iter().map(|v| v.to_string()).collect();
        let values = &values;
        let mut g = c.benchmark_group(format!("bfcl50_{input}"));
        g.bench_function("compiled", |bn| {
            bn.iter(|| {
                for (i, v) in values.iter().enumerate() {
                    black_box(bfcl::VALIDATE[i](black_box(v)).messages());
                }
            })
        });
        if valid {
            g.bench_function("compiled_is_valid", |bn| {
                bn.iter(|| {
                    for (i, v) in values.iter().enumerate() {
                        black_box(bfcl::IS_VALID[i](black_box(v)));
                    }
                })
            });
            g.bench_function("interp_is_valid", |bn| {
                bn.iter(|| {
                    for (s, v) in schemas.iter().zip(values) {
                        black_box(s.is_valid(black_box(v)));
                    }
                })
            });
        }
        g.bench_function("interp", |bn| {
            bn.iter(|| {
                for (s, v) in schemas.iter().zip(values) {
                    black_box(s.validate(black_box(v)).messages());
                }
            })
        });
        #[cfg(feature = "contenders")]
        {
            use bfcl::jsonschema_compiled::{ERRORS, IS_VALID};
            if valid {
                g.bench_function("js_compiled_is_valid", |bn| {
                    bn.iter(|| {
                        for (i, v) in values.iter().enumerate() {
                            black_box(IS_VALID[i](black_box(v)));
                        }
                    })
                });
            }
            g.bench_function("js_compiled", |bn| {
                bn.iter(|| {
                    for (i, v) in values.iter().enumerate() {
                        black_box(ERRORS[i](black_box(v)));
                    }
                })
            });
            if valid {
                g.bench_function("js_rt_is_valid", |bn| {
                    bn.iter(|| {
                        for (s, v) in js_rt.iter().zip(values) {
                            black_box(s.is_valid(black_box(v)));
                        }
                    })
                });
            }
            g.bench_function("js_rt", |bn| {
                bn.iter(|| {
                    for (s, v) in js_rt.iter().zip(values) {
                        black_box(contenders::js_rt_errors(s, black_box(v)));
                    }
                })
            });
            g.bench_function("boon", |bn| {
                bn.iter(|| {
                    for (s, v) in boons.iter().zip(values) {
                        let _ = black_box(s.validate(black_box(v)));
                    }
                })
            });
        }
        g.bench_function("text", |bn| {
            bn.iter(|| {
                for (i, t) in texts.iter().enumerate() {
                    let _ = black_box(bfcl::VALIDATE_STR[i](black_box(t)).map(|r| r.messages()));
                }
            })
        });
        g.bench_function("text_interp", |bn| {
            bn.iter(|| {
                for (s, t) in schemas.iter().zip(&texts) {
                    let r = s.validate_str(black_box(t), &Options::default());
                    let _ = black_box(r.map(|r| r.messages()));
                }
            })
        });
        g.bench_function("serde_value", |bn| {
            bn.iter(|| {
                for t in &texts {
                    black_box(serde_json::from_str::<Value>(black_box(t)).is_ok());
                }
            })
        });
        g.finish();
    }
}

fn main() {
    let started = SystemTime::now();
    if cpu_clock() {
        let mut c = config(ThreadCpu);
        four_schemas(&mut c);
        bfcl_sample(&mut c);
        c.final_summary();
    } else {
        let mut c = config(WallTime);
        four_schemas(&mut c);
        bfcl_sample(&mut c);
        c.final_summary();
    }
    // `cargo bench` passes --bench; `cargo test --all-targets` runs each benchmark
    // once without it, and then there is nothing to tabulate.
    if std::env::args().any(|a| a == "--bench") {
        table::print(&criterion_dir(), started);
    }
}

/// Where criterion writes: as criterion decides it (`CRITERION_HOME`,
/// `CARGO_TARGET_DIR`), else beside this executable (`target/release/deps/..`).
fn criterion_dir() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return PathBuf::from(home);
    }
    if let Some(target) = std::env::var_os("CARGO_TARGET_DIR") {
        return PathBuf::from(target).join("criterion");
    }
    std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.parent()?.parent()?.join("criterion")))
        .unwrap_or_else(|| PathBuf::from("target/criterion"))
}

mod table {
    use super::{COLUMNS, RATIOS, ROWS};
    use std::fmt::Write as _;
    use std::path::Path;
    use std::time::SystemTime;

    /// The median of `group/id` in ns, if measured in this run.
    fn median(dir: &Path, group: &str, id: &str, since: SystemTime) -> Option<f64> {
        let path = dir.join(group).join(id).join("new").join("estimates.json");
        let fresh = std::fs::metadata(&path).ok()?.modified().ok()? >= since;
        if !fresh {
            return None;
        }
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()?;
        v["median"]["point_estimate"].as_f64()
    }

    pub fn time(ns: f64) -> String {
        if ns < 10.0 {
            format!("{ns:.2} ns")
        } else if ns < 1_000.0 {
            format!("{ns:.1} ns")
        } else if ns < 1_000_000.0 {
            format!("{:.2} µs", ns / 1e3)
        } else {
            format!("{:.2} ms", ns / 1e6)
        }
    }

    fn ratio(a: Option<f64>, b: Option<f64>) -> String {
        match (a, b) {
            (Some(a), Some(b)) if b > 0.0 => format!("{:.2}x", a / b),
            _ => "-".into(),
        }
    }

    pub fn print(dir: &Path, since: SystemTime) {
        let cell = |g: &str, id: &str| median(dir, g, id, since);
        let columns: Vec<_> = COLUMNS
            .iter()
            .filter(|(g, _)| ROWS.iter().any(|(id, _)| cell(g, id).is_some()))
            .collect();
        if columns.is_empty() {
            return;
        }
        let rows: Vec<_> = ROWS
            .iter()
            .filter(|(id, _)| columns.iter().any(|(g, _)| cell(g, id).is_some()))
            .collect();
        let mut out = String::new();
        let head = |out: &mut String, first: &str| {
            let _ = write!(out, "| {first} |");
            for (_, h) in &columns {
                let _ = write!(out, " {h} |");
            }
            out.push_str("\n|---|");
            for _ in &columns {
                out.push_str("---:|");
            }
            out.push('\n');
        };
        let clock = if super::cpu_clock() {
            "thread CPU time"
        } else {
            "wall time"
        };
        let _ = write!(
            out,
            "Medians per call, {clock} (50 BFCL calls: all 50 calls):\n\n"
        );
        head(&mut out, "median");
        for (id, label) in &rows {
            let _ = write!(out, "| {label} |");
            for (g, _) in &columns {
                let _ = write!(out, " {} |", cell(g, id).map_or("-".into(), time));
            }
            out.push('\n');
        }
        out.push_str("\nOurs / each contender (below 1.00x: ours is faster):\n\n");
        head(&mut out, "ratio");
        for (ours, other) in RATIOS {
            let present = columns
                .iter()
                .any(|(g, _)| cell(g, ours).is_some() && cell(g, other).is_some());
            if !present {
                continue;
            }
            let _ = write!(out, "| {ours} / {other} |");
            for (g, _) in &columns {
                let _ = write!(out, " {} |", ratio(cell(g, ours), cell(g, other)));
            }
            out.push('\n');
        }
        out.push_str(
            "\nRow ids: compiled = `tool_schema!`; interp = interpreter; hand = hand-written; \
             js_compiled = jsonschema `#[validator]`; js_rt = jsonschema run-time; \
             `_is_valid`: the boolean check; otherwise all errors as strings.\n",
        );
        println!("\n{out}");
        let _ = std::fs::write(dir.join("tool-schema-table.md"), &out);
        println!(
            "(written to {})",
            dir.join("tool-schema-table.md").display()
        );
    }
}
