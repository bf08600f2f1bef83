//! The exports of a tool that the macros did not compile for a target: with the
//! `engines` feature, `ToolArgs::__EXPORTS` holds the targets the tool declares
//! (`#[tool(targets(..))]`) alone, so the first export of a tool to another
//! target with the default options runs the run-time export (the same one the
//! macros run, on the same schema: the same JSON) and keeps the answer here,
//! once per tool and target. Bounded by the program's tools times the targets.

use super::{export, ExportError, ExportOptions, Exported, Target, ToolSpec};
use crate::tool::ToolArgs;
use std::collections::HashMap;
use std::sync::{OnceLock, PoisonError, RwLock};

/// A tool's name, description and schema text (what its export depends on)
/// and the target.
type Key = (Target, &'static str, &'static str, &'static str);

type Answer = Result<Exported, ExportError>;

static ALL: OnceLock<RwLock<HashMap<Key, &'static Answer>>> = OnceLock::new();

/// Tool `T`'s export to `target` with the default options, computed on the
/// first call for that tool and target.
pub(crate) fn exported<T: ToolArgs + ?Sized>(target: Target) -> &'static Answer {
    let all = ALL.get_or_init(Default::default);
    let key = (target, T::NAME, T::DESCRIPTION, T::SCHEMA_JSON);
    if let Some(&answer) = all.read().unwrap_or_else(PoisonError::into_inner).get(&key) {
        return answer;
    }
    // Computed without the lock: two threads may both compute it, alike.
    let answer = export(target, &ToolSpec::of::<T>(), &ExportOptions::default());
    let mut all = all.write().unwrap_or_else(PoisonError::into_inner);
    all.entry(key)
        .or_insert_with(|| Box::leak(Box::new(answer)))
}
