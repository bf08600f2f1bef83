//! `#[derive(ToolArgs)]`: a Rust type as the tool's schema, validator and typed
//! arguments. See the `tool-schema` crate's docs for what it accepts.
//!
//! - `ast`: the input as the derive sees it (a struct with named fields, a
//!   newtype or tuple struct, an enum of unit variants, a tagged enum with data,
//!   or an untagged enum of newtype and unit variants), attributes read;
//! - `arg`: `#[arg(...)]` on fields, and the derive's one table of keywords:
//!   each key's JSON keyword and how its value is read, the limit pairs a
//!   type's own schema writes, the order keywords are written in;
//! - `attr`: doc comments and serde's `#[serde(...)]` (and the readers of
//!   attribute values `arg` shares);
//! - `case`: serde's `rename_all` rules; `alias`: serde's `alias` on a field, as
//!   the object's `x-tool-schema-aliases`;
//! - `rust_type`: the one recogniser of Rust types ([`rust_type::RustShape`]),
//!   which `ty`, `text` and `reading` all consume;
//! - `ty`: Rust types -> JSON Schema, with the span of every part (`Self` as
//!   `{"$ref": "#"}`);
//! - `schema`: the type's schema (a struct's object, a string enum, an untagged
//!   enum's `anyOf`); `property`: a field's, with the `#[arg(...)]` keywords that
//!   apply to its type; `tagged`: an enum with data, in serde's three tagged
//!   representations, as a discriminated `anyOf`;
//! - `expand`: the derive itself: the schema checked by the schema model,
//!   compiled by the code generator, and the implementation around it;
//! - `splice`: the exported schema text, nested types' schemas spliced in and
//!   recursive types' definitions gathered into the root's `$defs`;
//! - `targets`: per export target, the problems of the schema as a nested part,
//!   which a derive declaring targets asserts away for its nested types;
//! - `reading`: what serde reads as the type against what its schema accepts
//!   (`__READING`), and the check that an untagged enum's `parse` returns what the
//!   validator accepted;
//! - `text`: the typed text path, a serde visitor generated per type;
//! - `flatten`: `#[serde(flatten)]` of a struct: the flattened types' members
//!   joined with the outer type's as constants, validated by the interpreter;
//! - `generics`: a type with type parameters: the bounds, the validator's
//!   functions made generic, the exported text in fixed-capacity constants.

mod alias;
mod arg;
mod ast;
mod attr;
mod case;
mod expand;
mod flatten;
mod generics;
mod params;
mod property;
mod reading;
mod rust_type;
mod schema;
mod splice;
mod tagged;
mod targets;
mod text;
mod ty;

pub(crate) use expand::derive;
