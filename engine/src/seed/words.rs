//! The four seed exercises' exact formats.
//!
//! Seed 000 writes the default sentences (escaped, see [`crate::render::message`]).
//! Seeds 001 to 003 write codes (`extra:NAME`) that their reference compares
//! byte for byte, and sorts: names in them are verbatim (as the [`Path`] keeps
//! them), not escaped. Give untrusted output to a model or a terminal in
//! [`crate::Format::Default`] or [`crate::json_report`].

use crate::json::JsonType;
use crate::render::message;
use crate::violation::{Kind, Path, Report, Segment, Violation};

/// `filters.tags[2]` with the names verbatim.
fn raw(path: &Path) -> String {
    let mut out = String::new();
    for (i, seg) in path.segments().iter().enumerate() {
        match seg {
            Segment::Key(k) => {
                if i > 0 {
                    out.push('.');
                }
                out.push_str(k);
            }
            Segment::Index(n) => {
                out.push('[');
                crate::violation::push_u64(&mut out, *n as u64);
                out.push(']');
            }
        }
    }
    out
}

/// The single `unknown_tool:NAME` line of seeds 001 and 003, if the report has it.
fn unknown_tool(report: &Report) -> Option<Vec<String>> {
    report.violations.iter().find_map(|v| match &v.kind {
        Kind::UnknownTool { name, .. } => Some(vec![format!("unknown_tool:{name}")]),
        _ => None,
    })
}

/// The sentence for `v` without its suggestion (seed 000's words).
fn message_plain(v: &Violation) -> String {
    if v.suggestion.is_none() {
        return message(v);
    }
    let mut bare = v.clone();
    bare.suggestion = None;
    message(&bare)
}

pub(crate) fn seed000(report: &Report) -> Vec<String> {
    report
        .violations
        .iter()
        .filter(|v| matches!(v.kind, Kind::Missing | Kind::Unexpected | Kind::Type { .. }))
        .map(message_plain)
        .collect()
}

/// The flat type names of seed 001.
fn flat_name(t: JsonType) -> &'static str {
    match t {
        JsonType::String => "str",
        JsonType::Integer => "int",
        JsonType::Number => "float",
        JsonType::Boolean => "bool",
        JsonType::Array => "list",
        JsonType::Object => "dict",
        JsonType::Null => "null",
    }
}

pub(crate) fn seed001(report: &Report) -> Vec<String> {
    if let Some(only) = unknown_tool(report) {
        return only;
    }
    let vs = &report.violations;
    let mut out: Vec<String> = vs
        .iter()
        .filter(|v| v.kind == Kind::Missing)
        .map(|v| format!("missing:{}", raw(&v.path)))
        .collect();
    let mut extra: Vec<String> = vs
        .iter()
        .filter(|v| v.kind == Kind::Unexpected)
        .map(|v| format!("extra:{}", raw(&v.path)))
        .collect();
    extra.sort();
    out.extend(extra);
    let mut types: Vec<&Violation> = vs
        .iter()
        .filter(|v| matches!(v.kind, Kind::Type { .. }))
        .collect();
    // Declaration order; the sort is stable, so nested ones keep report order.
    types.sort_by_key(|v| v.position.declared.unwrap_or(usize::MAX));
    out.extend(types.into_iter().map(|v| match &v.kind {
        Kind::Type { expected, .. } => {
            let names: Vec<&str> = expected.iter().map(flat_name).collect();
            format!("type:{}:{}", raw(&v.path), names.join("|"))
        }
        _ => unreachable!("filtered to type violations"),
    }));
    out
}

/// The seed 002/003 code of one violation: `missing:P`, `type:P`, ...
fn code(v: &Violation) -> String {
    let tag = match &v.kind {
        Kind::Missing => "missing",
        Kind::Unexpected => "unexpected",
        Kind::Type { .. } => "type",
        Kind::Enum { .. } => "enum",
        Kind::Const { .. } => "const",
        Kind::BelowMinimum { .. } => "min",
        Kind::AboveMaximum { .. } => "max",
        Kind::UnknownTool { name, .. } => return format!("unknown_tool:{name}"),
        // Kinds the seed never reports keep the kind's code.
        other => other.code(),
    };
    format!("{tag}:{}", raw(&v.path))
}

pub(crate) fn seed002(report: &Report) -> Vec<String> {
    report.violations.iter().map(code).collect()
}

pub(crate) fn seed003(report: &Report) -> Vec<String> {
    if let Some(only) = unknown_tool(report) {
        return only;
    }
    let mut seen_args: Vec<usize> = Vec::new();
    let mut out: Vec<String> = Vec::new();
    for v in &report.violations {
        let kept = matches!(
            v.kind,
            Kind::Missing | Kind::Unexpected | Kind::Type { .. } | Kind::Enum { .. }
        );
        if !kept {
            continue;
        }
        if let Some(arg) = v.position.argument {
            if seen_args.contains(&arg) {
                continue;
            }
            seen_args.push(arg);
        }
        out.push(code(v));
    }
    out.sort();
    out
}
