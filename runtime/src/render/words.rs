//! Optional words of the default format: a summary line before the sentences,
//! and the first sentence of a missing argument's description after its
//! sentence. Both are off by default (the default words stay concise); turn
//! them on with [`Words`] and [`Format::render_with`](super::Format::render_with).

use crate::echo;
use crate::violation::{Kind, Report, Segment, Violation};

/// A schema that can say what describes the value at a path: the `description`
/// [`Words::describe_missing`] quotes. The engine's `Schema` implements it.
pub trait Described: std::fmt::Debug {
    /// The description of the value at `path` (its declared property, or what
    /// the schema applies in place), if the schema gives one.
    fn description_at(&self, path: &[Segment]) -> Option<&str>;
}

/// The longest description sentence added to a message (characters).
const SENTENCE_SHOWN: usize = 200;

/// What the default format adds to its sentences, beyond the defaults.
///
/// ```
/// # use tool_schema_engine as tool_schema;
/// use tool_schema::{Format, Schema, render::Words};
///
/// let schema = Schema::parse(&serde_json::json!({
///     "type": "object",
///     "properties": {"city": {"type": "string", "description": "The city. Any language."}},
///     "required": ["city"]
/// })).unwrap();
/// let report = schema.validate(&serde_json::json!({"x": 1}));
/// let words = Words::new().summary("get_weather").describe_missing(&schema);
/// assert_eq!(Format::Default.render_with(&report, &words), [
///     "2 problems with the arguments of get_weather:",
///     "missing required argument 'city' (The city.)",
///     "unexpected argument 'x'",
/// ]);
/// ```
#[derive(Clone, Copy, Debug, Default)]
#[non_exhaustive]
pub struct Words<'a> {
    /// The tool named in the summary line; no summary line when `None`.
    pub summary: Option<&'a str>,
    /// The schema whose descriptions are quoted after missing arguments; none
    /// when `None`.
    pub describe_missing: Option<&'a dyn Described>,
}

impl<'a> Words<'a> {
    /// The default words: nothing added.
    pub const fn new() -> Words<'a> {
        Words {
            summary: None,
            describe_missing: None,
        }
    }

    /// A first line `3 problems with the arguments of TOOL:` (counting the
    /// problems left out too).
    pub const fn summary(mut self, tool: &'a str) -> Words<'a> {
        self.summary = Some(tool);
        self
    }

    /// After `missing required argument 'city'`, the first sentence of the
    /// argument's `description` in `schema`, in parentheses: `(The city.)`.
    pub const fn describe_missing(mut self, schema: &'a dyn Described) -> Words<'a> {
        self.describe_missing = Some(schema);
        self
    }
}

/// `3 problems with the arguments of get_weather:`.
pub fn summary_line(report: &Report, tool: &str) -> String {
    let n = report.violations.len() + report.omitted;
    let mut out = String::new();
    crate::violation::push_u64(&mut out, n as u64);
    out.push_str(if n == 1 { " problem" } else { " problems" });
    out.push_str(" with the arguments of ");
    echo::push_name(&mut out, tool, crate::violation::NAME_SHOWN);
    out.push(':');
    out
}

/// ` (The city.)`: the first sentence of the description of the missing
/// argument `v` in `schema`, appended; nothing when `v` is not a missing
/// argument or its schema has no description.
pub fn push_description(out: &mut String, v: &Violation, schema: &dyn Described) {
    if v.kind != Kind::Missing {
        return;
    }
    let Some(text) = schema.description_at(v.path.segments()) else {
        return;
    };
    let sentence = first_sentence(text);
    if sentence.is_empty() {
        return;
    }
    out.push_str(" (");
    echo::push_name(out, sentence, SENTENCE_SHOWN);
    out.push(')');
}

/// The first sentence of `text`: up to and with the first `.`, `!` or `?` that
/// ends the text or comes before white space; the first line at most.
fn first_sentence(text: &str) -> &str {
    let text = text.trim();
    let line = text.lines().next().unwrap_or("").trim_end();
    let mut chars = line.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if matches!(c, '.' | '!' | '?') && chars.peek().is_none_or(|(_, n)| n.is_whitespace()) {
            return &line[..i + c.len_utf8()];
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::first_sentence;

    #[test]
    fn first_sentences() {
        assert_eq!(first_sentence("The city. Any language."), "The city.");
        assert_eq!(
            first_sentence("Version 1.2 of the API"),
            "Version 1.2 of the API"
        );
        assert_eq!(first_sentence("Line one\nLine two."), "Line one");
        assert_eq!(first_sentence("  Why? Because.  "), "Why?");
        assert_eq!(first_sentence(""), "");
    }
}
