//! The `tool-schema` command: check recorded tool calls (`check`), lint tool
//! definitions (`lint`), export them for a provider (`export`), print the Rust
//! types of the typed form (`types`). `docs/cli.md` in
//! the repository describes it; this library holds its parts so that the
//! measurement of `examples/near_miss.rs` runs the same code.

pub mod args;
pub mod call;
pub mod call_report;
pub mod check;
pub mod checker;
pub mod export_cmd;
mod gemini;
pub mod input;
pub mod lint;
pub mod near_miss;
mod progress;
pub mod summary;
mod table;
mod target;
pub mod tools;
pub mod types_cmd;
mod words;

use args::{Cli, Command};
use std::io::{self, Write};

/// How a run ended: its exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Everything checked is valid (0).
    Ok,
    /// A call is invalid, a definition has problems or is refused (1).
    Problems,
    /// The input cannot be used (2).
    Unusable,
}

impl Status {
    /// The exit status: 0, 1 or 2.
    pub fn code(self) -> u8 {
        match self {
            Status::Ok => 0,
            Status::Problems => 1,
            Status::Unusable => 2,
        }
    }
}

/// Runs the command `cli` says, writing on `out` and `err`. A failure to write
/// is an error.
pub fn run(cli: &Cli, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<Status> {
    match &cli.command {
        Command::Check(args) => check::run(args, out, err),
        Command::Lint(args) => lint::run(args, out, err),
        Command::Export(args) => export_cmd::run(args, out, err),
        Command::Types(args) => types_cmd::run(args, out, err),
    }
}
