//! Every Rust block of `docs/*.md` is compiled by `cargo test --doc`: each guide
//! is the documentation of a hidden item of the facade (`src/lib.rs`, module
//! `docs`, under `#[cfg(doctest)]`), and no block opts out with `ignore`.

use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The file names of `docs/*.md`.
fn guides() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .collect();
    names.sort();
    names
}

#[test]
fn every_guide_is_a_doc_test() {
    let facade = std::fs::read_to_string(root().join("src/lib.rs")).unwrap();
    let missing: Vec<String> = guides()
        .into_iter()
        .filter(|g| !facade.contains(&format!("= \"{g}\";")))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/{missing:?} not in the facade's `guides!` list: their Rust blocks are not compiled"
    );
}

#[test]
fn no_rust_block_is_ignored() {
    for g in guides() {
        let text = std::fs::read_to_string(root().join("docs").join(&g)).unwrap();
        for (i, line) in text.lines().enumerate() {
            let fence = line.trim_start();
            let Some(info) = fence.strip_prefix("```") else {
                continue;
            };
            let attrs: Vec<&str> = info.split(',').map(str::trim).collect();
            assert!(
                !(attrs.contains(&"rust") && attrs.contains(&"ignore")),
                "docs/{g}:{}: a Rust block marked `ignore` is never compiled; hide its setup with `# ` lines, or mark it `no_run`",
                i + 1
            );
        }
    }
}

/// The body of the first fenced block of `text` whose info string starts with
/// `rust` (or is empty, rustdoc's default).
fn first_rust_block(text: &str) -> String {
    let mut block = String::new();
    // The info string of the fence we are in, if any.
    let mut inside: Option<&str> = None;
    for line in text.lines() {
        match (inside, line.strip_prefix("```")) {
            (None, Some(info)) => inside = Some(info),
            (Some(info), Some(_)) if info.is_empty() || info.starts_with("rust") => break,
            (Some(_), Some(_)) => inside = None,
            (Some(info), None) if info.is_empty() || info.starts_with("rust") => {
                block.push_str(line);
                block.push('\n');
            }
            _ => {}
        }
    }
    block
}

#[test]
fn the_api_front_page_opens_with_the_readme_flow() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let facade = std::fs::read_to_string(root().join("src/lib.rs")).unwrap();
    let front_page: String = facade
        .lines()
        .map_while(|l| l.strip_prefix("//!"))
        .map(|l| format!("{}\n", l.strip_prefix(' ').unwrap_or(l)))
        .collect();
    let flow = first_rust_block(&readme);
    assert!(flow.contains("Toolbox::new()"), "{flow}");
    assert_eq!(first_rust_block(&front_page), flow);
}

/// The README's rmcp block (marked `ignore`: the README's blocks compile without
/// the `rmcp` feature) is an excerpt of docs/rmcp.md's, which compiles with it:
/// every line of it is a line there. It shows `without_meta_schema`.
#[test]
fn the_readme_rmcp_block_is_compiled_code() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let guide = std::fs::read_to_string(root().join("docs/rmcp.md")).unwrap();
    let section = readme
        .split("### MCP servers with rmcp")
        .nth(1)
        .expect("the README's rmcp section");
    let block = section
        .split("```rust,ignore\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("the rmcp section's Rust block");
    assert!(
        block.contains("without_meta_schema(Shop::tool_router())"),
        "{block}"
    );
    let guide_lines: Vec<&str> = guide.lines().map(str::trim).collect();
    for line in block.lines().map(str::trim).filter(|l| !l.is_empty()) {
        assert!(
            guide_lines.contains(&line),
            "README's rmcp line not in docs/rmcp.md: {line}"
        );
    }
}
