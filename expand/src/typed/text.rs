//! The typed form's items as Rust source text, one item and one field a line
//! (`tool-schema types`): the tokens `emit` writes, laid out.

use proc_macro2::{Delimiter, TokenStream, TokenTree};

/// `tokens` (items: attributes, `struct`/`enum` with a braced body) as text.
pub(crate) fn layout(tokens: TokenStream) -> String {
    let mut out = String::new();
    items(tokens, 0, &mut out);
    out
}

fn items(tokens: TokenStream, indent: usize, out: &mut String) {
    // The tokens of the line being gathered.
    let mut line: Vec<TokenTree> = Vec::new();
    let mut iter = tokens.into_iter().peekable();
    while let Some(tt) = iter.next() {
        match &tt {
            TokenTree::Punct(p) if p.as_char() == '#' => {
                if let Some(TokenTree::Group(g)) = iter.peek() {
                    flush(&mut line, "", indent, out);
                    match doc_line(g.stream()) {
                        Some(doc) => push(&format!("///{doc}"), indent, out),
                        None => push(
                            &format!("#[{}]", tidy(&g.stream().to_string())),
                            indent,
                            out,
                        ),
                    }
                    iter.next();
                    continue;
                }
                line.push(tt);
            }
            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => {
                flush(&mut line, " {", indent, out);
                items(g.stream(), indent + 1, out);
                push("}", indent, out);
                if indent == 0 {
                    out.push('\n');
                }
            }
            TokenTree::Punct(p) if matches!(p.as_char(), ',' | ';') && open_angles(&line) == 0 => {
                let end = p.as_char().to_string();
                flush(&mut line, &end, indent, out);
                // An item ended by `;` is followed by a blank line as a braced one
                // is, but a unit struct stays next to the macro call implementing
                // it (a path, `::...`).
                let path_next =
                    matches!(iter.peek(), Some(TokenTree::Punct(q)) if q.as_char() == ':');
                if indent == 0 && p.as_char() == ';' && !path_next {
                    out.push('\n');
                }
            }
            _ => line.push(tt),
        }
    }
    flush(&mut line, "", indent, out);
}

/// How many `<` of `line` are still open (a `,` inside `Map<K, V>` ends no line).
fn open_angles(line: &[TokenTree]) -> usize {
    let count = |c: char| {
        line.iter()
            .filter(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == c))
            .count()
    };
    count('<').saturating_sub(count('>'))
}

/// Writes the gathered `line`, then `end`, as one line.
fn flush(line: &mut Vec<TokenTree>, end: &str, indent: usize, out: &mut String) {
    let text: TokenStream = line.drain(..).collect();
    let text = tidy(&text.to_string());
    if !text.is_empty() || !end.trim().is_empty() {
        push(&format!("{text}{end}"), indent, out);
    }
}

fn push(text: &str, indent: usize, out: &mut String) {
    out.push_str(&"    ".repeat(indent));
    out.push_str(text.trim_start());
    out.push('\n');
}

/// The text of a `doc = "..."` attribute, written back as a `///` comment.
fn doc_line(attr: TokenStream) -> Option<String> {
    let nv: syn::MetaNameValue = syn::parse2(attr).ok()?;
    if !nv.path.is_ident("doc") {
        return None;
    }
    match nv.value {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(s),
            ..
        }) => Some(s.value()),
        _ => None,
    }
}

/// The spacing of a token stream's text made Rust's usual one, outside its
/// string literals.
fn tidy(text: &str) -> String {
    let mut out = String::new();
    let mut code = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '"' {
            code.push(c);
            continue;
        }
        out.push_str(&tidy_code(&std::mem::take(&mut code)));
        // A string literal, copied as it is (escapes included).
        out.push('"');
        while let Some(c) = chars.next() {
            out.push(c);
            match c {
                '\\' => out.extend(chars.next()),
                '"' => break,
                _ => {}
            }
        }
    }
    out.push_str(&tidy_code(&code));
    out
}

/// [`tidy`] on code without string literals.
fn tidy_code(code: &str) -> String {
    // A field's `: ` first, kept apart from the paths' `::`.
    let mut s = code.replace(" : ", "\u{1}");
    for (from, to) in [
        (" :: ", "::"),
        (":: ", "::"),
        (" < ", "<"),
        ("< ", "<"),
        (" <", "<"),
        (" >", ">"),
        (" ,", ","),
        (" (", "("),
        ("( ", "("),
        (" )", ")"),
        (" ;", ";"),
        ("# [", "#["),
        (" !", "!"),
    ] {
        while s.contains(from) {
            s = s.replace(from, to);
        }
    }
    s.replace(',', ", ")
        .replace(",  ", ", ")
        .replace('\u{1}', ": ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    #[test]
    fn items_are_laid_out_one_field_a_line() {
        let tokens = quote! {
            /// Doc.
            #[derive(::core::clone::Clone)]
            pub struct A {
                #[serde(default, rename = "x (y), z")]
                pub x: ::core::option::Option<::std::vec::Vec<u8> >,
                pub m: M<::std::string::String, V>,
            }
        };
        let text = layout(tokens.clone());
        assert_eq!(
            text,
            "/// Doc.\n#[derive(::core::clone::Clone)]\npub struct A {\n    #[serde(default, rename = \"x (y), z\")]\n    pub x: ::core::option::Option<::std::vec::Vec<u8>>,\n    pub m: M<::std::string::String, V>,\n}\n\n"
        );
        // The text is the same Rust.
        // The text is the same tokens (spacing aside: `>>` is two `>`).
        let parsed: TokenStream = text.parse().unwrap();
        // (`quote` writes a doc comment as a raw string.)
        let bare = |t: TokenStream| t.to_string().replace(' ', "").replace("r\"", "\"");
        assert_eq!(bare(parsed), bare(tokens));
    }
}
