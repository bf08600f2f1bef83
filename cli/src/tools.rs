//! Tool definitions read from a file, whatever provider wrote them: an MCP
//! `tools/list` result, an Anthropic, OpenAI (Chat Completions, Responses) or Gemini
//! tools array, or JSONL with one definition per line. The shape is detected.

use crate::gemini;
use crate::input::{self, Unusable};
use serde_json::Value;
use std::collections::HashMap;
use std::path::Path;
use tool_schema_engine::export::{provider_names, Naming, Target};

/// One tool definition: its name, description and argument schema (in the dialect
/// the command reads), and where in the file it was found.
#[derive(Clone, Debug, PartialEq)]
pub struct ToolDef {
    pub name: String,
    pub description: String,
    pub schema: Value,
    /// Where it was found: `tools[2]`, `line 4`, ...
    pub place: String,
}

/// Every definition in the file at `path` (`-` is standard input).
pub fn read(path: &Path) -> Result<Vec<ToolDef>, Unusable> {
    let text = input::read_text(path)?;
    parse(&text).map_err(|e| Unusable::new(format!("{}: {e}", path.display())))
}

/// [`read`], or (`None`) its problem written on `err` as the command's: the
/// run is then unusable.
pub fn read_or_say(
    path: &Path,
    err: &mut dyn std::io::Write,
) -> std::io::Result<Option<Vec<ToolDef>>> {
    match read(path) {
        Ok(defs) => Ok(Some(defs)),
        Err(e) => {
            writeln!(err, "tool-schema: {e}")?;
            Ok(None)
        }
    }
}

/// Every definition in `text`: one JSON value, or JSONL (one definition a line).
pub fn parse(text: &str) -> Result<Vec<ToolDef>, String> {
    let whole = serde_json::from_str::<Value>(text);
    let defs = match whole {
        Ok(value) => definitions(&value, "")?,
        Err(e) if text.trim_start().starts_with('[') => {
            return Err(format!("not valid JSON: {e}"));
        }
        Err(whole_error) => jsonl(text, &whole_error)?,
    };
    if defs.is_empty() {
        return Err("no tool definitions found".into());
    }
    Ok(defs)
}

/// One definition per non-blank line; `whole_error` is reported when the first line
/// is not JSON either (the file was meant as one value).
fn jsonl(text: &str, whole_error: &serde_json::Error) -> Result<Vec<ToolDef>, String> {
    let mut defs = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let place = format!("line {}", i + 1);
        let value: Value = serde_json::from_str(line).map_err(|e| {
            if defs.is_empty() {
                format!("not valid JSON: {whole_error}")
            } else {
                format!("{place}: not valid JSON: {e}")
            }
        })?;
        let line_def = value.get("function").unwrap_or(&value);
        defs.push(one(line_def, &place)?.ok_or_else(|| format!("{place}: no tool definition"))?);
    }
    Ok(defs)
}

/// The definitions of a whole JSON value, detected from its shape.
pub fn definitions(value: &Value, place: &str) -> Result<Vec<ToolDef>, String> {
    match value {
        Value::Array(items) => {
            let mut defs = Vec::new();
            for (i, item) in items.iter().enumerate() {
                let at = format!("{place}[{i}]");
                if let Some(decls) = item.get("functionDeclarations") {
                    defs.extend(gemini_declarations(
                        decls,
                        &format!("{at}.functionDeclarations"),
                    )?);
                } else if let Some(def) = one(item, &at)? {
                    defs.push(def);
                }
            }
            Ok(defs)
        }
        Value::Object(map) => {
            // A JSON-RPC response, an MCP result, a request body with `tools`, a
            // Gemini tool: the list is one level down.
            if let Some(result) = map.get("result") {
                return definitions(result, &join(place, "result"));
            }
            if let Some(tools) = map.get("tools") {
                return definitions(tools, &join(place, "tools"));
            }
            if let Some(decls) = map.get("functionDeclarations") {
                return gemini_declarations(decls, &join(place, "functionDeclarations"));
            }
            match one(value, if place.is_empty() { "(root)" } else { place })? {
                Some(def) => Ok(vec![def]),
                None => Err("no tool definitions found: expected an MCP tools/list result, a provider's tools array or one definition per line".into()),
            }
        }
        _ => Err(format!(
            "expected an array or an object of tool definitions, got {}",
            input::type_word(value)
        )),
    }
}

fn join(place: &str, key: &str) -> String {
    if place.is_empty() {
        key.to_string()
    } else {
        format!("{place}.{key}")
    }
}

/// Gemini's `functionDeclarations`: `parametersJsonSchema` is JSON Schema,
/// `parameters` the OpenAPI subset (translated).
fn gemini_declarations(decls: &Value, place: &str) -> Result<Vec<ToolDef>, String> {
    let Value::Array(decls) = decls else {
        return Err(format!("{place}: expected an array"));
    };
    let mut defs = Vec::new();
    for (i, decl) in decls.iter().enumerate() {
        let at = format!("{place}[{i}]");
        let name = name_of(decl, &at)?;
        let schema = match (decl.get("parametersJsonSchema"), decl.get("parameters")) {
            (Some(s), _) => s.clone(),
            (None, Some(p)) => gemini::to_json_schema(p),
            // Gemini leaves `parameters` out for a tool without arguments.
            (None, None) => serde_json::json!({"type": "object", "properties": {}}),
        };
        defs.push(ToolDef {
            name,
            description: description_of(decl),
            schema,
            place: at,
        });
    }
    Ok(defs)
}

/// One definition in any provider's form; `None` for a provider's built-in tool
/// (`{"type": "web_search"}`), which has no schema to check calls against.
fn one(item: &Value, place: &str) -> Result<Option<ToolDef>, String> {
    let Value::Object(map) = item else {
        return Err(format!(
            "{place}: expected a tool definition (an object), got {}",
            input::type_word(item)
        ));
    };
    // OpenAI Chat Completions: {"type": "function", "function": {...}}.
    let def = match map.get("function") {
        Some(f @ Value::Object(_)) => f,
        _ => item,
    };
    let schema = [
        "input_schema",
        "inputSchema",
        "parametersJsonSchema",
        "parameters",
    ]
    .iter()
    .find_map(|k| def.get(*k));
    let Some(schema) = schema else {
        // A provider's built-in tool: `{"type": "web_search_20250305", "name":
        // "web_search"}` (Anthropic), `{"type": "web_search"}` (OpenAI).
        let built_in = map
            .get("type")
            .and_then(Value::as_str)
            .is_some_and(|t| t != "function" && t != "custom");
        if built_in {
            return Ok(None);
        }
        return Err(format!(
            "{place}: no schema (expected \"input_schema\", \"inputSchema\", \"parameters\" or \"parametersJsonSchema\")"
        ));
    };
    Ok(Some(ToolDef {
        name: name_of(def, place)?,
        description: description_of(def),
        schema: schema.clone(),
        place: place.to_string(),
    }))
}

fn name_of(def: &Value, place: &str) -> Result<String, String> {
    match def.get("name") {
        Some(Value::String(s)) => Ok(s.clone()),
        Some(other) => Err(format!(
            "{place}: \"name\" should be a string, got {}",
            input::type_word(other)
        )),
        None => Err(format!("{place}: the tool has no \"name\"")),
    }
}

fn description_of(def: &Value) -> String {
    def.get("description")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string()
}

/// Refuses two definitions of one name where calls name them (`check --tools`): a
/// call could not say which it means.
pub fn distinct(defs: &[ToolDef]) -> Result<(), String> {
    let mut seen: std::collections::HashMap<&str, &str> = std::collections::HashMap::new();
    for d in defs {
        if let Some(first) = seen.insert(&d.name, &d.place) {
            return Err(format!(
                "tool '{}' is defined twice ({first} and {})",
                crate::input::shown(&d.name),
                d.place
            ));
        }
    }
    Ok(())
}

/// The names calls may give the tools of `defs` besides their own under
/// `naming` (`check --tools --map-names`): each name any provider's export
/// gives a tool, to the tool's own name. Refused when two tools would share a
/// name (for one provider, or one tool's name for one provider and another's for
/// another), naming both.
pub fn aliases(defs: &[ToolDef], naming: &Naming) -> Result<HashMap<String, String>, String> {
    let mut aliases: HashMap<String, String> = HashMap::new();
    if !naming.maps() {
        return Ok(aliases);
    }
    let names: Vec<&str> = defs.iter().map(|d| d.name.as_str()).collect();
    for target in Target::ALL {
        let mapped = provider_names(target, &names, naming)
            .map_err(|problems| crate::words::cli_words(&problems[0]))?;
        for (own, name) in names.iter().zip(mapped) {
            if name == *own {
                continue;
            }
            let other = names
                .iter()
                .find(|n| **n == name)
                .map(|n| (*n).to_owned())
                .or_else(|| aliases.get(&name).cloned());
            match other {
                Some(other) if other != *own => {
                    return Err(format!(
                        "the tools '{}' and '{}' are both named '{}' for {target}",
                        crate::input::shown(&other),
                        crate::input::shown(own),
                        crate::input::shown(&name)
                    ))
                }
                _ => {
                    aliases.insert(name, (*own).to_owned());
                }
            }
        }
    }
    Ok(aliases)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn names(v: Value) -> Vec<String> {
        definitions(&v, "")
            .unwrap()
            .into_iter()
            .map(|d| d.name)
            .collect()
    }

    #[test]
    fn detects_every_provider_shape() {
        let s = json!({"type": "object", "properties": {}});
        assert_eq!(
            names(json!({"tools": [{"name": "a", "inputSchema": s}]})),
            ["a"]
        );
        assert_eq!(
            names(
                json!({"jsonrpc": "2.0", "id": 1, "result": {"tools": [{"name": "a", "inputSchema": s}]}})
            ),
            ["a"]
        );
        assert_eq!(names(json!([{"name": "a", "input_schema": s}])), ["a"]);
        assert_eq!(
            names(json!([{"type": "function", "function": {"name": "a", "parameters": s}}])),
            ["a"]
        );
        assert_eq!(
            names(json!([{"type": "function", "name": "a", "parameters": s}])),
            ["a"]
        );
        assert_eq!(
            names(
                json!([{"functionDeclarations": [{"name": "a", "parameters": {"type": "OBJECT"}}, {"name": "b"}]}])
            ),
            ["a", "b"]
        );
        // A provider's built-in tool has no schema and is left out.
        assert_eq!(
            names(json!([{"type": "web_search"}, {"name": "a", "input_schema": s}])),
            ["a"]
        );
    }

    #[test]
    fn refuses_what_is_not_a_definition() {
        assert!(definitions(&json!(3), "").is_err());
        assert!(definitions(&json!([{"name": "a"}]), "")
            .unwrap_err()
            .contains("[0]: no schema"));
        assert!(parse("[]").unwrap_err().contains("no tool definitions"));
        let twice = r#"[{"name": "a", "parameters": {}}, {"name": "a", "parameters": {}}]"#;
        let defs = parse(twice).unwrap();
        assert!(distinct(&defs)
            .unwrap_err()
            .contains("defined twice ([0] and [1])"));
    }

    #[test]
    fn reads_jsonl() {
        let text = "{\"function\": {\"name\": \"a\", \"parameters\": {}}}\n\n{\"name\": \"b\", \"parameters\": {}}\n";
        let defs = parse(text).unwrap();
        assert_eq!(defs[1].name, "b");
        assert_eq!(defs[1].place, "line 3");
        let bad = "{\"name\": \"a\", \"parameters\": {}}\n{oops\n";
        assert!(parse(bad)
            .unwrap_err()
            .starts_with("line 2: not valid JSON"));
    }
}
