//! `tool-schema lint`: each definition's schema errors and lints, and what each
//! provider's export makes of it, as a table; the details below it.

use crate::args::LintArgs;
use crate::input::{shown, shown_within};
use crate::tools::{self, ToolDef};
use crate::words::cli_words;
use crate::{table, Status};
use std::collections::HashMap;
use std::io::{self, Write};
use tool_schema_engine::export::{export, ExportError, ExportOptions, Exported, Target, ToolSpec};
use tool_schema_engine::{Diagnostic, Dialect, Lint};

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
    let Some(defs) = tools::read_or_say(&args.file, err)? else {
        return Ok(Status::Unusable);
    };
    let linted: Vec<Linted> = defs
        .iter()
        .map(|d| lint(d, args.dialect.dialect()))
        .collect();
    out.write_all(render_table(&linted).as_bytes())?;
    out.write_all(notes(&linted).as_bytes())?;
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

/// What the table sums up, each note once: the schemas' errors and lints, and
/// what each export changed or refused, grouped by their words, each with how
/// many times it occurs and where (the targets, the tools). Empty when there is
/// nothing to say.
pub fn notes(linted: &[Linted]) -> String {
    let mut groups: Vec<Group> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut note = |text: String, tool: usize, target: Option<Target>| {
        let at = *index.entry(text.clone()).or_insert_with(|| {
            groups.push(Group {
                text,
                count: 0,
                tools: Vec::new(),
                targets: Vec::new(),
            });
            groups.len() - 1
        });
        let g = &mut groups[at];
        g.count += 1;
        if g.tools.last() != Some(&tool) {
            g.tools.push(tool);
        }
        if let Some(t) = target.filter(|t| !g.targets.contains(t)) {
            g.targets.push(t);
        }
    };
    for (tool, l) in linted.iter().enumerate() {
        for e in &l.errors {
            note(format!("error: {}", cli_words(e)), tool, None);
        }
        for lint in &l.lints {
            note(format!("lint: {}", cli_words(lint)), tool, None);
        }
        for (target, result) in &l.exports {
            match result {
                Ok(e) => {
                    for c in e.report.changes() {
                        note(format!("change: {}", cli_words(c)), tool, Some(*target));
                    }
                }
                Err(e) => {
                    for p in &e.problems {
                        let pointer = if p.pointer.is_empty() {
                            "(root)"
                        } else {
                            &p.pointer
                        };
                        let text = format!(
                            "refused at {}: {} ({})",
                            shown_within(pointer, MESSAGE_SHOWN),
                            shown_within(&p.message, MESSAGE_SHOWN),
                            shown_within(&p.rule, MESSAGE_SHOWN)
                        );
                        note(cli_words(text), tool, Some(*target));
                    }
                }
            }
        }
    }
    if groups.is_empty() {
        return String::new();
    }
    let names: Vec<String> = linted.iter().map(|l| shown(&l.name)).collect();
    let mut out = String::from("\nnotes, each once [how many times: the targets; the tools]:\n");
    for g in &groups {
        out.push_str(&format!("  {} [{}]\n", g.text, g.place(&names)));
    }
    out
}

/// A note and where it occurs.
struct Group {
    text: String,
    /// How many times: once per tool, or per tool and target for an export's.
    count: usize,
    /// The tools, as indices into the linted list, in its order.
    tools: Vec<usize>,
    /// The targets (none for a schema's errors and lints), in the order met.
    targets: Vec<Target>,
}

impl Group {
    /// `360 times: every target; every tool (40)`, `once: openai_chat_strict; get_weather`.
    fn place(&self, names: &[String]) -> String {
        let times = match self.count {
            1 => "once".to_string(),
            n => format!("{n} times"),
        };
        let mut out = format!("{times}: ");
        if !self.targets.is_empty() {
            if self.targets.len() == Target::ALL.len() {
                out.push_str("every target");
            } else {
                let mut ids: Vec<&str> = Target::ALL
                    .iter()
                    .filter(|t| self.targets.contains(t))
                    .map(|t| t.id())
                    .collect();
                ids.dedup();
                out.push_str(&ids.join(", "));
            }
            out.push_str("; ");
        }
        if self.tools.len() == names.len() && names.len() > 1 {
            out.push_str(&format!("every tool ({})", names.len()));
        } else {
            let tools: Vec<&str> = self.tools.iter().map(|&i| names[i].as_str()).collect();
            out.push_str(&tools.join(", "));
        }
        out
    }
}

fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
