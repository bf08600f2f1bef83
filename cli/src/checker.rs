//! Validating one call: its definition found (on the line, or in `--tools`), its
//! schema read in the dialect, its arguments validated (on the text path when they
//! are JSON text).

use crate::call::{self, Arguments, Call, Definition};
use crate::input::shown;
use crate::tools::ToolDef;
use crate::words::cli_words;
use serde_json::Value;
use std::collections::HashMap;
use tool_schema_engine::{Dialect, Options, Report, Schema, Undeclared};

/// What validating a call found.
#[derive(Debug)]
pub enum Verdict {
    /// The arguments were validated: valid when the report is.
    Checked(Report),
    /// The arguments are JSON text that is not JSON (the sentence says where).
    Malformed(String),
}

impl Verdict {
    pub fn is_valid(&self) -> bool {
        matches!(self, Verdict::Checked(r) if r.is_valid())
    }
}

/// A checked call: the tool it names and the verdict.
#[derive(Debug)]
pub struct Checked {
    pub tool: String,
    pub verdict: Verdict,
}

/// Validates calls in one dialect, against the definitions of `--tools` if given.
pub struct Checker {
    dialect: Dialect,
    options: Options,
    /// `--tools`: each tool's schema, or why it cannot be used.
    tools: Option<HashMap<String, Result<Schema, String>>>,
    /// The tools' names, in the file's order (for unknown-tool violations).
    known: Vec<String>,
    /// Other names calls may give a tool (`--map-names`): to its own name.
    aliases: HashMap<String, String>,
}

impl Checker {
    /// A checker for `dialect` (calls validated with [`options`]); `tools` are the
    /// definitions of `--tools`.
    pub fn new(dialect: Dialect, tools: Option<Vec<ToolDef>>) -> Checker {
        Checker::with_options(dialect, options(dialect), tools)
    }

    /// A checker validating with `options`.
    pub fn with_options(
        dialect: Dialect,
        options: Options,
        tools: Option<Vec<ToolDef>>,
    ) -> Checker {
        let known = tools.iter().flatten().map(|t| t.name.clone()).collect();
        let tools = tools.map(|defs| {
            defs.into_iter()
                .map(|d| {
                    let schema = parse(dialect, &d.name, &d.schema);
                    (d.name, schema)
                })
                .collect()
        });
        Checker {
            dialect,
            options,
            tools,
            known,
            aliases: HashMap::new(),
        }
    }

    /// The same checker taking `aliases` (a provider's name, to the tool's own
    /// name) as names of the tools of `--tools`.
    pub fn with_aliases(mut self, aliases: HashMap<String, String>) -> Checker {
        self.aliases = aliases;
        self
    }

    /// Checks one JSONL line; the error says why it cannot be used.
    pub fn check_line(&self, line: &[u8]) -> Result<Checked, String> {
        let value: Value =
            serde_json::from_slice(line).map_err(|e| format!("the line is not valid JSON: {e}"))?;
        let call = call::read(value, self.tools.is_some())?;
        self.check(&call)
    }

    /// Checks one call; the error says why it cannot be used (a schema that is
    /// refused).
    pub fn check(&self, call: &Call) -> Result<Checked, String> {
        let inline;
        let mut tool = call.name.as_str();
        let schema = match (&call.definition, &self.tools) {
            (Definition::Inline(parameters), _) => {
                inline = parse(self.dialect, &call.name, parameters)?;
                &inline
            }
            (Definition::Named, Some(tools)) => match self.named(tools, &call.name) {
                Some((own, Ok(schema))) => {
                    tool = own;
                    schema
                }
                Some((_, Err(e))) => return Err(e.clone()),
                None => {
                    return Ok(Checked {
                        tool: call.name.clone(),
                        verdict: Verdict::Checked(self.unknown_tool(&call.name)),
                    })
                }
            },
            (Definition::Named, None) => {
                return Err("the call names a tool, and no --tools FILE was given".into())
            }
        };
        let verdict = match &call.arguments {
            Arguments::Json(args) => Verdict::Checked(schema.validate_with(args, &self.options)),
            Arguments::Text(text) => match schema.validate_str(text, &self.options) {
                Ok(report) => Verdict::Checked(report),
                Err(e) => Verdict::Malformed(e.message()),
            },
        };
        Ok(Checked {
            tool: tool.to_owned(),
            verdict,
        })
    }

    /// The tool of `--tools` a call names `name`: its own name and schema.
    fn named<'a>(
        &'a self,
        tools: &'a HashMap<String, Result<Schema, String>>,
        name: &'a str,
    ) -> Option<(&'a str, &'a Result<Schema, String>)> {
        let own = match tools.get_key_value(name) {
            Some((own, _)) => own.as_str(),
            None => self.aliases.get(name)?.as_str(),
        };
        tools.get(own).map(|schema| (own, schema))
    }

    fn unknown_tool(&self, name: &str) -> Report {
        Report::unknown_tool(name, self.known.clone(), &self.options)
    }
}

/// The options calls are validated with in `dialect`: tool-call mode; in the BFCL
/// dialect an undeclared argument is always an error (its `DIALECT.md`).
pub fn options(dialect: Dialect) -> Options {
    match dialect {
        Dialect::Bfcl => Options::default().undeclared(Undeclared::RejectAlways),
        _ => Options::default(),
    }
}

/// The schema of tool `name` in `dialect`, or why it is refused.
fn parse(dialect: Dialect, name: &str, schema: &Value) -> Result<Schema, String> {
    dialect.parse(schema).map_err(|e| {
        format!(
            "the schema of tool '{}' is refused: {}",
            shown(name),
            cli_words(e)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn weather() -> Vec<ToolDef> {
        vec![ToolDef {
            name: "get_weather".into(),
            description: String::new(),
            schema: json!({"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}),
            place: "[0]".into(),
        }]
    }

    fn codes(c: &Checked) -> Vec<&'static str> {
        match &c.verdict {
            Verdict::Checked(r) => r.violations.iter().map(|v| v.kind.code()).collect(),
            Verdict::Malformed(_) => vec!["malformed"],
        }
    }

    #[test]
    fn checks_named_calls_against_the_tools() {
        let checker = Checker::new(Dialect::JsonSchema, Some(weather()));
        let ok = checker
            .check_line(br#"{"name": "get_weather", "arguments": "{\"city\": \"Oslo\"}"}"#)
            .unwrap();
        assert!(ok.verdict.is_valid());
        let bad = checker
            .check_line(br#"{"name": "get_weather", "arguments": {"citty": "Oslo"}}"#)
            .unwrap();
        assert_eq!(codes(&bad), ["missing", "unexpected"]);
        let unknown = checker
            .check_line(br#"{"name": "get_wether", "arguments": {}}"#)
            .unwrap();
        assert_eq!(codes(&unknown), ["unknown-tool"]);
        let malformed = checker
            .check_line(br#"{"name": "get_weather", "arguments": "{\"city\": "}"#)
            .unwrap();
        assert_eq!(codes(&malformed), ["malformed"]);
    }

    #[test]
    fn null_is_absent_when_asked() {
        let line = br#"{"name": "get_weather", "arguments": {"city": "Oslo", "unit": null}}"#;
        let plain = Checker::new(Dialect::JsonSchema, Some(weather_with_unit()));
        assert_eq!(codes(&plain.check_line(line).unwrap()), ["type"]);
        let options = Options::default().null_is_absent(true);
        let strict = Checker::with_options(Dialect::JsonSchema, options, Some(weather_with_unit()));
        assert!(strict.check_line(line).unwrap().verdict.is_valid());
    }

    fn weather_with_unit() -> Vec<ToolDef> {
        let mut defs = weather();
        defs[0].schema["properties"]["unit"] = json!({"type": "string"});
        defs
    }

    #[test]
    fn bfcl_rejects_every_undeclared_argument() {
        let line = json!({
            "function": {"name": "f", "parameters": {"type": "dict", "properties": {"a": {"type": "float"}}}},
            "arguments": {"a": 1, "b": 2}
        });
        let checker = Checker::new(Dialect::Bfcl, None);
        let c = checker.check_line(line.to_string().as_bytes()).unwrap();
        assert_eq!(codes(&c), ["unexpected"]);
    }

    #[test]
    fn a_refused_schema_makes_the_line_unusable() {
        let line =
            json!({"function": {"name": "f", "parameters": {"type": "int"}}, "arguments": {}});
        let checker = Checker::new(Dialect::JsonSchema, None);
        let e = checker.check_line(line.to_string().as_bytes()).unwrap_err();
        assert!(
            e.starts_with("the schema of tool 'f' is refused: /type: unknown type"),
            "{e}"
        );
    }
}
