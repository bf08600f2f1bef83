//! Near-miss mutations of a valid call, the mistakes models make with a tool's
//! arguments: an argument name with a dropped, doubled or swapped letter, in another
//! case, or in the other of `snake_case` / `camelCase`; an enum value in another
//! case. Each mutation changes one thing; which letter is chosen by a seeded
//! generator, so a run is reproducible.

use super::rng::Rng;
use serde_json::{json, Map, Value};

/// What a mutation changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MutationKind {
    /// A letter of an argument name left out (`city` -> `cty`).
    DroppedLetter,
    /// A letter of an argument name written twice (`city` -> `citty`).
    DoubledLetter,
    /// Two adjacent letters of an argument name swapped (`city` -> `ctiy`).
    SwappedLetters,
    /// An argument name in another case (`city` -> `City`).
    NameCase,
    /// `start_date` -> `startDate`, or `startDate` -> `start_date`.
    SnakeCamel,
    /// A string enum value in another case (`celsius` -> `Celsius`).
    EnumCase,
    /// Two argument names of one object misspelt, each one of the five ways
    /// above (picked at random).
    TwoNames,
}

impl MutationKind {
    /// Every kind, in the order reports list them.
    pub const ALL: [MutationKind; 7] = [
        MutationKind::DroppedLetter,
        MutationKind::DoubledLetter,
        MutationKind::SwappedLetters,
        MutationKind::NameCase,
        MutationKind::SnakeCamel,
        MutationKind::EnumCase,
        MutationKind::TwoNames,
    ];

    /// The kinds that misspell one name.
    pub const NAME_TYPOS: [MutationKind; 5] = [
        MutationKind::DroppedLetter,
        MutationKind::DoubledLetter,
        MutationKind::SwappedLetters,
        MutationKind::NameCase,
        MutationKind::SnakeCamel,
    ];

    /// A short name: `dropped-letter`, ...
    pub fn name(self) -> &'static str {
        match self {
            MutationKind::DroppedLetter => "dropped-letter",
            MutationKind::DoubledLetter => "doubled-letter",
            MutationKind::SwappedLetters => "swapped-letters",
            MutationKind::NameCase => "name-case",
            MutationKind::SnakeCamel => "snake-camel",
            MutationKind::EnumCase => "enum-case",
            MutationKind::TwoNames => "two-names",
        }
    }
}

/// Letter typos are made only in names at least this long: in a shorter name
/// (`x`, `id`, `lat`) a changed letter makes another plausible name, not a typo.
pub const MIN_TYPO_NAME: usize = 4;

/// One mutated call.
#[derive(Clone, Debug, PartialEq)]
pub struct Mutation {
    pub kind: MutationKind,
    /// JSON pointer of what changed (the argument, under its original name).
    pub pointer: String,
    pub arguments: Value,
}

/// A place of a call where a mistake can be made.
enum Site {
    /// A member `name` of the object at `object` (a pointer), whose schema declares
    /// `declared`.
    Name {
        object: String,
        name: String,
        declared: Vec<String>,
    },
    /// A string at `pointer` that is one of `allowed`.
    Enum {
        pointer: String,
        value: String,
        allowed: Vec<Value>,
    },
}

/// Every mutation of `arguments` (a call valid against `parameters`, a BFCL
/// definition), at most one of each kind at each place, and one [`TwoNames`] for
/// each object with two names or more. A misspelling that gives a name the object
/// declares, or one it already has, is not made.
///
/// [`TwoNames`]: MutationKind::TwoNames
pub fn mutations(parameters: &Value, arguments: &Value, rng: &mut Rng) -> Vec<Mutation> {
    let mut sites = Vec::new();
    collect(parameters, arguments, String::new(), &mut sites);
    let mut out = Vec::new();
    for site in &sites {
        match site {
            Site::Name {
                object,
                name,
                declared,
            } => {
                for kind in MutationKind::NAME_TYPOS {
                    let mut arguments = arguments.clone();
                    if misspell_in(&mut arguments, object, name, declared, kind, rng) {
                        out.push(Mutation {
                            kind,
                            pointer: format!("{object}/{}", escape(name)),
                            arguments,
                        });
                    }
                }
            }
            Site::Enum {
                pointer,
                value,
                allowed,
            } => {
                let Some(other) = other_case(value, allowed) else {
                    continue;
                };
                let mut arguments = arguments.clone();
                if let Some(v) = arguments.pointer_mut(pointer) {
                    *v = Value::String(other);
                }
                out.push(Mutation {
                    kind: MutationKind::EnumCase,
                    pointer: pointer.clone(),
                    arguments,
                });
            }
        }
    }
    out.extend(two_names(&sites, arguments, rng));
    out
}

/// A name of an object's arguments and the names its schema declares.
type NameSite<'a> = (&'a str, &'a [String]);

/// For each object with two names or more, two of them (picked at random)
/// misspelt, each a way picked at random among those that apply to it.
fn two_names(sites: &[Site], arguments: &Value, rng: &mut Rng) -> Vec<Mutation> {
    let mut by_object: Vec<(&str, Vec<NameSite<'_>>)> = Vec::new();
    for site in sites {
        if let Site::Name {
            object,
            name,
            declared,
        } = site
        {
            match by_object.iter_mut().find(|(o, _)| o == object) {
                Some((_, names)) => names.push((name, declared)),
                None => by_object.push((object, vec![(name, declared)])),
            }
        }
    }
    let mut out = Vec::new();
    for (object, names) in by_object {
        if names.len() < 2 {
            continue;
        }
        let first = rng.below(names.len());
        let second = (first + 1 + rng.below(names.len() - 1)) % names.len();
        let mut mutated = arguments.clone();
        let mut changed = 0;
        for &(name, declared) in [names[first], names[second]].iter() {
            let start = rng.below(MutationKind::NAME_TYPOS.len());
            let done = (0..MutationKind::NAME_TYPOS.len()).any(|i| {
                let kind = MutationKind::NAME_TYPOS[(start + i) % MutationKind::NAME_TYPOS.len()];
                misspell_in(&mut mutated, object, name, declared, kind, rng)
            });
            changed += usize::from(done);
        }
        if changed == 2 {
            out.push(Mutation {
                kind: MutationKind::TwoNames,
                pointer: object.to_string(),
                arguments: mutated,
            });
        }
    }
    out
}

/// Renames member `name` of the object at `object` in `arguments` to its `kind`
/// misspelling; false (and nothing changed) when that way does not apply, or gives
/// a declared name or one the object has.
fn misspell_in(
    arguments: &mut Value,
    object: &str,
    name: &str,
    declared: &[String],
    kind: MutationKind,
    rng: &mut Rng,
) -> bool {
    let Some(typo) = misspell(kind, name, rng) else {
        return false;
    };
    if declared.contains(&typo) {
        return false;
    }
    match arguments.pointer_mut(object) {
        Some(Value::Object(members)) if !members.contains_key(&typo) => {
            *members = renamed(members, name, &typo);
            true
        }
        _ => false,
    }
}

/// The places of `value` (checked against BFCL node `node`) where a mutation can
/// be made: the members of objects whose schema declares `properties`, the
/// strings under an `enum`; arrays are walked through `items`.
fn collect(node: &Value, value: &Value, pointer: String, sites: &mut Vec<Site>) {
    if let (Some(Value::Array(allowed)), Value::String(s)) = (node.get("enum"), value) {
        if allowed.iter().any(|a| a.as_str() == Some(s)) {
            sites.push(Site::Enum {
                pointer: pointer.clone(),
                value: s.clone(),
                allowed: allowed.clone(),
            });
        }
    }
    match value {
        Value::Object(members) => {
            let Some(Value::Object(props)) = node.get("properties") else {
                return;
            };
            let declared: Vec<String> = props.keys().cloned().collect();
            for (name, member) in members {
                let Some(member_node) = props.get(name) else {
                    continue;
                };
                sites.push(Site::Name {
                    object: pointer.clone(),
                    name: name.clone(),
                    declared: declared.clone(),
                });
                collect(
                    member_node,
                    member,
                    format!("{pointer}/{}", escape(name)),
                    sites,
                );
            }
        }
        Value::Array(items) => {
            // BFCL's `enum` on an array lists the allowed elements.
            let mut element = node.get("items").cloned().unwrap_or_else(|| json!({}));
            if let (Some(e), Value::Object(m)) = (node.get("enum"), &mut element) {
                m.entry("enum").or_insert_with(|| e.clone());
            }
            for (i, item) in items.iter().enumerate() {
                collect(&element, item, format!("{pointer}/{i}"), sites);
            }
        }
        _ => {}
    }
}

/// `name` misspelt the `kind` way, if that way applies to it.
pub fn misspell(kind: MutationKind, name: &str, rng: &mut Rng) -> Option<String> {
    let chars: Vec<char> = name.chars().collect();
    let letters: Vec<usize> = (0..chars.len())
        .filter(|&i| chars[i].is_alphabetic())
        .collect();
    let typo_ok = chars.len() >= MIN_TYPO_NAME && !letters.is_empty();
    let out: String = match kind {
        MutationKind::DroppedLetter if typo_ok => {
            let at = letters[rng.below(letters.len())];
            chars
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != at)
                .map(|(_, c)| c)
                .collect()
        }
        MutationKind::DoubledLetter if typo_ok => {
            let at = letters[rng.below(letters.len())];
            let mut out: Vec<char> = chars.clone();
            out.insert(at, chars[at]);
            out.into_iter().collect()
        }
        MutationKind::SwappedLetters if typo_ok => {
            let pairs: Vec<usize> = (0..chars.len() - 1)
                .filter(|&i| {
                    chars[i].is_alphabetic()
                        && chars[i + 1].is_alphabetic()
                        && chars[i] != chars[i + 1]
                })
                .collect();
            if pairs.is_empty() {
                return None;
            }
            let at = pairs[rng.below(pairs.len())];
            let mut out = chars.clone();
            out.swap(at, at + 1);
            out.into_iter().collect()
        }
        MutationKind::NameCase => {
            // The first letter's case swapped (`city` -> `City`, `URL` -> `uRL`).
            let first = *letters.first()?;
            let mut out = String::new();
            for (i, c) in chars.iter().enumerate() {
                if i == first {
                    out.extend(swap_case(*c));
                } else {
                    out.push(*c);
                }
            }
            out
        }
        MutationKind::SnakeCamel => snake_camel(name)?,
        _ => return None,
    };
    (out != name).then_some(out)
}

/// `start_date` -> `startDate`; `startDate` -> `start_date`; `None` for a name in
/// neither form.
fn snake_camel(name: &str) -> Option<String> {
    if name.contains('_') {
        let mut out = String::new();
        let mut upper = false;
        for c in name.chars() {
            if c == '_' {
                upper = !out.is_empty();
            } else if upper {
                out.extend(c.to_uppercase());
                upper = false;
            } else {
                out.push(c);
            }
        }
        return (out != name && !out.is_empty()).then_some(out);
    }
    let starts_lower = name.chars().next().is_some_and(char::is_lowercase);
    if !starts_lower || !name.chars().any(char::is_uppercase) {
        return None;
    }
    let mut out = String::new();
    for c in name.chars() {
        if c.is_uppercase() {
            out.push('_');
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    Some(out)
}

/// `value` in another case that no allowed value has: upper case, else lower case,
/// else the first letter's case swapped.
fn other_case(value: &str, allowed: &[Value]) -> Option<String> {
    let mut first = value.chars();
    let swapped_first: String = match first.next() {
        Some(c) => swap_case(c).chain(first).collect(),
        None => return None,
    };
    [value.to_uppercase(), value.to_lowercase(), swapped_first]
        .into_iter()
        .find(|v| v != value && !allowed.iter().any(|a| a.as_str() == Some(v)))
}

fn swap_case(c: char) -> impl Iterator<Item = char> {
    let lower: Vec<char> = if c.is_uppercase() {
        c.to_lowercase().collect()
    } else {
        c.to_uppercase().collect()
    };
    lower.into_iter()
}

/// `members` with `from` renamed `to`, in the same place.
fn renamed(members: &Map<String, Value>, from: &str, to: &str) -> Map<String, Value> {
    members
        .iter()
        .map(|(k, v)| {
            (
                if k == from { to.to_string() } else { k.clone() },
                v.clone(),
            )
        })
        .collect()
}

/// A name as a JSON pointer token.
pub fn escape(name: &str) -> String {
    name.replace('~', "~0").replace('/', "~1")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn misspells_each_way() {
        let mut rng = Rng(7);
        let dropped = misspell(MutationKind::DroppedLetter, "format", &mut rng).unwrap();
        assert_eq!(dropped.len(), 5);
        let doubled = misspell(MutationKind::DoubledLetter, "format", &mut rng).unwrap();
        assert_eq!(doubled.len(), 7);
        let swapped = misspell(MutationKind::SwappedLetters, "format", &mut rng).unwrap();
        assert_eq!(swapped.len(), 6);
        assert_ne!(swapped, "format");
        assert_eq!(
            misspell(MutationKind::NameCase, "city", &mut rng).unwrap(),
            "City"
        );
        assert_eq!(
            misspell(MutationKind::SnakeCamel, "start_date", &mut rng).unwrap(),
            "startDate"
        );
        assert_eq!(
            misspell(MutationKind::SnakeCamel, "startDate", &mut rng).unwrap(),
            "start_date"
        );
        assert_eq!(misspell(MutationKind::SnakeCamel, "city", &mut rng), None);
        assert_eq!(misspell(MutationKind::DroppedLetter, "lat", &mut rng), None);
    }

    #[test]
    fn mutates_names_and_enum_values_nested_too() {
        let params = json!({"type": "dict", "properties": {
            "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
            "where": {"type": "dict", "properties": {"city_name": {"type": "string"}}},
            "tags": {"type": "array", "items": {"type": "string"}, "enum": ["a", "b"]}
        }});
        let args = json!({"unit": "celsius", "where": {"city_name": "Oslo"}, "tags": ["b"]});
        let all = mutations(&params, &args, &mut Rng(1));
        let case: Vec<&Mutation> = all
            .iter()
            .filter(|m| m.kind == MutationKind::EnumCase)
            .collect();
        assert_eq!(case.len(), 2);
        assert_eq!(case[0].arguments["unit"], "CELSIUS");
        assert_eq!(case[1].arguments["tags"][0], "B");
        let camel = all
            .iter()
            .find(|m| m.kind == MutationKind::SnakeCamel)
            .unwrap();
        assert_eq!(camel.pointer, "/where/city_name");
        assert_eq!(camel.arguments["where"], json!({"cityName": "Oslo"}));
        let two = all
            .iter()
            .find(|m| m.kind == MutationKind::TwoNames)
            .unwrap();
        assert_eq!(two.pointer, "");
        let names: Vec<&String> = two.arguments.as_object().unwrap().keys().collect();
        assert_eq!(
            names
                .iter()
                .filter(|n| ["unit", "where", "tags"].contains(&n.as_str()))
                .count(),
            1,
            "{names:?}"
        );
        // Every mutation changes the call.
        assert!(all.iter().all(|m| m.arguments != args));
    }
}
