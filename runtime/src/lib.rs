//! The small runtime of `tool-schema`: what the code its macros generate links,
//! and nothing that reads a schema. It holds the violation model (kinds, paths,
//! positions, the report and its budget), the words a report is written in
//! (the default sentences, the JSON report, echoed values, suggestions), the
//! keyword and format decisions on a value and constants (which generated code,
//! the interpreter and the text path share, so that each decision exists once),
//! the pattern engine, and the records of exports the macros compiled.
//!
//! The schema model and the engines that work on it (the parser, the
//! interpreter, the text path, repair, streaming, the export engine, the
//! toolbox) are `tool-schema-engine`, built on this crate. Users depend on the
//! facade, `tool-schema`, which re-exports both.
//!
//! ```
//! use tool_schema_runtime::{json_report, Format, Kind, Path, Position, Report, Segment, Violation};
//!
//! // What a validator found: facts, with their place.
//! let city = Path::from(vec![Segment::Key("city".into())]);
//! let report = Report::new(vec![Violation::new(Kind::Missing, city, Position::default())]);
//! // The words, a pure function of them.
//! assert_eq!(Format::Default.render(&report), ["missing required argument 'city'"]);
//! assert_eq!(json_report(&report)["violations"][0]["kind"], "missing");
//! ```

#[doc(hidden)]
pub mod collect;
#[doc(hidden)]
pub mod constcat;
#[doc(hidden)]
pub mod constcat_fixed;
#[doc(hidden)]
pub mod constcat_flatten;
#[doc(hidden)]
pub mod constcat_null;
/// Used by generated code only (see the module): not a public API.
#[doc(hidden)]
pub mod contract;
pub mod custom;
#[doc(hidden)]
pub mod depth;
#[doc(hidden)]
pub mod echo;
#[doc(hidden)]
pub mod export_records;
#[doc(hidden)]
pub mod fast;
#[doc(hidden)]
pub mod idna;
#[doc(hidden)]
pub mod instances;
pub mod json;
#[doc(hidden)]
pub mod keywords;
#[doc(hidden)]
pub mod model_parts;
#[doc(hidden)]
pub mod options;
#[doc(hidden)]
pub mod pattern;
pub mod render;
#[cfg(test)]
mod test_rng;
pub mod tool;
#[doc(hidden)]
pub mod violation;
#[doc(hidden)]
pub use violation::suggest;

pub use json::{JsonType, TypeSet};
pub use keywords::Draft;
pub use options::{Options, Undeclared, DEFAULT_MAX_REPORT_BYTES, DEFAULT_MAX_VIOLATIONS};
pub use render::{json_report, Format};
pub use tool::ToolArgs;
pub use violation::{
    Condition, CountBound, Counted, Kind, Path, Position, Report, Segment, Suggestion, Violation,
};
