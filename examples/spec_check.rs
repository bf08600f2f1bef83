//! A JSON Schema validator on the command line, in spec mode, for conformance
//! harnesses (e.g. Bowtie-style runners).
//!
//! Reads JSON lines `{"schema": <schema>, "instance": <value>}` on standard input
//! and writes one line per input line: `{"valid": true}` or `{"valid": false}`, or
//! `{"schema_error": "..."}` when the schema is refused (or the line is not such an
//! object). The dialect is the schema's `$schema` (draft 2020-12 when absent; draft 7,
//! 2019-09 as `$schema` names them); `format` is an annotation (`Options::SPEC`)
//! unless `--formats` asks for assertion; an unknown keyword is refused unless
//! `--annotate-unknown-keywords` makes it an annotation (as the specification
//! has it; `SchemaBuilder::annotate_unknown_keywords`); references may name the schema's own
//! resources, the bundled meta-schemas and the documents of `--remotes DIR`:
//! nothing is fetched. It never stops early.
//!
//! ```text
//! cargo run -q --release --example spec_check < cases.jsonl > answers.jsonl
//! cargo run -q --release --example spec_check -- --formats \
//!     --remotes JSON-Schema-Test-Suite/remotes < cases.jsonl > answers.jsonl
//! ```
//!
//! `--remotes DIR` registers every `.json` file under `DIR` as the resource at
//! `BASE` + its path in `DIR` (`BASE`: `--remotes-base URI`, the JSON-Schema-Test-
//! Suite's `http://localhost:1234/` unless given).

use serde_json::{json, Value};
use std::io::{self, BufRead, BufWriter, Write};
use std::path::Path;
use tool_schema::{Options, Schema, SchemaBuilder};

/// The base URI of `--remotes` unless `--remotes-base` names another.
const REMOTES_BASE: &str = "http://localhost:1234/";

/// What the command line asks for.
pub struct Settings {
    /// Reads the schemas, with the registered remotes.
    pub builder: SchemaBuilder,
    /// Spec mode, formats asserted with `--formats`.
    pub options: Options,
}

impl Settings {
    /// The settings `args` (the arguments after the program's name) ask for, or
    /// what is wrong with them.
    pub fn from_args(args: &[String]) -> Result<Settings, String> {
        let mut options = Options::SPEC;
        let (mut remotes, mut base) = (None, REMOTES_BASE.to_string());
        let mut annotate = false;
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            let mut value = || args.next().cloned().ok_or(format!("{arg} needs a value"));
            match arg.as_str() {
                "--formats" => options = options.formats(true),
                "--annotate-unknown-keywords" => annotate = true,
                "--remotes" => remotes = Some(value()?),
                "--remotes-base" => base = value()?,
                other => {
                    return Err(format!(
                        "unknown argument {other:?} (expected --formats, --annotate-unknown-keywords, --remotes DIR, --remotes-base URI)"
                    ))
                }
            }
        }
        let mut builder = Schema::builder().annotate_unknown_keywords(annotate);
        if let Some(dir) = remotes {
            for (path, document) in documents(Path::new(&dir))? {
                builder = builder.resource(format!("{base}{path}"), document);
            }
        }
        Ok(Settings { builder, options })
    }
}

/// Every `.json` file under `dir`, as (its path in `dir` with `/`, its JSON),
/// sorted by path.
fn documents(dir: &Path) -> Result<Vec<(String, Value)>, String> {
    let mut out = Vec::new();
    let mut pending = vec![(dir.to_path_buf(), String::new())];
    while let Some((folder, prefix)) = pending.pop() {
        let entries =
            std::fs::read_dir(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        for entry in entries {
            let path = entry
                .map_err(|e| format!("{}: {e}", folder.display()))?
                .path();
            let name = path
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            if path.is_dir() {
                pending.push((path, format!("{prefix}{name}/")));
            } else if name.ends_with(".json") {
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                let document =
                    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
                out.push((format!("{prefix}{name}"), document));
            }
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(out)
}

/// The answer to one input line.
fn answer(settings: &Settings, line: &[u8]) -> Value {
    let case: Value = match serde_json::from_slice(line) {
        Ok(v) => v,
        Err(e) => return json!({"schema_error": format!("the line is not valid JSON: {e}")}),
    };
    let (Some(schema), Some(instance)) = (case.get("schema"), case.get("instance")) else {
        return json!({"schema_error": "the line is not an object with \"schema\" and \"instance\""});
    };
    match settings.builder.parse(schema) {
        Ok(s) => json!({"valid": s.is_valid_with(instance, &settings.options)}),
        Err(e) => json!({"schema_error": e.to_string()}),
    }
}

/// Answers every line of `input` on `out`, blank lines skipped.
pub fn run(settings: &Settings, mut input: impl BufRead, mut out: impl Write) -> io::Result<()> {
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        writeln!(out, "{}", answer(settings, &line))?;
    }
    out.flush()
}

#[allow(dead_code)] // `tests/spec_check.rs` includes this file for `run`.
fn main() -> io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let settings = match Settings::from_args(&args) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("spec_check: {e}");
            std::process::exit(2);
        }
    };
    let out = BufWriter::new(io::stdout().lock());
    run(&settings, io::stdin().lock(), out)
}
