//! `format` assertions for the formats tool schemas use. Hand-written, no
//! dependencies: each checks the syntax its RFC gives.
//!
//! JSON Schema makes `format` an annotation by default; tool-call mode asserts it
//! (see [`crate::Options::formats`]). Unknown formats are annotations only (and a
//! lint of the schema).
//!
//! The numeric formats generators write on integers and numbers (schemars: `int8`
//! .. `uint64`, `int`, `uint`, `float`, `double`; OpenAPI 3.0: `int32`, `int64`,
//! `float`, `double`) are ranges: [`numeric`] names each one's, and
//! [`numeric_violation`] decides a number against it.

use crate::violation::Kind;
use serde_json::Number;
use std::net::Ipv6Addr;

/// The values a numeric format allows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum NumericRange {
    /// An integer type's range, both ends included.
    Integer { min: i128, max: i128 },
    /// An IEEE single's range: at most `f32::MAX` in magnitude, as its shortest
    /// decimal writes it ([`F32_MAX`]: what serde_json writes for an `f32`).
    Float32,
    /// Any finite number (every JSON number is one).
    Finite,
}

/// `f32::MAX` as its shortest decimal, `3.4028235e38`, read as an `f64` (a little
/// above `f32::MAX` as an `f64`, `3.4028234663852886e38`): the text serde_json
/// writes for an `f32` at its maximum, and any value up to it rounds to a finite
/// `f32`, so a tool's own output is always in range.
pub const F32_MAX: f64 = 3.4028235e38;

impl NumericRange {
    /// The range's ends as JSON numbers, lowest first (`None` for [`Finite`](Self::Finite):
    /// no bound). For the exports, which write a range as `minimum`/`maximum`.
    pub fn ends(&self) -> Option<(Number, Number)> {
        match *self {
            NumericRange::Integer { min, max } => Some((int_number(min), int_number(max))),
            NumericRange::Float32 => {
                Some((Number::from_f64(-F32_MAX)?, Number::from_f64(F32_MAX)?))
            }
            NumericRange::Finite => None,
        }
    }
}

/// A numeric format: its name and the range it allows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NumericFormat {
    /// The name, as a schema writes it (`uint8`).
    pub name: &'static str,
    /// The values it allows.
    pub range: NumericRange,
}

const fn int(name: &'static str, min: i128, max: i128) -> NumericFormat {
    NumericFormat {
        name,
        range: NumericRange::Integer { min, max },
    }
}

/// The numeric formats asserted as ranges (`int` and `uint` as 64-bit, as schemars
/// writes them for `isize` and `usize` on 64-bit targets).
pub const NUMERIC: [NumericFormat; 12] = [
    int("int8", i8::MIN as i128, i8::MAX as i128),
    int("int16", i16::MIN as i128, i16::MAX as i128),
    int("int32", i32::MIN as i128, i32::MAX as i128),
    int("int64", i64::MIN as i128, i64::MAX as i128),
    int("int", i64::MIN as i128, i64::MAX as i128),
    int("uint8", 0, u8::MAX as i128),
    int("uint16", 0, u16::MAX as i128),
    int("uint32", 0, u32::MAX as i128),
    int("uint64", 0, u64::MAX as i128),
    int("uint", 0, u64::MAX as i128),
    NumericFormat {
        name: "float",
        range: NumericRange::Float32,
    },
    NumericFormat {
        name: "double",
        range: NumericRange::Finite,
    },
];

/// The numeric format called `name`, if it is one.
pub fn numeric(name: &str) -> Option<&'static NumericFormat> {
    numeric_index(name).map(|i| &NUMERIC[i])
}

/// Which end of numeric format `format`'s range `n` lies beyond: `Some(true)` below
/// the lowest value, `Some(false)` above the highest, `None` within the range. The
/// decision itself (allocates nothing; the yes/no walks ask it).
#[inline]
pub fn numeric_beyond(format: &NumericFormat, n: &Number) -> Option<bool> {
    use crate::json::cmp_to_int;
    use std::cmp::Ordering;
    match format.range {
        NumericRange::Integer { min, max } => {
            if cmp_to_int(n, min) == Some(Ordering::Less) {
                Some(true)
            } else if cmp_to_int(n, max) == Some(Ordering::Greater) {
                Some(false)
            } else {
                None
            }
        }
        NumericRange::Float32 => {
            let v = n.as_f64()?;
            if v < -F32_MAX {
                Some(true)
            } else if v > F32_MAX {
                Some(false)
            } else {
                None
            }
        }
        NumericRange::Finite => None,
    }
}

/// Whether `n` lies within numeric format `format`'s range.
#[inline]
pub fn numeric_ok(format: &NumericFormat, n: &Number) -> bool {
    numeric_beyond(format, n).is_none()
}

/// The violation of numeric format `format` by `n`: a [`Kind::FormatRange`] naming the
/// end of the range `n` lies beyond; `None` within the range.
pub fn numeric_violation(format: &NumericFormat, n: &Number) -> Option<Kind> {
    let at_least = numeric_beyond(format, n)?;
    let (min, max) = format.range.ends()?;
    let limit = if at_least { min } else { max };
    Some(Kind::FormatRange {
        format: format.name.to_owned(),
        at_least,
        limit,
        received: n.clone(),
    })
}

/// The index in [`NUMERIC`] of the numeric format called `name` (generated code
/// names a format by its index, a constant).
pub fn numeric_index(name: &str) -> Option<usize> {
    NUMERIC.iter().position(|f| f.name == name)
}

/// An end of an integer format's range as a JSON number (every end fits `i64` or
/// `u64`).
fn int_number(v: i128) -> Number {
    match (i64::try_from(v), u64::try_from(v)) {
        (Ok(i), _) => Number::from(i),
        (_, Ok(u)) => Number::from(u),
        // Not reached: the table's ends fit 64 bits.
        _ => Number::from(0u64),
    }
}

/// The formats checked, with how a message describes a valid value.
const KNOWN: &[(&str, &str)] = &[
    (
        "date-time",
        "a date-time (RFC 3339, e.g. \"2024-05-31T09:30:00Z\")",
    ),
    ("date", "a date (RFC 3339 full-date, e.g. \"2024-05-31\")"),
    ("time", "a time (RFC 3339 full-time, e.g. \"09:30:00Z\")"),
    ("email", "an email address"),
    (
        "uri",
        "an absolute URI (RFC 3986, e.g. \"https://example.com/a\")",
    ),
    (
        "uuid",
        "a UUID (e.g. \"123e4567-e89b-12d3-a456-426614174000\")",
    ),
    ("ipv4", "an IPv4 address (e.g. \"192.168.0.1\")"),
    ("ipv6", "an IPv6 address (e.g. \"2001:db8::1\")"),
    ("hostname", "a hostname (RFC 1123)"),
];

/// The string formats this module checks, by name.
pub fn names() -> impl Iterator<Item = &'static str> + Clone {
    KNOWN.iter().map(|(n, _)| *n)
}

/// Whether `name` is a string format this module checks.
pub fn is_known(name: &str) -> bool {
    KNOWN.iter().any(|(n, _)| *n == name)
}

/// How a message names a valid value of format `name`.
pub fn describe(name: &str) -> String {
    KNOWN
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, d)| d.to_string())
        .unwrap_or_else(|| format!("a valid {name}"))
}

/// Whether `s` is valid for format `name`; unknown formats accept everything.
pub fn check(name: &str, s: &str) -> bool {
    match name {
        "date-time" => is_date_time(s),
        "date" => is_date(s),
        "time" => is_time(s),
        "email" => is_email(s),
        "uri" => is_uri(s),
        "uuid" => is_uuid(s),
        "ipv4" => is_ipv4(s),
        "ipv6" => is_ipv6(s),
        "hostname" => is_hostname(s),
        _ => true,
    }
}

fn digits(s: &str, n: usize) -> Option<u32> {
    (s.len() == n && s.bytes().all(|b| b.is_ascii_digit())).then(|| s.parse().ok())?
}

/// `YYYY-MM-DD` with a real day of that month.
pub fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let (Some(y), Some(m), Some(d)) = (
        digits(&s[0..4], 4),
        digits(&s[5..7], 2),
        digits(&s[8..10], 2),
    ) else {
        return false;
    };
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&d)
}

/// `HH:MM:SS[.frac](Z|±HH:MM)`; a leap second only at 23:59:60 UTC.
pub fn is_time(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() < 9 || b[2] != b':' || b[5] != b':' {
        return false;
    }
    let (Some(h), Some(mi), Some(sec)) = (
        digits(&s[0..2], 2),
        digits(&s[3..5], 2),
        digits(&s[6..8], 2),
    ) else {
        return false;
    };
    let mut rest = &s[8..];
    if let Some(frac) = rest.strip_prefix('.') {
        let n = frac.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return false;
        }
        rest = &frac[n..];
    }
    let offset_min: i64 = if rest.eq_ignore_ascii_case("z") {
        0
    } else {
        let ob = rest.as_bytes();
        if ob.len() != 6 || !(ob[0] == b'+' || ob[0] == b'-') || ob[3] != b':' {
            return false;
        }
        let (Some(oh), Some(om)) = (digits(&rest[1..3], 2), digits(&rest[4..6], 2)) else {
            return false;
        };
        if oh > 23 || om > 59 {
            return false;
        }
        let sign = if ob[0] == b'+' { 1 } else { -1 };
        sign * (oh as i64 * 60 + om as i64)
    };
    if h > 23 || mi > 59 || sec > 60 {
        return false;
    }
    if sec == 60 {
        // The leap second is 23:59:60 in UTC.
        let utc = (h as i64 * 60 + mi as i64 - offset_min).rem_euclid(24 * 60);
        return utc == 23 * 60 + 59;
    }
    true
}

/// `full-date "T" full-time` (`T` and `Z` in either case).
pub fn is_date_time(s: &str) -> bool {
    match s.find(['T', 't']) {
        Some(10) => is_date(&s[..10]) && is_time(&s[11..]),
        _ => false,
    }
}

/// `local@domain`: a dot-atom local part and a hostname or bracketed IP domain.
pub fn is_email(s: &str) -> bool {
    let Some(at) = s.rfind('@') else {
        return false;
    };
    let (local, domain) = (&s[..at], &s[at + 1..]);
    let dot_atom = !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && local
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "!#$%&'*+-/=?^_`{|}~.".contains(c));
    let local_ok = !local.is_empty() && local.len() <= 64 && (dot_atom || is_quoted_string(local));
    let domain_ok = if let Some(ip) = domain.strip_prefix('[').and_then(|d| d.strip_suffix(']')) {
        match ip.strip_prefix("IPv6:") {
            Some(v6) => is_ipv6(v6),
            None => is_ipv4(ip),
        }
    } else {
        is_hostname(domain)
    };
    local_ok && domain_ok
}

/// RFC 5321 `Quoted-string`: `"`, printable ASCII (`"` and `\` escaped by `\`), `"`.
fn is_quoted_string(s: &str) -> bool {
    let Some(inner) = s.strip_prefix('"').and_then(|r| r.strip_suffix('"')) else {
        return false;
    };
    let mut bytes = inner.bytes();
    while let Some(b) = bytes.next() {
        let ok = match b {
            b'\\' => bytes.next().is_some_and(|e| (32..=126).contains(&e)),
            b'"' => false,
            b => (32..=126).contains(&b),
        };
        if !ok {
            return false;
        }
    }
    true
}

/// RFC 3986 absolute URI: a scheme, `:`, and only characters a URI may hold
/// (with valid `%XX` escapes).
pub fn is_uri(s: &str) -> bool {
    let Some(colon) = s.find(':') else {
        return false;
    };
    let scheme = &s[..colon];
    let scheme_ok = scheme
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '+' || c == '-' || c == '.');
    if !scheme_ok {
        return false;
    }
    let rest = &s[colon + 1..];
    let b = rest.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'%' {
            if !(b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit))
            {
                return false;
            }
            i += 3;
            continue;
        }
        let ok = c.is_ascii_alphanumeric() || b"-._~:/?#[]@!$&'()*+,;=".contains(&c);
        if !ok {
            return false;
        }
        i += 1;
    }
    // Brackets only around an authority's IP literal (not in the user info, the
    // path, the query or the fragment); a port is digits.
    let (hier, tail) = rest.split_at(rest.find(['?', '#']).unwrap_or(rest.len()));
    let path = match hier.strip_prefix("//") {
        Some(auth) => {
            let (authority, path) = auth.split_at(auth.find('/').unwrap_or(auth.len()));
            let (userinfo, hostport) = authority.rsplit_once('@').unwrap_or(("", authority));
            if userinfo.contains(['[', ']', '@']) {
                return false;
            }
            let port = match hostport.strip_prefix('[') {
                Some(literal) => {
                    let Some((ip, after)) = literal.split_once(']') else {
                        return false;
                    };
                    if !is_ipv6(ip) || !(after.is_empty() || after.starts_with(':')) {
                        return false;
                    }
                    after.get(1..).unwrap_or("")
                }
                None if hostport.contains(['[', ']']) => return false,
                None => hostport.split_once(':').map_or("", |(_, port)| port),
            };
            if !port.bytes().all(|b| b.is_ascii_digit()) {
                return false;
            }
            path
        }
        None => hier,
    };
    !path.contains(['[', ']']) && !tail.contains(['[', ']'])
}

/// `8-4-4-4-12` hexadecimal digits.
pub fn is_uuid(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 36
        && b.iter().enumerate().all(|(i, c)| match i {
            8 | 13 | 18 | 23 => *c == b'-',
            _ => c.is_ascii_hexdigit(),
        })
}

/// Dotted quad, each part 0-255 without leading zeros, ASCII digits only.
pub fn is_ipv4(s: &str) -> bool {
    let parts: Vec<&str> = s.split('.').collect();
    parts.len() == 4
        && parts.iter().all(|p| {
            !p.is_empty()
                && p.len() <= 3
                && p.bytes().all(|b| b.is_ascii_digit())
                && !(p.len() > 1 && p.starts_with('0'))
                && p.parse::<u16>().is_ok_and(|n| n <= 255)
        })
}

/// RFC 4291 text forms (no zone index).
pub fn is_ipv6(s: &str) -> bool {
    s.is_ascii() && s.parse::<Ipv6Addr>().is_ok()
}

/// RFC 1123: dot-separated labels of 1-63 letters, digits and inner hyphens, 253
/// characters at most; a label `xn--...` must be a valid IDNA2008 A-label (see
/// `idna.rs` for the rules checked).
pub fn is_hostname(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 253
        && s.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-')
                && match label.get(..4) {
                    Some(prefix) if prefix.eq_ignore_ascii_case("xn--") => {
                        crate::idna::is_a_label(&label[4..])
                    }
                    _ => true,
                }
        })
}

#[cfg(test)]
mod tests {

    #[test]
    fn numeric_formats_are_ranges() {
        use serde_json::json;
        let breaks = |f: &str, v: serde_json::Value| {
            let n = v.as_number().unwrap().clone();
            numeric_violation(numeric(f).unwrap(), &n).map(|k| match k {
                Kind::FormatRange {
                    at_least, limit, ..
                } => (at_least, limit.to_string()),
                _ => unreachable!(),
            })
        };
        assert_eq!(breaks("uint8", json!(255)), None);
        assert_eq!(breaks("uint8", json!(256)), Some((false, "255".into())));
        assert_eq!(breaks("uint8", json!(-1)), Some((true, "0".into())));
        assert_eq!(breaks("uint8", json!(255.5)), Some((false, "255".into())));
        assert_eq!(breaks("int32", json!(-2147483648i64)), None);
        assert_eq!(
            breaks("int32", json!(-2147483649i64)),
            Some((true, "-2147483648".into()))
        );
        assert_eq!(breaks("uint64", json!(u64::MAX)), None);
        assert_eq!(
            breaks("uint64", json!(1.9e19)),
            Some((false, "18446744073709551615".into()))
        );
        assert_eq!(breaks("int64", json!(i64::MIN)), None);
        assert_eq!(
            breaks("int64", json!(-9.3e18)),
            Some((true, "-9223372036854775808".into()))
        );
        assert_eq!(breaks("float", json!(3.4e38)), None);
        assert!(breaks("float", json!(3.5e38)).is_some_and(|(lo, _)| !lo));
        assert!(breaks("float", json!(-1e39)).is_some_and(|(lo, _)| lo));
        assert_eq!(breaks("double", json!(1e308)), None);
        assert!(numeric("email").is_none() && numeric("uint16").is_some());
    }
    use super::*;

    #[test]
    fn dates_and_times() {
        assert!(is_date("2024-02-29"));
        assert!(!is_date("2023-02-29"));
        assert!(!is_date("2024-13-01"));
        assert!(!is_date("2024-1-01"));
        assert!(is_time("23:59:60Z"));
        assert!(!is_time("22:59:60Z"));
        assert!(is_time("15:59:60-08:00"));
        assert!(is_time("09:30:00.123+02:00"));
        assert!(!is_time("09:30:00"));
        assert!(is_date_time("2024-05-31T09:30:00Z"));
        assert!(is_date_time("2024-05-31t09:30:00z"));
        assert!(!is_date_time("2024-05-31 09:30:00Z"));
    }

    #[test]
    fn addresses_and_names() {
        assert!(is_email("a.b+c@example.com"));
        assert!(!is_email("a..b@example.com"));
        assert!(!is_email("@example.com"));
        assert!(is_email("joe@[127.0.0.1]"));
        assert!(is_email("\"joe @\\\"x\"@example.com"));
        assert!(!is_email("\"joe\"x\"@example.com"));
        assert!(!is_email("\"@example.com"));
        assert!(is_uri("https://example.com/a?b=c#d"));
        assert!(is_uri("urn:isbn:0451450523"));
        assert!(!is_uri("//example.com"));
        assert!(!is_uri("http://exa mple.com"));
        assert!(!is_uri("http://%zz"));
        assert!(is_uri("http://u:p@[::1]:8080/a?b#c"));
        assert!(!is_uri("http://[::1]x/"));
        assert!(!is_uri("https://[@example.org/"));
        assert!(!is_uri("http://example.com:8a/"));
        assert!(!is_uri("http:/[::1]"));
        assert!(!is_uri("http://example.com/?a[0]=1"));
        assert!(is_uuid("123e4567-e89b-12d3-a456-426614174000"));
        assert!(!is_uuid("123e4567e89b12d3a456426614174000"));
        assert!(is_ipv4("192.168.0.1"));
        assert!(!is_ipv4("192.168.0.01"));
        assert!(!is_ipv4("256.1.1.1"));
        assert!(is_ipv6("2001:db8::1"));
        assert!(!is_ipv6("fe80::1%eth0"));
        assert!(is_hostname("api.example-1.com"));
        assert!(!is_hostname("-bad.com"));
        assert!(is_hostname("xn--bcher-kva.example"));
        assert!(!is_hostname("xn--X.example"));
        assert!(!is_hostname("xn--hello-zed.example"));
        assert!(check("unknown-format", "anything"));
    }
}
