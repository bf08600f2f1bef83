//! The `tool-schema` binary: see `tool-schema --help` and docs/cli.md.

use clap::Parser;
use std::io::{self, BufWriter, ErrorKind, Write};
use std::process::ExitCode;
use tool_schema_cli::args::Cli;
use tool_schema_cli::Status;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut out = BufWriter::new(io::stdout().lock());
    let mut err = io::stderr().lock();
    let status = match tool_schema_cli::run(&cli, &mut out, &mut err) {
        Ok(status) => status,
        // The reader of the output went away (`| head`): nothing more to say.
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Status::Unusable,
        Err(e) => {
            let _ = writeln!(err, "tool-schema: cannot write the output: {e}");
            Status::Unusable
        }
    };
    let _ = out.flush();
    ExitCode::from(status.code())
}
