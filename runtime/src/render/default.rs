//! The default, model-facing sentences: seed 000's wording, extended to every kind
//! and to nested paths.

use crate::echo;
use crate::violation::{Condition, CountBound, Counted, Kind, Suggestion, Violation, NAME_SHOWN};
use serde_json::Value;
use std::fmt::{self, Write as _};

/// Received values are quoted up to this many characters.
const QUOTE_MAX: usize = 60;

/// Patterns are quoted up to this many characters.
const PATTERN_SHOWN: usize = 200;

/// The sentence for one violation.
///
/// ```text
/// missing required argument 'city'
/// unexpected argument 'units'
/// unexpected argument 'citty' (did you mean 'city'?)
/// argument 'a' should be number, got string
/// argument 'unit' should be one of "celsius", "fahrenheit", got "kelvin"
/// argument 'unit' should be one of "celsius", "fahrenheit", got "Celsius" (did you mean "celsius"?)
/// argument 'qty' should be at least 1, got 0
/// argument 'filters.tags[2]' should be string, got integer
/// arguments should be object, got array
/// argument 'city' is given more than once
/// ```
///
/// A violation with a [`Suggestion`] ends with it: `(did you mean 'city'?)`.
/// What the call sent is echoed with control and bidi characters escaped
/// (`\u001b`, `\u202e`) and cut with `…` past 60 characters (names and quoted
/// values); a message longer than the default
/// [`Options::max_report_bytes`](crate::Options::max_report_bytes) is cut there.
pub fn message(v: &Violation) -> String {
    message_within(v, crate::options::DEFAULT_MAX_REPORT_BYTES)
}

/// [`message`], cut at `max` bytes (on a character boundary, with `…`); long
/// lists (enum values, alternatives) stop being written past it.
pub fn message_within(v: &Violation, max: usize) -> String {
    let mut out = message_uncut(v, max);
    // An unknown tool's suggestion is written before the list of tools.
    if let (Some(s), false) = (&v.suggestion, matches!(v.kind, Kind::UnknownTool { .. })) {
        write_suggestion(&mut out, s);
    }
    cut_to(&mut out, max);
    out
}

/// ` (did you mean 'city'?)` for a name, ` (did you mean "celsius"?)` for a
/// value, appended.
fn write_suggestion(out: &mut String, suggestion: &Suggestion) {
    out.push_str(" (did you mean ");
    match suggestion {
        Suggestion::Name(name) => {
            out.push('\'');
            echo::push_name(out, name, NAME_SHOWN);
            out.push('\'');
        }
        Suggestion::Value(value) => write_json(out, value),
    }
    out.push_str("?)");
}

/// Cuts `out` to at most `max` bytes (plus `…`) on a character boundary.
pub fn cut_to(out: &mut String, max: usize) {
    if out.len() > max {
        let mut end = max;
        while !out.is_char_boundary(end) {
            end -= 1;
        }
        out.truncate(end);
        out.push('…');
    }
}

/// `before`, the violation's path, `after`: `missing required argument 'city'`.
fn quoted_path(out: &mut String, before: &str, v: &Violation, after: &str) {
    out.push_str(before);
    v.path.write_to(out);
    out.push_str(after);
}

fn message_uncut(v: &Violation, max: usize) -> String {
    let subject = Subject(&v.path);
    match &v.kind {
        // One string that is none of several formats (`IpAddr`: `ipv4` or `ipv6`).
        Kind::AnyOf { alternatives } if format_misses(alternatives, &v.path).is_some() => {
            let (formats, received) = format_misses(alternatives, &v.path).unwrap_or_default();
            let rule: Vec<String> = formats
                .iter()
                .map(|f| crate::keywords::format::describe(f))
                .collect();
            let mut out = String::new();
            write_subject(&mut out, &v.path);
            out.push(' ');
            let _ = string_rule(&mut out, "should be ", &rule.join(" or "), received);
            out
        }
        Kind::Conditional { condition, problem } => {
            let inner = Violation::new((**problem).clone(), v.path.clone(), v.position);
            let mut out = message_uncut(&inner, max);
            write_condition(&mut out, condition);
            out
        }
        Kind::PropertyName { name, problem } => {
            format!(
                "{subject} has a property name '{}' that {}",
                echo::name(name, NAME_SHOWN),
                predicate(problem, max)
            )
        }
        Kind::UnknownTool { name, known } => {
            let mut out = format!("unknown tool '{}'", echo::name(name, NAME_SHOWN));
            if let Some(s) = &v.suggestion {
                write_suggestion(&mut out, s);
            }
            if known.is_empty() {
                out.push_str("; no tools are available");
                out
            } else {
                out.push_str("; available tools: ");
                write_list(&mut out, known.len(), max, ", ", |out, i| {
                    out.push('\'');
                    echo::push_name(out, &known[i], NAME_SHOWN);
                    out.push('\'');
                });
                out
            }
        }
        // The common kinds are written with plain appends, into one string sized
        // for them (no formatting machinery: reports are built on every failed call).
        kind => {
            let mut out = String::with_capacity(48 + 2 * v.path.text_len());
            match kind {
                Kind::Missing => quoted_path(&mut out, "missing required argument '", v, "'"),
                Kind::Unexpected => quoted_path(&mut out, "unexpected argument '", v, "'"),
                Kind::TooDeep { limit } => {
                    if v.path.is_root() {
                        out.push_str("arguments");
                    } else {
                        out.push_str("argument '");
                        write_short_path(&mut out, &v.path);
                        out.push('\'');
                    }
                    out.push_str(" is nested too deeply (more than ");
                    crate::violation::push_u64(&mut out, *limit as u64);
                    out.push_str(if *limit == 1 { " level)" } else { " levels)" });
                }
                Kind::CutOff { at } => {
                    if v.path.is_root() {
                        out.push_str("the arguments are cut off after byte ");
                    } else {
                        quoted_path(&mut out, "argument '", v, "' is cut off after byte ");
                    }
                    crate::violation::push_u64(&mut out, *at);
                    out.push_str(": the text ended inside it; send the whole call");
                }
                Kind::NotJson { message } => {
                    out.push_str("the arguments are not valid JSON: ");
                    out.push_str(message);
                }
                Kind::NotAllowed if v.path.is_root() => out.push_str("no arguments are allowed"),
                Kind::NotAllowed => quoted_path(&mut out, "argument '", v, "' is not allowed"),
                Kind::Duplicate => {
                    quoted_path(&mut out, "argument '", v, "' is given more than once")
                }
                Kind::SameArgument { other } => {
                    out.push('\'');
                    sibling(&v.path, other).write_to(&mut out);
                    quoted_path(&mut out, "' and '", v, "' name the same argument: send one");
                }
                kind => {
                    write_subject(&mut out, &v.path);
                    out.push(' ');
                    write_predicate(&mut out, kind, max);
                }
            }
            out
        }
    }
}

/// The formats of `alternatives` and the string received, when each
/// alternative failed only because the string at `path` is not of its format.
fn format_misses<'a>(
    alternatives: &'a [Vec<Violation>],
    path: &crate::violation::Path,
) -> Option<(Vec<&'a str>, &'a str)> {
    let mut formats = Vec::new();
    let mut received = None;
    for alternative in alternatives {
        let [Violation {
            kind: Kind::Format {
                format,
                received: r,
            },
            path: p,
            ..
        }] = alternative.as_slice()
        else {
            return None;
        };
        if p != path || received.is_some_and(|seen| seen != r.as_str()) {
            return None;
        }
        received = Some(r.as_str());
        formats.push(format.as_str());
    }
    Some((formats, received?))
}

/// Steps of a long path shown before and after the `…` that stands for the rest.
const PATH_ENDS: usize = 4;

/// `path` as `Display` writes it, with the middle of a path longer than
/// `2 * PATH_ENDS + 1` steps left out: `a.a.a.a…a.a.a.a` (a path to a value
/// nested past [`Options::max_depth`](crate::Options::max_depth) has that many
/// steps).
/// The path of member `name` of the object that holds the value at `path`.
fn sibling(path: &crate::violation::Path, name: &str) -> crate::violation::Path {
    let segs = path.segments();
    let mut segs = segs[..segs.len().saturating_sub(1)].to_vec();
    segs.push(crate::violation::Segment::Key(name.to_string().into()));
    crate::violation::Path::from(segs)
}

fn write_short_path(out: &mut String, path: &crate::violation::Path) {
    use crate::violation::Path;
    let segs = path.segments();
    if segs.len() <= 2 * PATH_ENDS + 1 {
        path.write_to(out);
        return;
    }
    Path::from(segs[..PATH_ENDS].to_vec()).write_to(out);
    out.push('…');
    Path::from(segs[segs.len() - PATH_ENDS..].to_vec()).write_to(out);
}

/// [`Subject`], appended to `out`.
fn write_subject(out: &mut String, path: &crate::violation::Path) {
    if path.is_root() {
        out.push_str("arguments");
    } else {
        out.push_str("argument '");
        path.write_to(out);
        out.push('\'');
    }
}

/// `types` as [`TypeSet`]'s `Display` writes it (`string or null`), appended.
fn write_types(out: &mut String, types: crate::json::TypeSet) {
    let n = types.len();
    for (i, t) in types.iter().enumerate() {
        if i > 0 {
            out.push_str(if i + 1 == n { " or " } else { ", " });
        }
        out.push_str(t.name());
    }
}

/// A number as serde_json writes it, appended (integers without `fmt`).
fn write_number(out: &mut String, n: &serde_json::Number) {
    if let Some(u) = n.as_u64() {
        crate::violation::push_u64(out, u);
    } else if let Some(i) = n.as_i64() {
        out.push('-');
        crate::violation::push_u64(out, i.unsigned_abs());
    } else {
        let _ = write!(out, "{n}");
    }
}

/// A value as JSON (`"celsius"`), cut as [`crate::json::short_json`] cuts it and
/// escaped as [`echo::push_json`] escapes, appended; without `fmt` when it needs
/// no escape.
fn write_json(out: &mut String, value: &Value) {
    match value {
        Value::String(s) if s.len() + 2 <= QUOTE_MAX && is_plain(s) => push_quoted(out, s),
        Value::Number(n) => write_number(out, n),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Null => out.push_str("null"),
        other => echo::push_json(out, other, QUOTE_MAX),
    }
}

/// `arguments` (the root) or `argument 'PATH'`.
struct Subject<'a>(&'a crate::violation::Path);

impl fmt::Display for Subject<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_root() {
            f.write_str("arguments")
        } else {
            write!(f, "argument '{}'", self.0)
        }
    }
}

fn plural(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// `should be at least 2 characters long, got 1`, `should have at most 3 items, got 4`.
fn count_bound(out: &mut String, b: CountBound) -> fmt::Result {
    let (verb, (one, many), after) = match b.counted {
        Counted::Characters => ("be", ("character", "characters"), " long"),
        Counted::Items => ("have", ("item", "items"), ""),
        Counted::Properties => ("have", ("property", "properties"), ""),
    };
    let relation = if b.at_least { "at least" } else { "at most" };
    write!(
        out,
        "should {verb} {relation} {}{after}, got {}",
        plural(b.limit, one, many),
        b.actual
    )
}

/// `should match the pattern '^a', got "b"`: a rule named from the schema, then the
/// string received.
fn string_rule(out: &mut String, lead: &str, rule: &str, received: &str) -> fmt::Result {
    out.push_str(lead);
    echo::push_name(out, rule, PATTERN_SHOWN);
    out.push_str(", got ");
    echo::push_json(out, &Value::String(received.to_owned()), QUOTE_MAX);
    Ok(())
}

/// `should be at least 1, got 0`, `should be less than 10, got 10`.
fn number_bound(
    out: &mut String,
    relation: &str,
    limit: &serde_json::Number,
    received: &serde_json::Number,
) -> fmt::Result {
    out.push_str("should be ");
    out.push_str(relation);
    out.push(' ');
    write_number(out, limit);
    out.push_str(", got ");
    write_number(out, received);
    Ok(())
}

/// What a value should be: `should be at least 1, got 0`.
fn predicate(kind: &Kind, max: usize) -> String {
    let mut out = String::new();
    write_predicate(&mut out, kind, max);
    out
}

/// [`predicate`], appended to `out`; lists stop once `out` is longer than `max`.
fn write_predicate(out: &mut String, kind: &Kind, max: usize) {
    let _ = match kind {
        Kind::Type { expected, received } => {
            out.push_str("should be ");
            write_types(out, *expected);
            out.push_str(", got ");
            out.push_str(received.name());
            Ok(())
        }
        Kind::Enum { allowed, received } => {
            match &allowed[..] {
                [] => out.push_str("cannot take any value (its enum is empty), got "),
                [one] => {
                    out.push_str("should be ");
                    write_enum_value(out, one);
                    out.push_str(", got ");
                }
                many => {
                    out.push_str("should be one of ");
                    write_list(out, many.len(), max, ", ", |out, i| {
                        write_enum_value(out, &many[i])
                    });
                    out.push_str(", got ");
                }
            }
            write_json(out, received);
            Ok(())
        }
        Kind::Const { expected, received } => {
            out.push_str("should be ");
            echo::push_json(out, expected, QUOTE_MAX);
            out.push_str(", got ");
            echo::push_json(out, received, QUOTE_MAX);
            Ok(())
        }
        Kind::BelowMinimum { limit, received } => number_bound(out, "at least", limit, received),
        Kind::AboveMaximum { limit, received } => number_bound(out, "at most", limit, received),
        Kind::ExclusiveMinimum { limit, received } => {
            number_bound(out, "greater than", limit, received)
        }
        Kind::ExclusiveMaximum { limit, received } => {
            number_bound(out, "less than", limit, received)
        }
        Kind::MultipleOf { divisor, received } => {
            write!(out, "should be a multiple of {divisor}, got {received}")
        }
        Kind::Pattern { pattern, received } => {
            string_rule(out, "should match the pattern ", pattern, received)
        }
        Kind::FormatRange {
            format,
            at_least,
            limit,
            received,
        } => {
            out.push_str(if *at_least {
                "should be at least "
            } else {
                "should be at most "
            });
            write_number(out, limit);
            out.push_str(" (");
            echo::push_name(out, format, PATTERN_SHOWN);
            out.push_str("), got ");
            write_number(out, received);
            Ok(())
        }
        Kind::Format { format, received } => string_rule(
            out,
            "should be ",
            &crate::keywords::format::describe(format),
            received,
        ),
        Kind::UniqueItems { first, second } => {
            write!(
                out,
                "should have unique items, but items {first} and {second} are equal"
            )
        }
        Kind::Contains {
            schema,
            at_least,
            limit,
            count,
        } => {
            out.push_str(if *at_least {
                "should have at least "
            } else {
                "should have at most "
            });
            out.push_str(&plural(*limit, "item", "items"));
            out.push_str(" matching ");
            echo::push_json(out, schema, QUOTE_MAX);
            out.push_str(", got ");
            crate::violation::push_u64(out, *count);
            Ok(())
        }
        Kind::Not { schema } => {
            out.push_str("should not match the schema ");
            echo::push_json(out, schema, QUOTE_MAX);
            Ok(())
        }
        Kind::AnyOf { alternatives } => {
            out.push_str("should match at least one of: ");
            branches(out, alternatives, max);
            Ok(())
        }
        Kind::OneOfNone { alternatives } => {
            out.push_str("should match exactly one of: ");
            branches(out, alternatives, max);
            Ok(())
        }
        Kind::OneOfMany { matched } => {
            out.push_str("should match exactly one alternative, but matches ");
            write_list(out, matched.len(), max, " and ", |out, i| {
                out.push('(');
                crate::violation::push_u64(out, matched[i] as u64 + 1);
                out.push(')');
            });
            Ok(())
        }
        Kind::Missing => out.write_str("is missing"),
        Kind::Duplicate => out.write_str("is given more than once"),
        Kind::SameArgument { other } => {
            out.push_str("names the same argument as '");
            echo::push_name(out, other, NAME_SHOWN);
            out.push_str("': send one");
            Ok(())
        }
        Kind::Unexpected => out.write_str("is not expected"),
        Kind::NotAllowed => out.write_str("is not allowed"),
        Kind::PropertyName { name, problem } => {
            out.push_str("has a property name '");
            echo::push_name(out, name, NAME_SHOWN);
            out.push_str("' that ");
            write_predicate(out, problem, max);
            Ok(())
        }
        Kind::Conditional { condition, problem } => {
            write_predicate(out, problem, max);
            write_condition(out, condition);
            Ok(())
        }
        Kind::UnknownTool { name, .. } => {
            out.push_str("names an unknown tool '");
            echo::push_name(out, name, NAME_SHOWN);
            out.push('\'');
            Ok(())
        }
        Kind::TooDeep { limit } => write!(
            out,
            "is nested too deeply (more than {})",
            plural(*limit as u64, "level", "levels")
        ),
        // The tool's own words.
        Kind::Custom { message, .. } => out.write_str(message),
        // The length, item and member-count bounds, in one shape.
        other => match other.count_bound() {
            Some(b) => count_bound(out, b),
            None => Ok(()),
        },
    };
}

/// Why a conditional rule applied, appended: `, because 'mode' is given`,
/// `, because argument 'a' matches the 'if' schema`.
fn write_condition(out: &mut String, condition: &Condition) {
    out.push_str(", because ");
    let (path, verb) = match condition {
        Condition::Present { member } => {
            out.push('\'');
            member.write_to(out);
            out.push_str("' is given");
            return;
        }
        Condition::IfHeld { at } => (at, "match"),
        Condition::IfFailed { at } => (at, "not match"),
    };
    write_subject(out, path);
    let plural = path.is_root();
    out.push_str(match (verb, plural) {
        ("match", true) => " match",
        ("match", false) => " matches",
        (_, true) => " do not match",
        (_, false) => " does not match",
    });
    out.push_str(" the 'if' schema");
}

/// Whether `s` is written in quotes as it is: printable ASCII with nothing JSON
/// escapes.
fn is_plain(s: &str) -> bool {
    !s.bytes()
        .any(|b| b < 0x20 || b == b'"' || b == b'\\' || b >= 0x7f)
}

fn push_quoted(out: &mut String, s: &str) {
    out.push('"');
    out.push_str(s);
    out.push('"');
}

/// A listed value, in full (as `Display` of a `Value` writes it, hostile
/// characters escaped) up to the default report size.
fn write_enum_value(out: &mut String, v: &Value) {
    match v {
        Value::String(s) if s.len() < crate::options::DEFAULT_MAX_REPORT_BYTES && is_plain(s) => {
            push_quoted(out, s)
        }
        Value::Number(n) => write_number(out, n),
        other => echo::push_json(out, other, crate::options::DEFAULT_MAX_REPORT_BYTES),
    }
}

/// Room a listing of schema-given items leaves before the message's size for
/// what follows it: the count of the items left out, the value received (60
/// characters), a suggestion.
const AFTER_LIST: usize = 192;

/// Items `0..n` written by `item`, separated by `sep`, while `out` stays
/// [`AFTER_LIST`] bytes short of `max` (the first always); then
/// `, … (K more)` (`sep` before `…`) when `K` are left out.
fn write_list(
    out: &mut String,
    n: usize,
    max: usize,
    sep: &str,
    item: impl Fn(&mut String, usize),
) {
    for i in 0..n {
        if i > 0 {
            if out.len() + AFTER_LIST > max {
                out.push_str(sep);
                out.push_str("… (");
                crate::violation::push_u64(out, (n - i) as u64);
                out.push_str(" more)");
                return;
            }
            out.push_str(sep);
        }
        item(out, i);
    }
}

/// `(1) argument 'x' should be string, got integer; (2) ...`, appended; stops
/// once `out` is longer than `max`.
fn branches(out: &mut String, alternatives: &[Vec<Violation>], max: usize) {
    for (i, vs) in alternatives.iter().enumerate() {
        if out.len() > max {
            out.push_str("; …");
            return;
        }
        if i > 0 {
            out.push_str("; ");
        }
        out.push('(');
        crate::violation::push_u64(out, i as u64 + 1);
        out.push_str(") ");
        for (j, v) in vs.iter().enumerate() {
            if out.len() > max {
                out.push_str(", …");
                return;
            }
            if j > 0 {
                out.push_str(", ");
            }
            let left = max.saturating_sub(out.len());
            out.push_str(&message_within(v, left));
        }
    }
}
