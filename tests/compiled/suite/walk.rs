// The JSON-Schema-Test-Suite as both `build.rs` and `tests/json_schema_test_suite.rs`
// read it (included by each with `include!`): its drafts, its files, its remote
// documents, and the schema text `tool_schema!` compiles for a group.

/// `tests/data/json-schema-test-suite`.
fn suite_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/json-schema-test-suite")
}

/// The drafts run: (directory, the draft of a schema without `$schema`).
const SUITE_DRAFTS: [(&str, tool_schema_engine::Draft); 2] = [
    (
        "draft2020-12",
        tool_schema_engine::Draft::Draft2020_12,
    ),
    ("draft7", tool_schema_engine::Draft::Draft07),
];

/// The URI base under which the suite serves `remotes/`.
const REMOTE_BASE: &str = "http://localhost:1234/";

/// Every `.json` file under `dir`, relative to it (`optional/format/date.json`),
/// sorted: the required files first, then `optional/`.
fn suite_files(dir: &std::path::Path) -> Vec<String> {
    fn walk(dir: &std::path::Path, prefix: &str, out: &mut Vec<String>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .expect("tests/data/json-schema-test-suite")
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for p in entries {
            let name = p.file_name().unwrap().to_str().unwrap().to_string();
            if p.is_dir() {
                walk(&p, &format!("{prefix}{name}/"), out);
            } else if name.ends_with(".json") {
                out.push(format!("{prefix}{name}"));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, "", &mut out);
    out.sort_by_key(|f| (f.contains('/'), f.clone()));
    out
}

/// Every document of `remotes/`, with the URI the suite serves it at.
fn suite_remotes() -> Vec<(String, serde_json::Value)> {
    let root = suite_root().join("remotes");
    suite_files(&root)
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(root.join(&f)).unwrap();
            (format!("{REMOTE_BASE}{f}"), serde_json::from_str(&text).unwrap())
        })
        .collect()
}

/// A builder with every remote registered, `draft` as the default dialect, and
/// unknown keywords read as annotations (as the specification has them).
fn suite_builder(
    draft: tool_schema_engine::Draft,
    remotes: &[(String, serde_json::Value)],
) -> tool_schema_engine::SchemaBuilder {
    remotes
        .iter()
        .fold(
            tool_schema_engine::Schema::builder()
                .draft(draft)
                .annotate_unknown_keywords(true),
            |b, (u, d)| {
            b.resource(u.clone(), d.clone())
        })
}

/// The schema `tool_schema!` compiles for `schema` (which `parsed` is): the
/// dialect written as `$schema` when the draft is not the default, and the remote
/// documents the schema refers to embedded in `$defs` (draft 7: `definitions`)
/// under their URI as `$id`
/// (bundled: a `tool_schema!` schema can only refer to what its literal holds and
/// to the bundled meta-schemas).
#[allow(dead_code)] // build.rs only
fn suite_literal(
    schema: &serde_json::Value,
    draft: tool_schema_engine::Draft,
    parsed: &tool_schema_engine::Schema,
    remotes: &[(String, serde_json::Value)],
) -> serde_json::Value {
    let serde_json::Value::Object(map) = schema else {
        return schema.clone();
    };
    let mut map = map.clone();
    if draft != tool_schema_engine::Draft::Draft2020_12 && !map.contains_key("$schema")
    {
        let mut with = serde_json::Map::new();
        with.insert("$schema".into(), draft.schema_uri().into());
        with.extend(map);
        map = with;
    }
    let mut used: Vec<&str> = Vec::new();
    // A custom meta-schema: its `$vocabulary` says which keywords are read.
    if let Some(serde_json::Value::String(meta)) = map.get("$schema") {
        if let Some((uri, _)) = remotes.iter().find(|(u, _)| u == meta) {
            used.push(uri);
        }
    }
    for node in parsed.nodes() {
        if let Some(origin) = &node.origin {
            let uri = origin.split('#').next().unwrap();
            if uri.starts_with(REMOTE_BASE) && !used.contains(&uri) {
                used.push(uri);
            }
        }
    }
    if !used.is_empty() {
        used.sort_unstable();
        // Where the literal's dialect reads definitions: draft 7 has no `$defs`.
        let literal_draft = map
            .get("$schema")
            .and_then(serde_json::Value::as_str)
            .and_then(tool_schema_engine::Draft::from_schema_uri)
            .unwrap_or(draft);
        let key = if literal_draft == tool_schema_engine::Draft::Draft07 {
            "definitions"
        } else {
            "$defs"
        };
        let defs = map
            .entry(key)
            .or_insert_with(|| serde_json::Value::Object(Default::default()));
        for (i, uri) in used.iter().enumerate() {
            let doc = &remotes.iter().find(|(u, _)| u == uri).unwrap().1;
            let embedded = match doc {
                serde_json::Value::Object(d) => {
                    let mut e = serde_json::Map::new();
                    e.insert("$id".into(), (*uri).into());
                    for (k, v) in d {
                        if k != "$id" {
                            e.insert(k.clone(), v.clone());
                        }
                    }
                    serde_json::Value::Object(e)
                }
                other => other.clone(),
            };
            defs.as_object_mut()
                .unwrap()
                .insert(format!("remote-{i}"), embedded);
        }
    }
    serde_json::Value::Object(map)
}
