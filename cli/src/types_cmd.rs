//! `tool-schema types`: the Rust types the typed form of `tool_schema!` declares
//! for each definition.

use crate::args::TypesArgs;
use crate::input::shown;
use crate::words::cli_words;
use crate::{tools, Status};
use std::io::{self, Write};

/// Runs `types`: each tool's Rust on `out`, the tools the typed form refuses on
/// `err`.
pub fn run(args: &TypesArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<Status> {
    let Some(defs) = tools::read_or_say(&args.file, err)? else {
        return Ok(Status::Unusable);
    };
    let dialect = args.dialect.dialect();
    let mut status = Status::Ok;
    for d in &defs {
        let schema = dialect.parse(&d.schema).map_err(cli_words);
        let text = schema.and_then(|s| {
            tool_schema_expand::typed_rust_text(&s, &d.name, &d.description)
                .map_err(|reason| format!("the typed form cannot read the arguments: {reason}"))
        });
        match text {
            Ok(text) => {
                writeln!(out, "// {} ({})", shown(&d.name), d.place)?;
                write!(out, "{text}")?;
            }
            Err(problem) => {
                writeln!(
                    err,
                    "tool-schema: tool '{}' ({}): {problem}",
                    shown(&d.name),
                    d.place
                )?;
                status = Status::Problems;
            }
        }
    }
    Ok(status)
}
