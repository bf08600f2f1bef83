//! The BFCL sample of `tests/compiled` (the same definitions, `bfcl_sample`),
//! each declared with the typed form of `tool_schema!`
//! (`pub struct BfclN = { ... }`) into `$OUT_DIR/bfcl.rs`, with the table `BFCL`:
//! definition number, validator, typed round trip.

#[path = "../compiled/bfcl_sample.rs"]
mod bfcl_sample;

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let chosen = bfcl_sample::chosen(false, || None);
    let mut out = bfcl_sample::declarations(&chosen, "struct ");
    out.push_str("\n/// `(definition number, validator, typed round trip)`.\npub const BFCL: &[(usize, crate::Validate, crate::RoundTrip)] = &[\n");
    for (n, _, _) in &chosen {
        writeln!(
            out,
            "    ({n}, <Bfcl{n} as tool_schema::ToolArgs>::validate_with, crate::round_trip::<Bfcl{n}>),"
        )
        .unwrap();
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("bfcl.rs");
    std::fs::write(dest, out).unwrap();
}
