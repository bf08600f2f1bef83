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
    (
        "duration",
        "a duration (RFC 3339 / ISO 8601, e.g. \"P1DT12H\" or \"PT30M\")",
    ),
    (
        "uri-reference",
        "a URI reference (RFC 3986, e.g. \"/a/b?c\" or \"https://example.com\")",
    ),
    (
        "iri",
        "an absolute IRI (RFC 3987, e.g. \"https://example.com/caf\u{e9}\")",
    ),
    (
        "iri-reference",
        "an IRI reference (RFC 3987, e.g. \"/caf\u{e9}\")",
    ),
    (
        "uri-template",
        "a URI template (RFC 6570, e.g. \"https://example.com/{id}\")",
    ),
    ("json-pointer", "a JSON Pointer (RFC 6901, e.g. \"/a/0\")"),
    (
        "relative-json-pointer",
        "a relative JSON Pointer (e.g. \"1/a\" or \"0#\")",
    ),
    ("idn-hostname", "an internationalised hostname (IDNA 2008)"),
    ("idn-email", "an internationalised email address (RFC 6531)"),
    ("regex", "a regular expression (ECMA-262 syntax)"),
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
        "duration" => is_duration(s),
        "uri-reference" => super::format_uri::is_uri_reference(s),
        "iri" => super::format_uri::is_iri(s),
        "iri-reference" => super::format_uri::is_iri_reference(s),
        "uri-template" => super::format_uri::is_uri_template(s),
        "json-pointer" => super::format_pointer::is_json_pointer(s),
        "relative-json-pointer" => super::format_pointer::is_relative_json_pointer(s),
        "idn-hostname" => is_idn_hostname(s),
        "idn-email" => is_idn_email(s),
        "regex" => super::format_regex::is_regex(s),
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
    let local_ok =
        !local.is_empty() && local.len() <= 64 && (dot_atom || is_quoted_string(local, false));
    local_ok && (is_address_literal(domain) || is_hostname(domain))
}

/// An address's domain as an IP literal: `[192.0.2.1]` or `[IPv6:2001:db8::1]`.
fn is_address_literal(domain: &str) -> bool {
    domain
        .strip_prefix('[')
        .and_then(|d| d.strip_suffix(']'))
        .is_some_and(|ip| match ip.strip_prefix("IPv6:") {
            Some(v6) => is_ipv6(v6),
            None => is_ipv4(ip),
        })
}

/// RFC 3339 Appendix A `duration`: `P`, then date units (a run of `Y`, `M`,
/// `D` in that order, none skipped in between) and a time part (`T` and a run of
/// `H`, `M`, `S`), or weeks (`nW`) alone. Whole ASCII numbers only.
pub fn is_duration(s: &str) -> bool {
    let Some(rest) = s.strip_prefix('P') else {
        return false;
    };
    let (date, time) = match rest.split_once('T') {
        Some((date, time)) => (date, Some(time)),
        None => (rest, None),
    };
    let date_ok =
        date.is_empty() || (time.is_none() && date_units(date, "W")) || date_units(date, "YMD");
    let time_ok = time.is_none_or(|t| !t.is_empty() && date_units(t, "HMS"));
    date_ok && time_ok && !(date.is_empty() && time.is_none())
}

/// Whether `s` is numbers each followed by a unit, the units a contiguous run of
/// `order` (`"YMD"`: `1Y2M`, `2M3D`, but not `1Y3D` or `3D1Y`).
fn date_units(s: &str, order: &str) -> bool {
    let mut rest = s;
    let mut next = 0;
    let mut first = true;
    while !rest.is_empty() {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let Some(unit) = rest[digits..].chars().next() else {
            return false;
        };
        let Some(at) = order.find(unit) else {
            return false;
        };
        if digits == 0 || at < next || (!first && at != next) {
            return false;
        }
        first = false;
        next = at + 1;
        rest = &rest[digits + unit.len_utf8()..];
    }
    !first
}

/// RFC 5321 `Quoted-string`: `"`, printable ASCII (`"` and `\` escaped by `\`), `"`;
/// RFC 6531's, with non-ASCII characters too, when `utf8`.
fn is_quoted_string(s: &str, utf8: bool) -> bool {
    let Some(inner) = s.strip_prefix('"').and_then(|r| r.strip_suffix('"')) else {
        return false;
    };
    // Printable ASCII, and (RFC 6531) any non-ASCII character when `utf8`.
    let text = |c: char| (' '..='~').contains(&c) || (utf8 && !c.is_ascii());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        let ok = match c {
            '\\' => chars.next().is_some_and(text),
            '"' => false,
            c => text(c),
        };
        if !ok {
            return false;
        }
    }
    true
}

/// RFC 3986 absolute URI (see `format_uri`).
pub fn is_uri(s: &str) -> bool {
    super::format_uri::is_uri(s)
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
    let mut parts = 0;
    s.split('.').all(|p| {
        parts += 1;
        !p.is_empty()
            && p.len() <= 3
            && p.bytes().all(|b| b.is_ascii_digit())
            && !(p.len() > 1 && p.starts_with('0'))
            && p.parse::<u32>().is_ok_and(|n| n <= 255)
    }) && parts == 4
}

/// RFC 4291 text forms (no zone index).
pub fn is_ipv6(s: &str) -> bool {
    s.is_ascii() && s.parse::<Ipv6Addr>().is_ok()
}

/// RFC 1123: dot-separated labels of 1-63 letters, digits and inner hyphens, 253
/// characters at most; a label `xn--...` must be a valid IDNA2008 A-label (see
/// `idna.rs` for the rules checked), and the domain name must obey the Bidi rule
/// (RFC 5893) when a label is right-to-left.
pub fn is_hostname(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 253
        && s.split('.').all(is_ascii_label)
        && crate::idna::obeys_bidi_rule(s.split('.'))
}

/// A hostname's label: 1-63 letters, digits and inner hyphens; `xn--...` a valid
/// A-label.
fn is_ascii_label(label: &str) -> bool {
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
}

/// IDNA 2008 hostname (RFC 5890): labels separated by `.` or its ideographic,
/// fullwidth and halfwidth forms; an ASCII label as in `hostname`, any other a
/// U-label (see `idna.rs` for the rules checked) of at most 63 octets as an
/// A-label; 253 octets at most in A-label form; the Bidi rule (RFC 5893) over the
/// whole name when a label is right-to-left.
pub fn is_idn_hostname(s: &str) -> bool {
    if s.is_empty() {
        return false;
    }
    let mut octets = 0;
    let labels = || s.split(['.', '\u{3002}', '\u{FF0E}', '\u{FF61}']);
    for label in labels() {
        let len = if label.is_ascii() {
            if !is_ascii_label(label) {
                return false;
            }
            label.len()
        } else {
            match crate::idna::u_label_a_len(label) {
                Some(len) if len <= 63 => len,
                _ => return false,
            }
        };
        octets += len + 1;
    }
    octets - 1 <= 253 && crate::idna::obeys_bidi_rule(labels())
}

/// RFC 6531 address: as `email`, but the local part may hold any non-ASCII
/// character and the domain is an `idn-hostname`.
pub fn is_idn_email(s: &str) -> bool {
    let Some(at) = s.rfind('@') else {
        return false;
    };
    let (local, domain) = (&s[..at], &s[at + 1..]);
    let atext =
        |c: char| !c.is_ascii() || c.is_ascii_alphanumeric() || "!#$%&'*+-/=?^_`{|}~.".contains(c);
    let dot_atom = !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && local.chars().all(atext);
    let local_ok =
        !local.is_empty() && local.len() <= 64 && (dot_atom || is_quoted_string(local, true));
    local_ok && (is_address_literal(domain) || is_idn_hostname(domain))
}

#[cfg(test)]
mod tests {

    #[test]
    fn durations() {
        for ok in [
            "P4DT12H30M5S",
            "P2W",
            "PT36H",
            "P1Y2M",
            "P1M2D",
            "PT1M2S",
            "P0D",
            "P01D",
        ] {
            assert!(is_duration(ok), "{ok}");
        }
        for bad in [
            "",
            "P",
            "PT",
            "P1YT",
            "PT1D",
            "P2D1Y",
            "P1Y2D",
            "PT1H2S",
            "P1Y2W",
            "P1WT1H",
            "P1",
            "PT0.5S",
            "-P1D",
            "P1D ",
            "P\u{9e8}Y",
        ] {
            assert!(!is_duration(bad), "{bad}");
        }
    }

    #[test]
    fn internationalised_names_and_addresses() {
        for ok in [
            "\u{c2e4}\u{b840}.\u{d14c}\u{c2a4}\u{d2b8}",
            "a\u{3002}b",
            "l\u{b7}l",
            "xn--ihqwcrb4cv8a8dqg056pqjye",
        ] {
            assert!(is_idn_hostname(ok), "{ok}");
        }
        // A label of 60 u-umlauts is 60 characters, but its A-label is longer than 63.
        let long = "\u{fc}".repeat(60);
        for bad in [
            "",
            ".",
            "a..b",
            "\u{3002}a",
            "\u{302e}a",
            "\u{300}a",
            "xn--X",
            "xn---9uc",
            long.as_str(),
        ] {
            assert!(!is_idn_hostname(bad), "{bad}");
        }
        assert!(is_idn_email("\u{3b4}\u{3bf}@example.com"));
        assert!(is_idn_email("\"\u{3b4}\"@\u{c2e4}\u{b840}.test"));
        assert!(!is_idn_email("user\u{ff20}example.com"));
        assert!(!is_idn_email("a@\u{302e}x"));
    }

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
