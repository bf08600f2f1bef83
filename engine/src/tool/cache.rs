//! Each tool type's [`Schema`], decoded from [`ToolArgs::__MODEL`] or parsed from
//! [`ToolArgs::schema`] once per program and found again without a lock or an
//! allocation: a few recently used ones per thread, then a map shared by every
//! thread.

use crate::schema::Schema;
use crate::tool::ToolArgs;
use serde_json::Value;
use std::any::TypeId;
use std::cell::Cell;
use tool_schema_runtime::instances::Kept;

/// How many tool types each thread remembers.
const RECENT: usize = 8;

type Entry = Option<(TypeId, &'static Schema)>;

thread_local! {
    static RECENT_SCHEMAS: [Cell<Entry>; RECENT] = const { [const { Cell::new(None) }; RECENT] };
    static NEXT: Cell<usize> = const { Cell::new(0) };
}

static ALL: Kept<TypeId, Schema> = Kept::new();

/// The schema of tool `T` in the run-time model.
///
/// Generic only for what names `T` (its `TypeId` and constants): the lookup is
/// [`schema_by_id`], compiled once rather than once per tool type.
///
/// # Panics
///
/// As [`declared_schema`].
pub(crate) fn schema_of<T: ToolArgs + super::Compiled + 'static>() -> &'static Schema {
    schema_by_id(TypeId::of::<T>(), T::__MODEL, T::schema, T::NAME)
}

/// The schema of the tool whose `TypeId` is `id`: one of the thread's recent
/// ones (the hot path, small enough to inline), else [`remembered`].
#[inline]
fn schema_by_id(
    id: TypeId,
    model: &'static [u8],
    schema: fn() -> &'static Value,
    tool: &'static str,
) -> &'static Schema {
    let recent = RECENT_SCHEMAS.try_with(|slots| {
        slots
            .iter()
            .find_map(|slot| slot.get().filter(|(t, _)| *t == id).map(|(_, s)| s))
    });
    if let Ok(Some(schema)) = recent {
        return schema;
    }
    remembered(id, model, schema, tool)
}

/// The schema of the tool whose `TypeId` is `id` from the shared map (`model`
/// decoded, or `schema` parsed, and kept on first use), made one of the
/// thread's recent ones.
fn remembered(
    id: TypeId,
    model: &'static [u8],
    schema: fn() -> &'static Value,
    tool: &'static str,
) -> &'static Schema {
    let found = shared(id, model, schema, tool);
    let _ = RECENT_SCHEMAS.try_with(|slots| {
        let next = NEXT.with(|n| {
            let i = n.get();
            n.set((i + 1) % RECENT);
            i
        });
        slots[next].set(Some((id, found)));
    });
    found
}

fn shared(
    id: TypeId,
    model: &'static [u8],
    schema: fn() -> &'static Value,
    tool: &'static str,
) -> &'static Schema {
    ALL.get_or_make(id, || declared_schema(model, schema, tool))
}

/// A declared tool's schema in the run-time model: the `model` constant the
/// macros encoded, decoded; when there is none (or it cannot be decoded), the
/// tool's `schema` parsed. For generated code and the cache above.
///
/// # Panics
///
/// If the schema is parsed and refused by [`Schema::parse`], which the macros
/// never let happen (they check it when the crate compiles). Without the
/// `engines` feature there is no parser: if `model` cannot be decoded (for an
/// empty one, [`schema_of`] is a compile error instead: its bound `Compiled`).
#[doc(hidden)]
pub fn declared_schema(model: &[u8], schema: fn() -> &'static Value, tool: &str) -> Schema {
    if !model.is_empty() {
        if let Ok(decoded) = Schema::__decode(model) {
            return decoded;
        }
    }
    #[cfg(feature = "engines")]
    return Schema::parse(schema()).unwrap_or_else(|e| {
        panic!("the schema of tool `{tool}` is refused by the schema model: {e}")
    });
    #[cfg(not(feature = "engines"))]
    {
        let _ = schema;
        panic!(
            "the model of tool `{tool}` compiled into it does not decode, and parsing its \
             schema when the program runs needs tool-schema's `engines` feature"
        )
    }
}
