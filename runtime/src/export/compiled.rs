//! Exports computed when a tool's crate compiled: for each target that accepts
//! the tool, its definition as JSON text, the changes the export made and (OpenAI
//! strict) the properties made required and nullable, exactly what the run-time
//! export gives with the default options. The macros write them as
//! [`ToolArgs::__EXPORTS`](crate::ToolArgs::__EXPORTS); the `ToolExport` methods,
//! [`ToolExport::export_to`](super::ToolExport::export_to) and the `Toolbox`'s
//! list export read them instead of exporting again.

use super::report::{Change, ChangeKind, ExportError, ExportReport, Problem};
use super::{ExportOptions, Exported, NullableOptional, Target};
use serde_json::Value;

/// One target's export of a tool, computed when the tool compiled.
#[doc(hidden)]
#[derive(Debug)]
pub struct CompiledExport {
    /// The target.
    pub target: Target,
    /// The tool definition as compact JSON text (never empty).
    pub definition: &'static str,
    /// Every change the export made, in order.
    pub changes: &'static [CompiledChange],
    /// OpenAI strict: the optional properties made required and nullable.
    pub nullable: &'static [CompiledNullable],
}

/// A [`Change`] of a compiled export (the tool's name is the tool's).
#[doc(hidden)]
#[derive(Debug)]
pub struct CompiledChange {
    pub pointer: &'static str,
    pub kind: ChangeKind,
    pub what: &'static str,
    pub why: &'static str,
}

/// A [`NullableOptional`] of a compiled export.
#[doc(hidden)]
#[derive(Debug)]
pub struct CompiledNullable {
    pub object_pointer: &'static str,
    pub property: &'static str,
    pub pointer: &'static str,
    pub already_nullable: bool,
}

/// `target`'s definition in `exports` (empty when it has none): a constant in
/// each `ToolExport` method, so that a binary holds the text of the targets it
/// exports only.
pub(crate) const fn definition(exports: &'static [CompiledExport], target: Target) -> &'static str {
    let mut i = 0;
    while i < exports.len() {
        if exports[i].target as u8 == target as u8 {
            return exports[i].definition;
        }
        i += 1;
    }
    ""
}

/// Whether `exports` holds `target`'s definition. A constant in each
/// `ToolExport` method (`if const { .. }`), so that the method of a target the
/// macros compiled does not refer to the run-time export at all: its code is
/// not even generated for that tool. (A definition is JSON text, never empty.)
pub(crate) const fn holds(exports: &'static [CompiledExport], target: Target) -> bool {
    !definition(exports, target).is_empty()
}

/// `target`'s export in `exports` when it answers an export with `options`: it
/// was compiled, with the default options.
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

impl CompiledExport {
    /// The changes, as the run-time export of tool `name` records them.
    pub(crate) fn changes(&self, name: &str) -> impl Iterator<Item = Change> + '_ {
        let tool = name.to_string();
        self.changes.iter().map(move |c| Change {
            tool: tool.clone(),
            pointer: c.pointer.to_string(),
            kind: c.kind,
            what: c.what.to_string(),
            why: c.why.to_string(),
        })
    }

    /// The properties made required and nullable.
    pub(crate) fn nullable(&self) -> impl Iterator<Item = NullableOptional> + '_ {
        self.nullable.iter().map(|n| NullableOptional {
            object_pointer: n.object_pointer.to_string(),
            property: n.property.to_string(),
            pointer: n.pointer.to_string(),
            already_nullable: n.already_nullable,
        })
    }

    /// The whole export of tool `name`, as [`super::export`] gives it with the
    /// default options.
    pub(crate) fn exported(&self, name: &str) -> Result<Exported, ExportError> {
        Ok(Exported {
            value: value(name, self.target, self.definition)?,
            report: ExportReport::from_changes(self.changes(name).collect()),
            nullable_optional: self.nullable().collect(),
        })
    }
}
