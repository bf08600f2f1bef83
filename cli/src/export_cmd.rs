//! `tool-schema export`: the definitions as a provider's tools value.

use crate::args::ExportArgs;
use crate::input::shown;
use crate::words::cli_words;
use crate::{target, tools, Status};
use std::io::{self, Write};
use tool_schema_engine::export::{provider_names, toolbox, ExportOptions, Naming, ToolSpec};

/// Runs `export`: the value on `out`, what changed on `err`.
pub fn run(args: &ExportArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<Status> {
    let Some(target) = target::parse(&args.target) else {
        writeln!(
            err,
            "tool-schema: unknown --target '{}'; expected one of: {}",
            shown(&args.target),
            target::names()
        )?;
        return Ok(Status::Unusable);
    };
    let Some(defs) = tools::read_or_say(&args.file, err)? else {
        return Ok(Status::Unusable);
    };
    let dialect = args.dialect.dialect();
    let mut schemas = Vec::new();
    for d in &defs {
        match dialect.to_json_schema(&d.schema) {
            Ok(s) => schemas.push(s),
            Err(e) => {
                writeln!(
                    err,
                    "tool-schema: tool '{}' ({}): not in the {} dialect: {}",
                    shown(&d.name),
                    d.place,
                    dialect.name(),
                    cli_words(e)
                )?;
                return Ok(Status::Problems);
            }
        }
    }
    let specs: Vec<ToolSpec<'_>> = defs
        .iter()
        .zip(&schemas)
        .map(|(d, s)| ToolSpec::new(&d.name, &d.description, s))
        .collect();
    let mut options = ExportOptions::default().naming(args.naming.naming());
    if let Some(lossy) = args.lossy {
        options = options.lossy(lossy.lossy());
    }
    match toolbox(target, &specs, &options) {
        Ok(exported) => {
            let text = serde_json::to_string_pretty(&exported.value).map_err(io::Error::other)?;
            writeln!(out, "{text}")?;
            if !exported.report.is_empty() {
                writeln!(err, "{}", cli_words(&exported.report))?;
            }
            if !exported.nullable_optional.is_empty() {
                writeln!(
                    err,
                    "note: {} optional properties are now required and nullable: check the calls with `tool-schema check --null-is-absent`, which reads their null as left out",
                    exported.nullable_optional.len()
                )?;
            }
            Ok(Status::Ok)
        }
        Err(e) => {
            writeln!(err, "tool-schema: {}", cli_words(e))?;
            if options.naming == Naming::Keep {
                let names: Vec<&str> = specs.iter().map(|s| s.name).collect();
                let mapped = provider_names(target, &names, &Naming::map()).unwrap_or_default();
                let refused = names.iter().zip(&mapped).filter(|(n, m)| *n != m).count();
                if refused > 0 {
                    writeln!(
                        err,
                        "note: {refused} tool names do not follow the provider's pattern: --map-names maps them to it (each rename listed)"
                    )?;
                }
            }
            Ok(Status::Problems)
        }
    }
}
