//! `tool-schema lint`: each definition's schema errors and lints, and what each
//! provider's export makes of it, as a table; the details below it.

use crate::args::LintArgs;
use crate::input::{shown, shown_within};
use crate::tools::{self, ToolDef};
use crate::{table, Status};
use std::io::{self, Write};
use tool_schema_runtime::export::{export, ExportError, ExportOptions, Exported, Target, ToolSpec};
use tool_schema_runtime::{Diagnostic, Dialect, Lint};

/// The most characters of a message echoed from a schema.
const MESSAGE_SHOWN: usize = 1000;

/// What linting one definition found.
pub struct Linted {
    pub name: String,
    /// The schema's errors (empty when it is accepted).
    pub errors: Vec<Diagnostic>,
    pub lints: Vec<Lint>,
    /// Each target's export, in [`Target::ALL`]'s order; empty when the schema is
    /// refused (every export would refuse it for the same reasons).
    pub exports: Vec<(Target, Result<Exported, ExportError>)>,
}

/// Lints one definition.
pub fn lint(def: &ToolDef, dialect: Dialect) -> Linted {
    let (errors, lints) = match dialect.parse(&def.schema) {
        Ok(schema) => (Vec::new(), schema.lints().to_vec()),
        Err(e) => (e.problems, e.lints),
    };
    let mut exports = Vec::new();
    if errors.is_empty() {
        if let Ok(schema) = dialect.to_json_schema(&def.schema) {
            let spec = ToolSpec::new(&def.name, &def.description, &schema);
            for target in Target::ALL {
                exports.push((target, export(target, &spec, &ExportOptions::default())));
            }
        }
    }
    Linted {
        name: def.name.clone(),
        errors,
        lints,
        exports,
    }
}

/// Runs `lint`.
pub fn run(args: &LintArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<Status> {
    let defs = match tools::read(&args.file) {
        Ok(defs) => defs,
        Err(e) => {
            writeln!(err, "tool-schema: {e}")?;
            return Ok(Status::Unusable);
        }
    };
    let linted: Vec<Linted> = defs
        .iter()
        .map(|d| lint(d, args.dialect.dialect()))
        .collect();
    out.write_all(render_table(&linted).as_bytes())?;
    for l in &linted {
        out.write_all(details(l).as_bytes())?;
    }
    let problems = linted
        .iter()
        .any(|l| !l.errors.is_empty() || !l.lints.is_empty());
    Ok(if problems {
        Status::Problems
    } else {
        Status::Ok
    })
}

/// One row per tool: its name, schema, lints, then one column per target.
pub fn render_table(linted: &[Linted]) -> String {
    let mut header = vec!["tool", "schema", "lints"];
    header.extend(Target::ALL.iter().map(|t| t.id()));
    let rows: Vec<Vec<String>> = linted
        .iter()
        .map(|l| {
            let mut row = vec![
                shown(&l.name),
                if l.errors.is_empty() {
                    "ok".into()
                } else {
                    count(l.errors.len(), "error", "errors")
                },
                l.lints.len().to_string(),
            ];
            if l.exports.is_empty() {
                row.extend(Target::ALL.iter().map(|_| "-".to_string()));
            }
            for (_, result) in &l.exports {
                row.push(match result {
                    Ok(e) if e.report.is_empty() => "ok".into(),
                    Ok(e) => count(e.report.changes().len(), "change", "changes"),
                    Err(_) => "refused".into(),
                });
            }
            row
        })
        .collect();
    table::render(&header, &rows)
}

/// What the table sums up for one tool: its errors, lints, export problems and
/// changes; empty when there is nothing to say.
pub fn details(l: &Linted) -> String {
    let mut out = String::new();
    for e in &l.errors {
        out.push_str(&format!("  error: {e}\n"));
    }
    for lint in &l.lints {
        out.push_str(&format!("  lint: {lint}\n"));
    }
    for (target, result) in &l.exports {
        match result {
            Ok(e) if e.report.is_empty() => {}
            Ok(e) => {
                let n = e.report.changes().len();
                out.push_str(&format!(
                    "  {}: {}\n",
                    target.id(),
                    count(n, "change", "changes")
                ));
                for c in e.report.changes() {
                    out.push_str(&format!("    {c}\n"));
                }
            }
            Err(e) => {
                out.push_str(&format!("  {}: refused\n", target.id()));
                for p in &e.problems {
                    let pointer = if p.pointer.is_empty() {
                        "(root)"
                    } else {
                        &p.pointer
                    };
                    out.push_str(&format!(
                        "    at {}: {} ({})\n",
                        shown_within(pointer, MESSAGE_SHOWN),
                        shown_within(&p.message, MESSAGE_SHOWN),
                        shown_within(&p.rule, MESSAGE_SHOWN)
                    ));
                }
            }
        }
    }
    if out.is_empty() {
        return out;
    }
    format!("\n{}:\n{out}", shown(&l.name))
}

fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
