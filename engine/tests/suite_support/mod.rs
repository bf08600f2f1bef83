//! The JSON-Schema-Test-Suite copy in `tests/data/json-schema-test-suite`, read
//! as (label, schema, instances) per test group, files in name order.

use serde_json::Value;
use std::path::{Path, PathBuf};

/// Every group of `draft`'s files (`draft2020-12`, `draft7`): its label (file and
/// description), its schema and its instances.
pub fn groups(draft: &str) -> Vec<(String, Value, Vec<Value>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/json-schema-test-suite")
        .join(draft);
    let mut out = Vec::new();
    for path in json_files(&dir) {
        let groups: Value = read(&path);
        for group in groups.as_array().into_iter().flatten() {
            let instances = group["tests"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|t| t["data"].clone())
                .collect();
            let label = format!("{}: {}", path.display(), group["description"]);
            out.push((label, group["schema"].clone(), instances));
        }
    }
    out
}

/// The `.json` files of `dir`, sorted.
fn json_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

/// The JSON file at `path`.
pub fn read(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap()
}
