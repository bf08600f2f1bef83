//! The contract for generated code (reached as `::tool_schema::__private`):
//! the small runtime's `runtime/src/contract.rs`, which the engine's
//! `engine/src/contract.rs` re-exports whole, adding the few items that need the
//! schema model. Every item the code generator (`expand/src`) names is listed in
//! one of them, the engine's list holds those items and no more, and the
//! generator names the facade by no other path. That generated code compiles at all proves the listed items exist;
//! this test proves nothing outside the list is named, as the facade's
//! `__private` re-exports the contract alone.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The names a `pub use` line (possibly spread over lines, up to its `;`) makes
/// visible: the last segment of each path, or its `as` alias.
fn used_names(statement: &str) -> Vec<String> {
    let body = statement
        .trim_start_matches("pub use")
        .trim()
        .trim_end_matches(';');
    let inner = match (body.find('{'), body.rfind('}')) {
        (Some(a), Some(b)) => body[a + 1..b].to_string(),
        _ => body.to_string(),
    };
    inner
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|item| match item.split_once(" as ") {
            Some((_, alias)) => alias.trim().to_string(),
            None => item.rsplit("::").next().unwrap().trim().to_string(),
        })
        .collect()
}

/// The names the `pub use` lines of `file` make visible, by module path from
/// the top (`keywords::object`); a glob re-export of the runtime's contract
/// adds nothing (that file is read on its own).
fn listed(file: &str, modules: &mut BTreeMap<String, BTreeSet<String>>) {
    let text = std::fs::read_to_string(root().join(file)).unwrap();
    let mut stack: Vec<String> = Vec::new();
    let mut pending = String::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with("//") || line.ends_with("::contract::*;") {
            continue;
        }
        if !pending.is_empty() || line.starts_with("pub use") {
            pending.push_str(line);
            pending.push(' ');
            if line.ends_with(';') {
                let names = used_names(pending.trim());
                modules.entry(stack.join("::")).or_default().extend(names);
                pending.clear();
            }
            continue;
        }
        if let Some(rest) = line.strip_prefix("pub mod ") {
            let name = rest.trim_end_matches('{').trim().to_string();
            modules
                .entry(stack.join("::"))
                .or_default()
                .insert(name.clone());
            stack.push(name);
            continue;
        }
        if line == "}" {
            stack.pop();
        }
    }
}

/// The items generated code reaches through the engine rather than the small
/// runtime: what works on the compiled model.
const ENGINE_ITEMS: [&str; 10] = [
    "Schema",
    "ToolArgsExt",
    "compiled",
    "Compiled",
    "declared_schema",
    "fast_accepts",
    "fast_parse",
    "instance_model",
    "parse_str_generic",
    "exports",
];

/// The contract: the top level's names, and each nested module's names (by
/// the module's path from the top, `keywords::object`).
fn contract() -> BTreeMap<String, BTreeSet<String>> {
    let mut modules: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    listed("runtime/src/contract.rs", &mut modules);
    listed("engine/src/contract.rs", &mut modules);
    // The facade's own additions to `__private` (src/lib.rs).
    let top = modules.entry(String::new()).or_default();
    top.extend(
        [
            "json_schema_impl",
            "json_schema",
            "schemars",
            "typed_form",
            "typed_const",
            "serde",
            "typed",
        ]
        .map(String::from),
    );
    modules
}

/// Each `#rt::a::b::...` path of the generator's sources (`rt` and the other
/// names the generator binds to `__private` paths), as its segments.
fn named_paths() -> Vec<(PathBuf, Vec<String>)> {
    let mut files = Vec::new();
    rust_files(&root().join("expand/src"), &mut files);
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for (at, _) in text.match_indices("#rt::") {
            let rest = &text[at + "#rt::".len()..];
            let path: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            let segments: Vec<String> = path
                .split("::")
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect();
            found.push((file.clone(), segments));
        }
    }
    found
}

#[test]
fn the_generator_names_only_items_of_the_contract() {
    let contract = contract();
    let paths = named_paths();
    assert!(
        paths.len() > 200,
        "only {} paths found: the scan is broken",
        paths.len()
    );
    let mut outside = Vec::new();
    for (file, segments) in &paths {
        // Walk the modules of the contract as far as the path goes into them.
        let mut module = String::new();
        for segment in segments {
            let Some(names) = contract.get(&module) else {
                break; // past the contract's modules: an item's own members
            };
            if !names.contains(segment) {
                outside.push(format!("{}: #rt::{}", file.display(), segments.join("::")));
                break;
            }
            module = if module.is_empty() {
                segment.clone()
            } else {
                format!("{module}::{segment}")
            };
        }
    }
    assert!(
        outside.is_empty(),
        "generated code names items outside runtime/src/contract.rs and engine/src/contract.rs:\n{}",
        outside.join("\n")
    );
}

#[test]
fn the_generator_reaches_the_facade_through_private_only() {
    let mut files = Vec::new();
    rust_files(&root().join("expand/src"), &mut files);
    let mut other = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap();
            for (at, _) in code.match_indices("::tool_schema::") {
                if !code[at..].starts_with("::tool_schema::__private") {
                    other.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        other.is_empty(),
        "generated code names the facade outside __private:\n{}",
        other.join("\n")
    );
}

#[test]
fn the_contract_scan_sees_a_path_outside_it() {
    // The scanner itself: a path the contract does not list is caught.
    let contract = contract();
    assert!(contract[""].contains("Sink"));
    assert!(contract["keywords::object"].contains("has_member"));
    assert!(!contract[""].contains("interp"));
    assert!(!contract["keywords::object"].contains("report"));
}

#[test]
fn the_engine_adds_only_what_needs_the_model() {
    // Everything else generated code names lives in the small runtime.
    let mut engine = BTreeMap::new();
    listed("engine/src/contract.rs", &mut engine);
    let added: BTreeSet<&str> = engine[""].iter().map(String::as_str).collect();
    assert_eq!(added, ENGINE_ITEMS.into_iter().collect::<BTreeSet<_>>());
    assert_eq!(
        engine.len(),
        1,
        "the engine's contract has modules: {engine:?}"
    );
    let mut runtime = BTreeMap::new();
    listed("runtime/src/contract.rs", &mut runtime);
    for item in ENGINE_ITEMS {
        assert!(!runtime[""].contains(item), "{item} is in both contracts");
    }
    assert!(runtime[""].contains("collect_report"));
    assert!(runtime[""].contains("ToolArgs"));
}
