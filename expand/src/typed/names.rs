//! The Rust names of the typed form: a field for each property, a variant for
//! each string of an `enum`, a type for each nested object or enum. A name that is
//! not a Rust identifier is made one (and the JSON name kept with
//! `#[serde(rename)]`); a keyword becomes a raw identifier.

/// Rust's keywords (strict and reserved, 2021 edition): a field so named is
/// written `r#name`.
const KEYWORDS: [&str; 51] = [
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern",
    "false", "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub",
    "ref", "return", "self", "Self", "static", "struct", "super", "trait", "true", "type",
    "unsafe", "use", "where", "while", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "typeof", "unsized", "virtual", "yield", "try",
];

/// The keywords that cannot be raw identifiers.
const NOT_RAW: [&str; 5] = ["crate", "self", "Self", "super", "_"];

/// Whether `name` is a Rust identifier as written (keywords aside).
fn is_plain_ident(name: &str) -> bool {
    let mut chars = name.chars();
    match chars.next() {
        Some(c) if c == '_' || c.is_ascii_alphabetic() => {}
        _ => return false,
    }
    name != "_" && chars.all(|c| c == '_' || c.is_ascii_alphanumeric())
}

/// The words of `name`: its runs of ASCII letters and digits, split where a
/// lower-case letter or digit is followed by an upper-case one (`maxResults` ->
/// `max`, `Results`).
fn words(name: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut prev_lower = false;
    for c in name.chars() {
        if !c.is_ascii_alphanumeric() {
            if !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
            prev_lower = false;
            continue;
        }
        if c.is_ascii_uppercase() && prev_lower && !current.is_empty() {
            out.push(std::mem::take(&mut current));
        }
        prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        current.push(c);
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// A field's identifier for property `name` (as written in Rust, `r#type` for a
/// keyword) and whether serde needs `#[serde(rename)]` to read it.
pub(crate) fn field(name: &str) -> (String, bool) {
    if is_plain_ident(name) && !NOT_RAW.contains(&name) {
        return if KEYWORDS.contains(&name) {
            (format!("r#{name}"), false)
        } else {
            (name.to_string(), false)
        };
    }
    let mut ident = words(name)
        .iter()
        .map(|w| w.to_ascii_lowercase())
        .collect::<Vec<_>>()
        .join("_");
    if ident.is_empty() || ident.starts_with(|c: char| c.is_ascii_digit()) {
        ident.insert_str(0, "field_");
    }
    if KEYWORDS.contains(&ident.as_str()) {
        ident.push('_');
    }
    (ident, true)
}

/// `name` in UpperCamelCase (`max_results` -> `MaxResults`, `e-mail` -> `EMail`),
/// prefixed so that it starts with a letter; `fallback` when it has no word.
pub(crate) fn camel(name: &str, fallback: &str) -> String {
    let mut out = String::new();
    for w in words(name) {
        let mut chars = w.chars();
        if let Some(first) = chars.next() {
            out.push(first.to_ascii_uppercase());
            out.extend(chars);
        }
    }
    if out.is_empty() {
        return fallback.to_string();
    }
    if out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, 'V');
    }
    if out == "Self" {
        out.push('_');
    }
    out
}

/// `base`, or `base2`, `base3`, ... : the first not in `taken`, which it joins.
pub(crate) fn unique(base: String, taken: &mut Vec<String>) -> String {
    let mut name = base.clone();
    let mut n = 2;
    while taken.contains(&name) {
        name = format!("{base}{n}");
        n += 1;
    }
    taken.push(name.clone());
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_keep_identifiers_and_rename_the_rest() {
        assert_eq!(field("city"), ("city".into(), false));
        assert_eq!(field("maxResults"), ("maxResults".into(), false));
        assert_eq!(field("type"), ("r#type".into(), false));
        assert_eq!(field("self"), ("self_".into(), true));
        assert_eq!(field("e-mail"), ("e_mail".into(), true));
        assert_eq!(field("2fa code"), ("field_2fa_code".into(), true));
        assert_eq!(field(""), ("field_".into(), true));
        assert_eq!(field("_"), ("field_".into(), true));
        assert_eq!(field("\u{e9}t\u{e9}"), ("t".into(), true));
    }

    #[test]
    fn camel_case_names() {
        assert_eq!(camel("max_results", "X"), "MaxResults");
        assert_eq!(camel("maxResults", "X"), "MaxResults");
        assert_eq!(camel("e-mail", "X"), "EMail");
        assert_eq!(camel("2d", "X"), "V2d");
        assert_eq!(camel("!!", "X"), "X");
        assert_eq!(camel("self", "X"), "Self_");
    }

    #[test]
    fn unique_names_count_up() {
        let mut taken = vec!["A".to_string()];
        assert_eq!(unique("A".into(), &mut taken), "A2");
        assert_eq!(unique("A".into(), &mut taken), "A3");
        assert_eq!(unique("B".into(), &mut taken), "B");
    }
}
