//! Tool names and the providers' name patterns: each target's rule, and the
//! [`Naming`] policy that maps a name the provider refuses (`math.factorial` for
//! Anthropic and OpenAI, `github/create_issue` for any of them) to one it takes.
//!
//! A mapped name is the tool's name (after the prefix and `__`, when one is
//! asked for) with every character the provider does not allow written `_`; for
//! Gemini, `_` in front of a name that does not start with a letter or `_`; and
//! past the provider's length limit, the name cut and ended with `_` and eight
//! hexadecimal digits of a hash of the whole name (FNV-1a, the same on every
//! machine), so that long names sharing a beginning stay distinct. A name the
//! provider takes is left as it is. The mapping is made reversible by a table:
//! two tools whose names map to one provider name are refused, naming both
//! ([`provider_names`]), so each provider name leads back to one tool (the
//! [`Toolbox`](crate::toolbox::Toolbox) dispatches by it).

use super::report::{self, Problem};
use super::{limits, Target};
use std::borrow::Cow;
use std::collections::HashMap;

/// How tool names are written for a provider.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Naming {
    /// Every name as it is: a name outside the provider's pattern is refused
    /// (the default).
    #[default]
    Keep,
    /// Every name mapped to the provider's pattern (see [`provider_names`]),
    /// after `prefix` and `__` when a prefix is given (`github` makes
    /// `create_issue` `github__create_issue`, as agents bridging several MCP
    /// servers name their tools). The prefix is mapped with the name.
    Map {
        /// Written before each name, joined by `__`; `None` (or empty) for none.
        prefix: Option<String>,
    },
}

impl Naming {
    /// [`Naming::Map`] without a prefix.
    pub fn map() -> Naming {
        Naming::Map { prefix: None }
    }

    /// [`Naming::Map`] with `prefix` before each name.
    pub fn map_with_prefix(prefix: impl Into<String>) -> Naming {
        Naming::Map {
            prefix: Some(prefix.into()),
        }
    }

    /// Whether names are mapped.
    pub fn maps(&self) -> bool {
        matches!(self, Naming::Map { .. })
    }

    /// The name tool `name` has for `target`: `name` itself with
    /// [`Naming::Keep`] (the export then refuses it if the provider does), the
    /// mapped name with [`Naming::Map`].
    ///
    /// # Errors
    ///
    /// A [`Problem`] for an empty name, which no mapping makes a name.
    pub fn provider_name<'a>(
        &self,
        target: Target,
        name: &'a str,
    ) -> Result<Cow<'a, str>, Problem> {
        let Naming::Map { prefix } = self else {
            return Ok(Cow::Borrowed(name));
        };
        if name.is_empty() {
            return Err(Problem {
                tool: String::new(),
                pointer: String::new(),
                message: "an empty tool name cannot be mapped to a provider's name".into(),
                rule: NameRule::of(target).rule.into(),
            });
        }
        let full: Cow<'a, str> = match prefix.as_deref().filter(|p| !p.is_empty()) {
            Some(p) => Cow::Owned(format!("{p}__{name}")),
            None => Cow::Borrowed(name),
        };
        let rule = NameRule::of(target);
        if rule.accepts(&full) {
            return Ok(full);
        }
        Ok(Cow::Owned(rule.mapped(&full)))
    }
}

/// A provider's tool name pattern: ASCII letters, digits, `_`, `-` and `extra`,
/// 1 to `max` characters, a letter or `_` first where `letter_first`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NameRule {
    extra: &'static str,
    max: usize,
    letter_first: bool,
    /// The rule in words, with its provider.
    pub(crate) rule: &'static str,
}

impl NameRule {
    /// `target`'s rule (the sources are cited in `anthropic.rs`, `openai.rs`,
    /// `mcp.rs` and `docs/provider-rules.md`).
    pub(crate) fn of(target: Target) -> NameRule {
        match target {
            Target::Anthropic | Target::AnthropicStrict => NameRule {
                extra: "",
                max: 64,
                letter_first: false,
                rule: "Anthropic: a tool name matches ^[a-zA-Z0-9_-]{1,64}$",
            },
            Target::OpenAiChat
            | Target::OpenAiChatStrict
            | Target::OpenAiResponses
            | Target::OpenAiResponsesStrict => NameRule {
                extra: "",
                max: 64,
                letter_first: false,
                rule: "OpenAI: a function name is letters, digits, '_' and '-', at most 64 characters",
            },
            Target::Gemini | Target::GeminiJsonSchema => NameRule {
                extra: ".:",
                max: 64,
                letter_first: true,
                rule: "Gemini: a function name starts with a letter or '_' and is letters, digits, '_', '.', ':' and '-', at most 64 characters",
            },
            Target::Mcp => NameRule {
                extra: ".",
                max: 128,
                letter_first: false,
                rule: "MCP: a tool name is 1 to 128 ASCII letters, digits, '_', '-' and '.'",
            },
            _ => crate::export_records::unknown_target(target),
        }
    }

    fn allows(&self, c: char) -> bool {
        c.is_ascii_alphanumeric() || c == '_' || c == '-' || self.extra.contains(c)
    }

    fn first_ok(&self, c: char) -> bool {
        !self.letter_first || c.is_ascii_alphabetic() || c == '_'
    }

    /// Whether `name` follows the pattern.
    pub(crate) fn accepts(&self, name: &str) -> bool {
        name.chars().next().is_some_and(|c| self.first_ok(c))
            && name.len() <= self.max
            && name.chars().all(|c| self.allows(c))
    }

    /// `name` (not empty) mapped to the pattern (see the module).
    fn mapped(&self, name: &str) -> String {
        let mut out = String::with_capacity(name.len().min(self.max) + 1);
        if name.chars().next().is_some_and(|c| !self.first_ok(c)) {
            out.push('_');
        }
        // Past `max` characters the rest is cut anyway: stop there.
        for c in name.chars().take(self.max + 1) {
            out.push(if self.allows(c) { c } else { '_' });
        }
        if out.len() > self.max {
            // Every character is ASCII now: a byte is a character.
            out.truncate(self.max - 9);
            out.push_str(&format!("_{:08x}", fnv1a(name.as_bytes()) as u32));
        }
        out
    }
}

/// The 64-bit FNV-1a hash of `bytes`: stable across machines and versions,
/// unlike the standard library's hasher.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// One tool's name for a provider: see [`table`].
pub(crate) struct Named {
    /// The provider's name (`""` when the name cannot be mapped).
    pub(crate) name: String,
    /// Why the tool cannot have it: a name that cannot be mapped, a name used
    /// by an earlier tool, or a provider name an earlier tool has.
    pub(crate) problem: Option<Problem>,
}

/// The name of each of `names` for `target` under `naming`, in order, each with
/// its problem.
pub(crate) fn table<'a>(
    target: Target,
    names: impl IntoIterator<Item = &'a str>,
    naming: &Naming,
) -> Vec<Named> {
    let q = |s: &str| report::shown(s, limits::MAX_QUOTED_NAME_CHARS);
    let mut taken: HashMap<String, &str> = HashMap::new();
    let mut out = Vec::new();
    for name in names {
        let named = match naming.provider_name(target, name) {
            Err(p) => Named {
                name: String::new(),
                problem: Some(Problem {
                    tool: name.to_owned(),
                    ..p
                }),
            },
            Ok(mapped) => {
                let mapped = mapped.into_owned();
                let problem = match taken.get(mapped.as_str()) {
                    None => {
                        taken.insert(mapped.clone(), name);
                        None
                    }
                    Some(&other) if other == name => Some(Problem {
                        tool: name.to_owned(),
                        pointer: String::new(),
                        message: format!("two tools are named '{}'", q(name)),
                        rule: "a tool list needs distinct names".into(),
                    }),
                    Some(&other) => Some(collision(target, other, name, &mapped)),
                };
                Named {
                    name: mapped,
                    problem,
                }
            }
        };
        out.push(named);
    }
    out
}

/// The name of each of `names` for `target` under `naming`, in order: what a
/// [`Toolbox`](crate::toolbox::Toolbox) exported with this naming calls its
/// tools, and the names its dispatch takes besides the tools' own.
///
/// # Errors
///
/// Every problem: a name that cannot be mapped (empty), two tools of one name,
/// and two tools whose names map to one provider name (the problem names both).
pub fn provider_names(
    target: Target,
    names: &[&str],
    naming: &Naming,
) -> Result<Vec<String>, Vec<Problem>> {
    let named = table(target, names.iter().copied(), naming);
    let problems: Vec<Problem> = named.iter().filter_map(|n| n.problem.clone()).collect();
    if problems.is_empty() {
        Ok(named.into_iter().map(|n| n.name).collect())
    } else {
        Err(problems)
    }
}

/// The problem of tools `first` and `second` both written `mapped` for `target`.
pub(crate) fn collision(target: Target, first: &str, second: &str, mapped: &str) -> Problem {
    let q = |s: &str| report::shown(s, limits::MAX_QUOTED_NAME_CHARS);
    Problem {
        tool: second.to_owned(),
        pointer: String::new(),
        message: format!(
            "the tools '{}' and '{}' are both named '{}' for {target}",
            q(first),
            q(second),
            q(mapped)
        ),
        rule: "a tool list needs distinct names: rename one of the tools".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(target: Target, name: &str) -> String {
        Naming::map()
            .provider_name(target, name)
            .unwrap()
            .into_owned()
    }

    #[test]
    fn names_are_mapped_to_each_pattern() {
        assert_eq!(map(Target::Anthropic, "math.factorial"), "math_factorial");
        assert_eq!(
            map(Target::OpenAiChat, "github/create issue"),
            "github_create_issue"
        );
        assert_eq!(map(Target::Gemini, "math.factorial"), "math.factorial");
        assert_eq!(map(Target::Gemini, "1st"), "_1st");
        assert_eq!(map(Target::Gemini, "-x"), "_-x");
        assert_eq!(map(Target::Mcp, "fs/read.file"), "fs_read.file");
        assert_eq!(map(Target::Anthropic, "météo"), "m_t_o");
        assert_eq!(map(Target::Anthropic, "get_weather"), "get_weather");
        assert_eq!(
            Naming::Keep
                .provider_name(Target::Anthropic, "a.b")
                .unwrap(),
            "a.b"
        );
        let prefixed = Naming::map_with_prefix("my server");
        assert_eq!(
            prefixed
                .provider_name(Target::Anthropic, "math.factorial")
                .unwrap(),
            "my_server__math_factorial"
        );
        assert_eq!(
            Naming::Map {
                prefix: Some(String::new())
            }
            .provider_name(Target::Anthropic, "x")
            .unwrap(),
            "x"
        );
        assert!(Naming::map().provider_name(Target::Anthropic, "").is_err());
        assert!(Naming::map_with_prefix("p")
            .provider_name(Target::Mcp, "")
            .is_err());
    }

    #[test]
    fn long_names_are_cut_with_a_stable_hash() {
        let long_a = "a".repeat(10_000);
        let long_b = format!("{}b", "a".repeat(9_999));
        for target in Target::ALL {
            let rule = NameRule::of(target);
            let a = map(target, &long_a);
            let b = map(target, &long_b);
            assert!(rule.accepts(&a) && rule.accepts(&b), "{a} {b}");
            assert_eq!(a.len(), rule.max);
            assert_ne!(a, b);
            assert_eq!(a, map(target, &long_a));
            let non_ascii = map(target, &"é".repeat(5_000));
            assert!(rule.accepts(&non_ascii), "{non_ascii}");
        }
        // The hash is FNV-1a: fixed for a name.
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }

    #[test]
    fn every_mapped_name_follows_the_pattern() {
        let names = [
            "",
            ".",
            "__",
            "9",
            ":a",
            "a:b",
            "ü",
            "\u{0}",
            "-",
            "x".repeat(65).as_str(),
        ]
        .map(str::to_owned);
        for target in Target::ALL {
            for name in names.iter().filter(|n| !n.is_empty()) {
                let mapped = map(target, name);
                assert!(
                    NameRule::of(target).accepts(&mapped),
                    "{target}: {name:?} -> {mapped:?}"
                );
            }
        }
    }

    #[test]
    fn collisions_name_both_tools() {
        let problems =
            provider_names(Target::Anthropic, &["a.b", "c", "a_b"], &Naming::map()).unwrap_err();
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].tool, "a_b");
        assert!(
            problems[0].message.contains("'a.b' and 'a_b'"),
            "{}",
            problems[0].message
        );
        assert_eq!(
            provider_names(Target::Gemini, &["a.b", "a_b"], &Naming::map()).unwrap(),
            ["a.b", "a_b"]
        );
        // Keep: the names as they are; two tools of one name refused all the same.
        assert_eq!(
            provider_names(Target::Anthropic, &["a.b", "c"], &Naming::Keep).unwrap(),
            ["a.b", "c"]
        );
        let twice = provider_names(Target::Anthropic, &["a", "a"], &Naming::Keep).unwrap_err();
        assert_eq!(twice[0].message, "two tools are named 'a'");
        let empty = provider_names(Target::Mcp, &[""], &Naming::map()).unwrap_err();
        assert!(empty[0].message.contains("empty"));
    }

    #[cfg(feature = "engines")]
    #[test]
    fn one_tool_exports_take_the_naming() {
        use crate::export::{export, ChangeKind, ExportOptions, ToolSpec};
        let schema = serde_json::json!({"type": "object", "properties": {}});
        let tool = ToolSpec::new("fs/read", "", &schema);
        let refused = export(Target::OpenAiChatStrict, &tool, &ExportOptions::new()).unwrap_err();
        assert!(refused
            .to_string()
            .contains("does not follow the provider's pattern"));
        let options = ExportOptions::new().naming(Naming::map_with_prefix("files"));
        let exported = export(Target::OpenAiChatStrict, &tool, &options).unwrap();
        assert_eq!(exported.value["function"]["name"], "files__fs_read");
        let renamed: Vec<_> = exported.report.of_kind(ChangeKind::Renamed).collect();
        assert_eq!(renamed.len(), 1);
        assert_eq!(renamed[0].tool, "fs/read");
        assert_eq!(
            renamed[0].what,
            "the name 'fs/read' is written 'files__fs_read'"
        );
        assert!(renamed[0].why.starts_with("OpenAI: a function name"));
        let valid = ToolSpec::new("read", "", &schema);
        let exported = export(Target::Mcp, &valid, &options).unwrap();
        let renamed: Vec<_> = exported.report.of_kind(ChangeKind::Renamed).collect();
        assert_eq!(
            renamed[0].why,
            "the naming's prefix, written before every name"
        );
        let empty = ToolSpec::new("", "", &schema);
        assert!(export(Target::Mcp, &empty, &options).is_err());
        for naming in [Naming::Keep, Naming::map()] {
            let options = ExportOptions::new().naming(naming);
            for target in Target::ALL {
                let err = export(target, &empty, &options).unwrap_err();
                assert!(err.mentions("", "name"), "{err}");
                let err = crate::export::toolbox(target, &[empty, empty], &options).unwrap_err();
                let twice = err.to_string().contains("two tools are named ''");
                assert_eq!(twice, !options.naming.maps(), "{err}");
            }
        }
    }
}
