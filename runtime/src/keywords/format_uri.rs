//! The URI family of string formats: `uri` and `uri-reference` (RFC 3986), `iri`
//! and `iri-reference` (RFC 3987: the same grammar, with non-ASCII characters
//! allowed where RFC 3987 allows them), and `uri-template` (RFC 6570, level 4).
//!
//! One reader of RFC 3986's grammar ([`Reference`]) serves the four reference
//! formats; it walks the text once and allocates nothing.

use std::net::Ipv6Addr;

/// Whether `s` is an absolute URI (`scheme ":" hier-part ["?" query]
/// ["#" fragment]`).
pub fn is_uri(s: &str) -> bool {
    Reference::parse(s, false).is_some_and(|r| r.absolute)
}

/// Whether `s` is a URI reference: a URI or a relative reference.
pub fn is_uri_reference(s: &str) -> bool {
    Reference::parse(s, false).is_some()
}

/// Whether `s` is an absolute IRI.
pub fn is_iri(s: &str) -> bool {
    Reference::parse(s, true).is_some_and(|r| r.absolute)
}

/// Whether `s` is an IRI reference.
pub fn is_iri_reference(s: &str) -> bool {
    Reference::parse(s, true).is_some()
}

/// What the reader found out about a valid reference.
struct Reference {
    /// Whether it has a scheme (a URI, not a relative reference).
    absolute: bool,
}

impl Reference {
    /// Reads `s` as a URI reference (an IRI reference when `iri`); `None` when it
    /// is not one.
    fn parse(s: &str, iri: bool) -> Option<Reference> {
        let chars = Chars { iri };
        // The hierarchical part ends at the first `?` or `#`; the fragment begins
        // at the first `#`.
        let (before_fragment, fragment) = match s.find('#') {
            Some(i) => (&s[..i], Some(&s[i + 1..])),
            None => (s, None),
        };
        let (hier, query) = match before_fragment.find('?') {
            Some(i) => (&before_fragment[..i], Some(&before_fragment[i + 1..])),
            None => (before_fragment, None),
        };
        let (scheme, rest) = split_scheme(hier);
        if let Some(scheme) = scheme {
            if !is_scheme(scheme) {
                return None;
            }
        }
        let path = match rest.strip_prefix("//") {
            Some(after) => {
                let end = after.find('/').unwrap_or(after.len());
                if !chars.is_authority(&after[..end]) {
                    return None;
                }
                &after[end..]
            }
            None => {
                // Without a scheme, a first segment holding `:` would read as a
                // scheme (RFC 3986 `path-noscheme`).
                if scheme.is_none() && rest.split('/').next().is_some_and(|s| s.contains(':')) {
                    return None;
                }
                rest
            }
        };
        let path_ok = path
            .split('/')
            .all(|segment| chars.all(segment, b":@", false));
        let query_ok = query.is_none_or(|q| chars.all(q, b":@/?", true));
        let fragment_ok = fragment.is_none_or(|f| chars.all(f, b":@/?", false));
        (path_ok && query_ok && fragment_ok).then_some(Reference {
            absolute: scheme.is_some(),
        })
    }
}

/// `hier` split at its scheme's `:`, when the text before the first `:` (and
/// before any `/`) could be a scheme at all; otherwise `(None, hier)`.
fn split_scheme(hier: &str) -> (Option<&str>, &str) {
    match hier.find([':', '/']) {
        Some(i) if hier.as_bytes()[i] == b':' && i > 0 => (Some(&hier[..i]), &hier[i + 1..]),
        _ => (None, hier),
    }
}

/// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
fn is_scheme(s: &str) -> bool {
    let mut bytes = s.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}

/// Which characters a component may hold: RFC 3986's, or RFC 3987's when `iri`.
#[derive(Clone, Copy)]
struct Chars {
    iri: bool,
}

impl Chars {
    /// Whether every character of `s` is unreserved, a sub-delimiter, one of
    /// `extra`, or a valid `%XX` escape (and, for an IRI, a `ucschar`, or an
    /// `iprivate` when `private` — a query may hold those).
    fn all(self, s: &str, extra: &[u8], private: bool) -> bool {
        let bytes = s.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            if b == b'%' {
                if !is_escape_at(bytes, i) {
                    return false;
                }
                i += 3;
            } else if b.is_ascii() {
                if !(is_unreserved(b) || is_sub_delim(b) || extra.contains(&b)) {
                    return false;
                }
                i += 1;
            } else {
                // A non-ASCII character: `s[i..]` starts a character, as `i`
                // only ever advances by whole characters.
                let Some(c) = s[i..].chars().next() else {
                    return false;
                };
                if !(self.iri && (is_ucschar(c) || (private && is_iprivate(c)))) {
                    return false;
                }
                i += c.len_utf8();
            }
        }
        true
    }

    /// `[ userinfo "@" ] host [ ":" port ]`.
    fn is_authority(self, authority: &str) -> bool {
        let (userinfo, host_port) = match authority.rfind('@') {
            Some(i) => (Some(&authority[..i]), &authority[i + 1..]),
            None => (None, authority),
        };
        if userinfo.is_some_and(|u| !self.all(u, b":", false)) {
            return false;
        }
        let (host, port) = match host_port.strip_prefix('[') {
            Some(literal) => {
                let Some(close) = literal.find(']') else {
                    return false;
                };
                if !is_ip_literal(&literal[..close]) {
                    return false;
                }
                match &literal[close + 1..] {
                    "" => return true,
                    after => match after.strip_prefix(':') {
                        Some(port) => return port.bytes().all(|b| b.is_ascii_digit()),
                        None => return false,
                    },
                }
            }
            None => match host_port.rfind(':') {
                Some(i) => (&host_port[..i], &host_port[i + 1..]),
                None => (host_port, ""),
            },
        };
        self.all(host, b"", false) && port.bytes().all(|b| b.is_ascii_digit())
    }
}

/// What an IP literal's brackets hold: an IPv6 address, or
/// `"v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )` (IPvFuture).
fn is_ip_literal(s: &str) -> bool {
    if let Some(future) = s.strip_prefix(['v', 'V']) {
        return match future.split_once('.') {
            Some((version, rest)) => {
                !version.is_empty()
                    && version.bytes().all(|b| b.is_ascii_hexdigit())
                    && !rest.is_empty()
                    && rest
                        .bytes()
                        .all(|b| is_unreserved(b) || is_sub_delim(b) || b == b':')
            }
            None => false,
        };
    }
    s.is_ascii() && s.parse::<Ipv6Addr>().is_ok()
}

/// Whether `bytes[i..]` starts with a `%XX` escape (two hexadecimal digits).
fn is_escape_at(bytes: &[u8], i: usize) -> bool {
    bytes[i..].starts_with(b"%")
        && bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
        && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
}

/// `ALPHA / DIGIT / "-" / "." / "_" / "~"`.
fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// `"!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`.
fn is_sub_delim(b: u8) -> bool {
    matches!(
        b,
        b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
    )
}

/// RFC 3987 `ucschar`: the non-ASCII characters an IRI may hold anywhere.
fn is_ucschar(c: char) -> bool {
    let c = c as u32;
    matches!(c, 0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF)
        || ((0x10000..=0xEFFFD).contains(&c)
            && (c & 0xFFFF) <= 0xFFFD
            && !(0xE0000..0xE1000).contains(&c))
}

/// RFC 3987 `iprivate`: private-use characters, allowed in a query.
fn is_iprivate(c: char) -> bool {
    let c = c as u32;
    matches!(c, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

/// Whether `s` is a URI Template (RFC 6570, up to level 4): literals and
/// `{` [operator] varspec *( "," varspec ) `}` expressions.
pub fn is_uri_template(s: &str) -> bool {
    let mut rest = s;
    while !rest.is_empty() {
        let literal_end = rest.find(['{', '}']).unwrap_or(rest.len());
        if !is_template_literal(&rest[..literal_end]) {
            return false;
        }
        rest = &rest[literal_end..];
        let Some(expression) = rest.strip_prefix('{') else {
            // Nothing left, or a `}` no `{` opened.
            return rest.is_empty();
        };
        let Some(close) = expression.find('}') else {
            return false;
        };
        if !is_template_expression(&expression[..close]) {
            return false;
        }
        rest = &expression[close + 1..];
    }
    true
}

/// A template's literal text: any character but controls, space and
/// `"<>\^`{|}` (and `%` only as a valid escape). RFC 6570's grammar leaves out
/// `'` as well; its errata and the JSON-Schema-Test-Suite accept it.
fn is_template_literal(s: &str) -> bool {
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'%' {
            if !is_escape_at(bytes, i) {
                return false;
            }
            i += 3;
            continue;
        }
        if b < 0x21 || b == 0x7F || b"\"<>\\^`{|}".contains(&b) {
            return false;
        }
        i += 1;
    }
    true
}

/// What is between an expression's braces.
fn is_template_expression(s: &str) -> bool {
    // Operators of levels 2 and 3; `=,!@|` are reserved (an error to use).
    let list = s
        .strip_prefix(['+', '#', '.', '/', ';', '?', '&'])
        .unwrap_or(s);
    !list.is_empty() && list.split(',').all(is_varspec)
}

/// `varname [ ":" max-length / "*" ]`.
fn is_varspec(s: &str) -> bool {
    let (name, modifier_ok) = if let Some(name) = s.strip_suffix('*') {
        (name, true)
    } else if let Some((name, length)) = s.split_once(':') {
        let b = length.as_bytes();
        let ok = (1..=4).contains(&b.len()) && b.iter().all(u8::is_ascii_digit) && b[0] != b'0';
        (name, ok)
    } else {
        (s, true)
    };
    modifier_ok && is_varname(name)
}

/// `varchar *( ["."] varchar )`, a varchar being `ALPHA / DIGIT / "_"` or a
/// `%XX` escape.
fn is_varname(s: &str) -> bool {
    let bytes = s.as_bytes();
    let mut i = 0;
    let mut after_dot = true;
    while i < bytes.len() {
        match bytes[i] {
            b'.' if !after_dot => {
                after_dot = true;
                i += 1;
            }
            b'%' if is_escape_at(bytes, i) => {
                after_dot = false;
                i += 3;
            }
            b if b.is_ascii_alphanumeric() || b == b'_' => {
                after_dot = false;
                i += 1;
            }
            _ => return false,
        }
    }
    !after_dot
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references() {
        for ok in [
            "http://a/b?c#d",
            "//host",
            "//",
            "",
            "?q",
            "#f",
            "./a:b",
            "http://[v1.x]/",
            "http://[::1]:80/",
            "mailto:a@b",
            "urn:a:b",
        ] {
            assert!(is_uri_reference(ok), "{ok}");
        }
        for bad in [
            "1:b",
            "/[::1]",
            "//a:x/",
            "//a@b@c/",
            "/%zz",
            "a b",
            "http://[::1",
            "http://[::1]x",
            "/é",
        ] {
            assert!(!is_uri_reference(bad), "{bad}");
        }
        assert!(is_uri("http://a/b"));
        assert!(!is_uri("/a"));
        assert!(!is_uri("1http://a"));
        assert!(is_iri("http://é.example/π?\u{E000}#ü"));
        assert!(!is_iri("http://é.example/\u{E000}"));
        assert!(is_iri_reference("/âππ"));
        assert!(!is_iri("âππ"));
    }

    #[test]
    fn templates() {
        for ok in [
            "", "a{b}", "{+x,y*}", "{v:1000}", "{a.b}", "{%41}", "a'b", "a%41b",
        ] {
            assert!(is_uri_template(ok), "{ok}");
        }
        for bad in [
            "{}",
            "{a,,b}",
            "{v:0}",
            "{v:01}",
            "{v:10000}",
            "a}b",
            "{a",
            "{a..b}",
            "{=a}",
            "a b",
            "{a.}",
        ] {
            assert!(!is_uri_template(bad), "{bad}");
        }
    }
}
