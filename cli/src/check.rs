//! `tool-schema check`: every line of the input validated, written as it goes
//! (`--format json`: one line per input line; text: the problems of each invalid
//! call), then the summary table (text).

use crate::args::{CheckArgs, FormatArg};
use crate::call_report::{json_error, json_line, text_block};
use crate::checker::{self, Checker};
use crate::input::{self, Line, Lines, Unusable, MAX_LINE_BYTES};
use crate::progress::Progress;
use crate::summary::Summary;
use crate::{tools, Status};
use std::io::{self, Write};
use std::path::Path;

/// Runs `check`, writing results on `out` and the messages naming unusable lines
/// on `err`. The error is a failure to write.
pub fn run(args: &CheckArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<Status> {
    let naming = args.naming.naming();
    let mut aliases = Default::default();
    let tools = match &args.tools {
        Some(path) => match tools::read(path).and_then(|defs| {
            tools::distinct(&defs)
                .and_then(|()| tools::aliases(&defs, &naming))
                .map(|a| {
                    aliases = a;
                    defs
                })
                .map_err(|e| Unusable::new(format!("{}: {e}", path.display())))
        }) {
            Ok(defs) => Some(defs),
            Err(e) => {
                writeln!(err, "tool-schema: --tools {e}")?;
                return Ok(Status::Unusable);
            }
        },
        None => None,
    };
    let dialect = args.dialect.dialect();
    let options = checker::options(dialect).null_is_absent(args.null_is_absent);
    if naming.maps() && tools.is_none() {
        writeln!(
            err,
            "tool-schema: --map-names and --name-prefix need --tools FILE (a line carrying its definition names its tool as it is)"
        )?;
        return Ok(Status::Unusable);
    }
    let checker = Checker::with_options(dialect, options, tools).with_aliases(aliases);
    let path = args.input.as_deref().unwrap_or(Path::new("-"));
    let reader = match input::open(path) {
        Ok(r) => r,
        Err(e) => {
            writeln!(err, "tool-schema: {e}")?;
            return Ok(Status::Unusable);
        }
    };
    let total = std::fs::metadata(path)
        .ok()
        .filter(|m| m.is_file())
        .map(|m| m.len());
    let mut progress = Progress::new(total);
    let mut lines = Lines::new(reader, MAX_LINE_BYTES);
    let mut summary = Summary::default();
    let json = args.format == FormatArg::Json;
    let mut read_error = None;
    loop {
        let (number, line) = match lines.next_line() {
            Ok(Some(l)) => l,
            Ok(None) => break,
            Err(e) => {
                read_error = Some(e);
                break;
            }
        };
        let result = match line {
            Line::TooLong => Err(format!(
                "the line is longer than {} MiB",
                MAX_LINE_BYTES >> 20
            )),
            Line::Text(t) if t.iter().all(u8::is_ascii_whitespace) => continue,
            Line::Text(t) => checker.check_line(t),
        };
        match result {
            Ok(checked) => {
                summary.add(&checked);
                if json {
                    writeln!(out, "{}", json_line(&checked))?;
                } else if !checked.verdict.is_valid() {
                    out.write_all(text_block(number, &checked).as_bytes())?;
                }
            }
            Err(message) => {
                summary.unusable += 1;
                progress.finish();
                writeln!(err, "tool-schema: line {number}: {message}")?;
                if json {
                    writeln!(out, "{}", json_error(number, &message))?;
                }
            }
        }
        progress.tick(summary.calls + summary.unusable, lines.bytes_read());
    }
    progress.finish();
    if let Some(e) = read_error {
        writeln!(err, "tool-schema: cannot read {}: {e}", path.display())?;
        summary.unusable += 1;
    }
    if summary.calls + summary.unusable == 0 {
        // An empty log (a recording that failed, a wrong path piped in) must not
        // pass: nothing was checked.
        let place = if path == Path::new("-") {
            "standard input".to_string()
        } else {
            path.display().to_string()
        };
        writeln!(err, "tool-schema: no tool calls found in {place}")?;
        return Ok(Status::Unusable);
    }
    if !json {
        if summary.invalid > 0 {
            writeln!(out)?;
        }
        out.write_all(summary.render().as_bytes())?;
    }
    out.flush()?;
    Ok(if summary.unusable > 0 {
        Status::Unusable
    } else if summary.invalid > 0 {
        Status::Problems
    } else {
        Status::Ok
    })
}
