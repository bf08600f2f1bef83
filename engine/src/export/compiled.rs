//! Exports computed when a tool's crate compiled: for each target that accepts
//! the tool, its definition as JSON text, the changes the export made and (OpenAI
//! strict) the properties made required and nullable; for each target that
//! refuses it, the problems. Exactly what the run-time export gives with the
//! default options. The macros write them as
//! [`ToolArgs::__EXPORTS`](crate::ToolArgs::__EXPORTS); the `ToolExport` methods,
//! [`ToolExport::export_to`](super::ToolExport::export_to) and the `Toolbox`'s
//! list export read them instead of exporting again.

use super::report::{Change, ExportError, ExportReport, Problem};
use super::{ExportOptions, Exported, NullableOptional, Target};
pub use crate::export_records::{
    CompiledChange, CompiledExport, CompiledNullable, CompiledProblem,
};
use serde_json::Value;

/// The initialiser of [`ToolArgs::__EXPORTS`](crate::ToolArgs::__EXPORTS) the
/// macros write: `[declared targets' entries] [other targets' parts] [other
/// targets' entries]`, each entry followed by a comma (the groups are matched
/// as token trees, not parsed). With the `engines` feature, the entries of the
/// targets the tool declares (`#[tool(targets(..))]`) alone: the `ToolExport`
/// methods export any other target when the program runs, once per tool and
/// target (`export::lazy`), and the other parts are never compiled. Without it
/// there is no run-time export: every target's entry.
#[cfg(feature = "engines")]
#[doc(hidden)]
#[macro_export]
macro_rules! __exports {
    ([$($declared:tt)*] [$($part:tt)*] [$($other:tt)*]) => {
        &[$($declared)*]
    };
}

/// See the `engines` version above.
#[cfg(not(feature = "engines"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __exports {
    ([$($declared:tt)*] [$($part:tt)*] [$($other:tt)*]) => {{
        $($part)*
        &[$($declared)* $($other)*]
    }};
}

/// The index of `target`'s entry in `exports`, accepted or refused
/// (`exports.len()` when there is none).
const fn position(exports: &'static [CompiledExport], target: Target) -> usize {
    let mut i = 0;
    while i < exports.len() && exports[i].target as u8 != target as u8 {
        i += 1;
    }
    i
}

/// `target`'s definition in `exports` (empty when it has none or refuses the
/// tool): a constant in each `ToolExport` method, so that a binary holds the text
/// of the targets it exports only.
pub(crate) const fn definition(exports: &'static [CompiledExport], target: Target) -> &'static str {
    match position(exports, target) {
        i if i < exports.len() => exports[i].definition,
        _ => "",
    }
}

/// `target`'s problems with the tool in `exports` (empty when it accepts the
/// tool or has no entry): a constant, as [`definition`].
pub(crate) const fn refusal(
    exports: &'static [CompiledExport],
    target: Target,
) -> &'static [CompiledProblem] {
    match position(exports, target) {
        i if i < exports.len() => exports[i].refusal,
        _ => &[],
    }
}

/// Whether `exports` holds `target`'s definition. A constant in each
/// `ToolExport` method (`if const { .. }`), so that the method of a target the
/// macros compiled does not refer to the run-time export at all: its code is
/// not even generated for that tool. (A definition is JSON text, never empty.)
pub(crate) const fn holds(exports: &'static [CompiledExport], target: Target) -> bool {
    !definition(exports, target).is_empty()
}

/// Whether `exports` holds `target`'s refusal of the tool (a constant, as
/// [`holds`]).
pub(crate) const fn refuses(exports: &'static [CompiledExport], target: Target) -> bool {
    !refusal(exports, target).is_empty()
}

/// `target`'s export in `exports` when it answers an export with `options`: it
/// was compiled (accepted or refused), with the default options.
pub(crate) fn for_options(
    exports: &'static [CompiledExport],
    target: Target,
    options: &ExportOptions,
) -> Option<&'static CompiledExport> {
    if *options != ExportOptions::default() {
        return None;
    }
    exports.iter().find(|e| e.target == target)
}

/// Tool `name`'s definition for `target` from its compiled text `json`.
pub(crate) fn value(name: &str, target: Target, json: &str) -> Result<Value, ExportError> {
    // JSON text serde_json wrote from a schema of at most 64 levels: it reads back.
    serde_json::from_str(json).map_err(|e| ExportError {
        target,
        problems: vec![Problem {
            tool: name.to_string(),
            pointer: String::new(),
            message: format!("the definition compiled into the tool does not read back: {e}"),
            rule: "a compiled definition is JSON text".to_string(),
        }],
    })
}

/// Tool `name`'s problems as compiled, as the run-time export reports them.
pub(crate) fn problems<'a>(
    name: &'a str,
    refusal: &'static [CompiledProblem],
) -> impl Iterator<Item = Problem> + 'a {
    refusal.iter().map(move |p| Problem {
        tool: name.to_string(),
        pointer: p.pointer.to_string(),
        message: p.message.to_string(),
        rule: p.rule.to_string(),
    })
}

/// Tool `name`'s refusal by `target`, as compiled.
pub(crate) fn refused(
    name: &str,
    target: Target,
    refusal: &'static [CompiledProblem],
) -> ExportError {
    ExportError {
        target,
        problems: problems(name, refusal).collect(),
    }
}

/// In a `ToolExport` method of a tool without a compiled export for `target`,
/// when the crate has no run-time export (no `engines` feature): a compile
/// error where the method is used (the constant is evaluated for that tool).
#[cfg(not(feature = "engines"))]
pub(crate) const fn needs_engines(exports: &'static [CompiledExport], target: Target) {
    if !holds(exports, target) && !refuses(exports, target) {
        panic!(
            "tool-schema: no export of this tool was compiled (the macros do not see its \
             schema whole: its type is generic, recursive, or nests or flattens another \
             type); exporting it when the program runs needs tool-schema's `engines` \
             feature"
        );
    }
}

/// Why a tool without a compiled export for a target and options is not
/// exported when the crate has no run-time export, and the rule.
#[cfg(not(feature = "engines"))]
pub(crate) const WITHOUT_ENGINES: &str = "this export was not compiled into the tool (options \
     other than the defaults, or a tool whose schema the macros did not see whole), and \
     exporting when the program runs needs tool-schema's `engines` feature";
#[cfg(not(feature = "engines"))]
pub(crate) const WITHOUT_ENGINES_RULE: &str =
    "without the `engines` feature, a tool exports what the macros compiled";

/// [`ToolExport::export_to`](super::ToolExport::export_to) of tool `name` when
/// it has no compiled export for `target` with the options asked for, and the
/// crate has no run-time export (no `engines` feature).
#[cfg(not(feature = "engines"))]
pub(crate) fn without_engines(name: &str, target: Target) -> ExportError {
    ExportError {
        target,
        problems: vec![Problem {
            tool: name.to_string(),
            pointer: String::new(),
            message: WITHOUT_ENGINES.to_string(),
            rule: WITHOUT_ENGINES_RULE.to_string(),
        }],
    }
}

/// The records of a compiled export read as the run-time export's types.
pub(crate) trait CompiledRecords {
    /// The changes, as the run-time export of tool `name` records them.
    fn changes_of(&self, name: &str) -> impl Iterator<Item = Change> + '_;
    /// The properties made required and nullable.
    fn nullable_of(&self) -> impl Iterator<Item = NullableOptional> + '_;
    /// The whole export of tool `name`, as [`super::export`] gives it with the
    /// default options.
    fn exported(&self, name: &str) -> Result<Exported, ExportError>;
}

impl CompiledRecords for CompiledExport {
    fn changes_of(&self, name: &str) -> impl Iterator<Item = Change> + '_ {
        let tool = name.to_string();
        self.changes.iter().map(move |c| Change {
            tool: tool.clone(),
            pointer: c.pointer.to_string(),
            kind: c.kind,
            what: c.what.to_string(),
            why: c.why.to_string(),
        })
    }

    fn nullable_of(&self) -> impl Iterator<Item = NullableOptional> + '_ {
        self.nullable.iter().map(|n| NullableOptional {
            object_pointer: n.object_pointer.to_string(),
            property: n.property.to_string(),
            pointer: n.pointer.to_string(),
            already_nullable: n.already_nullable,
        })
    }

    fn exported(&self, name: &str) -> Result<Exported, ExportError> {
        if !self.refusal.is_empty() {
            return Err(refused(name, self.target, self.refusal));
        }
        Ok(Exported {
            value: value(name, self.target, self.definition)?,
            report: ExportReport::from_changes(self.changes_of(name).collect()),
            nullable_optional: self.nullable_of().collect(),
        })
    }
}
