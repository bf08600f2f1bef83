//! The code `tool_schema!` generates for the four benchmark tools
//! (`bench/data/{weather,search,order,job}.json`), as one line of tokens: the
//! macro's own output (`macro`), or what rustc compiles once the runtime's
//! `exports!` has kept the compiled exports it keeps, with the `engines` feature
//! (`engines`: the declared targets) or without it (`lean`: every target). To
//! count its lines:
//!
//! ```text
//! cargo run -q -p tool-schema-expand --example expansion -- engines | rustfmt --edition 2021 | wc -l
//! ```

use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use std::str::FromStr;

/// The token-tree groups of `exports!`'s input: declared entries, the other
/// targets' parts, the other entries.
fn groups(input: &Group) -> Vec<TokenStream> {
    input
        .stream()
        .into_iter()
        .filter_map(|t| match t {
            TokenTree::Group(g) => Some(g.stream()),
            _ => None,
        })
        .collect()
}

/// `tokens` with each `::tool_schema::__private::exports!(..)` replaced by what
/// the runtime's macro gives it.
fn after_exports(tokens: TokenStream, engines: bool) -> TokenStream {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out: Vec<TokenTree> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let call = match (&tokens[i], tokens.get(i + 1), tokens.get(i + 2)) {
            (TokenTree::Ident(name), Some(TokenTree::Punct(bang)), Some(TokenTree::Group(g)))
                if name == "exports" && bang.as_char() == '!' =>
            {
                Some(groups(g))
            }
            _ => None,
        };
        match (call, &tokens[i]) {
            (Some(g), _) => {
                // The path before the name: `:: tool_schema :: __private ::`.
                out.truncate(out.len() - 8);
                let text = if engines {
                    format!("&[{}]", g[0])
                } else {
                    format!("{{ {} &[{} {}] }}", g[1], g[0], g[2])
                };
                let body = TokenStream::from_str(&text).expect("tokens");
                out.push(TokenTree::Group(Group::new(Delimiter::Parenthesis, body)));
                i += 3;
                continue;
            }
            (None, TokenTree::Group(g)) => out.push(TokenTree::Group(Group::new(
                g.delimiter(),
                after_exports(g.stream(), engines),
            ))),
            (None, t) => out.push(t.clone()),
        }
        i += 1;
    }
    out.into_iter().collect()
}

fn main() {
    let form = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "engines".to_string());
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../bench/data");
    let mut input = String::new();
    for (name, file) in [
        ("Weather", "weather"),
        ("Search", "search"),
        ("Order", "order"),
        ("Job", "job"),
    ] {
        let json = std::fs::read_to_string(format!("{data}/{file}.json")).expect("schema file");
        input.push_str(&format!("pub {name} = {json}\n"));
    }
    let expanded = tool_schema_expand::tool_schema(TokenStream::from_str(&input).expect("tokens"));
    let out = match form.as_str() {
        "macro" => expanded,
        "engines" => after_exports(expanded, true),
        "lean" => after_exports(expanded, false),
        other => {
            eprintln!("unknown form {other:?}: macro, engines or lean");
            std::process::exit(2);
        }
    };
    println!("{out}");
}
