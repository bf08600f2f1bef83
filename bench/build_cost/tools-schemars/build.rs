//! The benchmark suite's serde types (bench/src/typed.rs), each also deriving
//! schemars' `JsonSchema`: written to `OUT_DIR/typed.rs` so that the types are
//! the suite's, not a copy.

fn main() {
    let source = "../../src/typed.rs";
    println!("cargo:rerun-if-changed={source}");
    let text = std::fs::read_to_string(source).expect("bench/src/typed.rs");
    let text = text
        .replace("#![allow(dead_code)]", "")
        .replace("//!", "//")
        .replace("#[derive(Deserialize)]", "#[derive(Deserialize, schemars::JsonSchema)]");
    let out = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("typed.rs");
    std::fs::write(out, text).expect("OUT_DIR/typed.rs");
}
