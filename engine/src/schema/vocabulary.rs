//! The one vocabulary table ([`VOCABULARY`]): each keyword's name, family, the
//! JSON type it constrains, the drafts that have it, its role, and whether a
//! model node holds it.

use super::{Additional, Node};
use crate::json::{JsonType, TypeSet};
use crate::keywords::Draft;

/// The group of keywords a keyword belongs to: the module that decides it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// `type`, `nullable`.
    Type,
    /// `enum`.
    Enum,
    /// `const`.
    Const,
    /// The number keywords ([`number`](crate::keywords::number)).
    Number,
    /// The string keywords ([`string`](crate::keywords::string)(mod@string), [`format`](crate::keywords::format)(mod@format); a
    /// numeric format is a number keyword, see [`Keyword::family_in`]).
    String,
    /// The object keywords ([`object`](crate::keywords::object)).
    Object,
    /// The array keywords ([`array`](crate::keywords::array)(mod@array)).
    Array,
    /// Subschemas applied to the value itself: `$ref`, `allOf`, `anyOf`, `oneOf`,
    /// `not`, `if`/`then`/`else` ([`applicators`](crate::keywords::applicators)).
    Applicator,
    /// Keywords that never produce a violation.
    Annotation,
    /// Structure: `$defs`, `$schema`, `$id`, ...
    Core,
}

/// What a keyword does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Decides a value's validity itself.
    Assertion,
    /// Applies subschemas.
    Applicator,
    /// Describes; never produces a violation.
    Annotation,
    /// Structures the schema (identifiers, definitions, dialect).
    Core,
}

const BOTH: &[Draft] = &[Draft::Draft07, Draft::Draft2020_12];
const D07: &[Draft] = &[Draft::Draft07];
const D2020: &[Draft] = &[Draft::Draft2020_12];
const D2019: &[Draft] = &[Draft::Draft2019_09];
/// No draft: OpenAPI's `nullable`.
const NONE: &[Draft] = &[];

/// One keyword of the vocabulary.
#[derive(Clone, Copy, Debug)]
pub struct Keyword {
    /// The name, as a schema writes it.
    pub name: &'static str,
    /// Its family.
    pub family: Family,
    /// The one JSON type whose values it constrains (`None`: any value). A
    /// number keyword constrains integers too.
    pub applies_to: Option<JsonType>,
    /// The drafts that define it.
    pub drafts: &'static [Draft],
    /// What it does.
    pub role: Role,
    /// Whether a node holds it (never, for a keyword the model does not read).
    present: fn(&Node) -> bool,
}

impl Keyword {
    /// Whether `node` holds this keyword.
    #[inline]
    pub fn is_in(&self, node: &Node) -> bool {
        (self.present)(node)
    }

    /// The family this keyword belongs to in `node`: its [`family`](Keyword::family),
    /// but a `format` naming a numeric format (`uint8`) is a number keyword there.
    #[inline]
    pub fn family_in(&self, node: &Node) -> Family {
        if self.numeric_format_in(node) {
            Family::Number
        } else {
            self.family
        }
    }

    /// The one JSON type whose values this keyword constrains in `node`: its
    /// [`applies_to`](Keyword::applies_to), but a `format` asks its format's own
    /// type (a numeric format constrains numbers, a string format strings).
    #[inline]
    pub fn applies_in(&self, node: &Node) -> Option<JsonType> {
        if self.numeric_format_in(node) {
            NUM
        } else {
            self.applies_to
        }
    }

    /// Whether this keyword is `format` and names a numeric format in `node`.
    #[inline]
    fn numeric_format_in(&self, node: &Node) -> bool {
        self.name == "format" && node.numeric_format.is_some()
    }

    /// Whether the keyword, as `node` holds it, can constrain a value of one of
    /// `types` (a number keyword constrains `integer` too; see [`Keyword::applies_in`]).
    pub fn can_apply_in(&self, node: &Node, types: TypeSet) -> bool {
        match self.applies_in(node) {
            None => true,
            Some(JsonType::Number) => {
                types.declares(JsonType::Number) || types.declares(JsonType::Integer)
            }
            Some(t) => types.declares(t),
        }
    }
}

const fn kw(
    name: &'static str,
    family: Family,
    applies_to: Option<JsonType>,
    drafts: &'static [Draft],
    role: Role,
    present: fn(&Node) -> bool,
) -> Keyword {
    Keyword {
        name,
        family,
        applies_to,
        drafts,
        role,
        present,
    }
}

/// The `present` of a keyword the model does not read: no node holds it.
const UNREAD: fn(&Node) -> bool = |_| false;

use Family as F;
use Role::{Annotation as Ann, Applicator as App, Assertion as Ass, Core as Cor};
const NUM: Option<JsonType> = Some(JsonType::Number);
const STR: Option<JsonType> = Some(JsonType::String);
const OBJ: Option<JsonType> = Some(JsonType::Object);
const ARR: Option<JsonType> = Some(JsonType::Array);

/// Every keyword this crate knows: first those the model reads (in the order the
/// back ends check them), then those it refuses as not supported yet
/// ([`not_yet`]), then annotations kept verbatim ([`kept_verbatim`]).
#[rustfmt::skip]
pub const VOCABULARY: &[Keyword] = &[
    kw("type", F::Type, None, BOTH, Ass, |n| n.types.is_some()),
    kw("nullable", F::Type, None, NONE, Ass, |n| n.nullable),
    kw("enum", F::Enum, None, BOTH, Ass, |n| n.enum_values.is_some()),
    kw("const", F::Const, None, BOTH, Ass, |n| n.const_value.is_some()),
    kw("minimum", F::Number, NUM, BOTH, Ass, |n| n.minimum.is_some()),
    kw("maximum", F::Number, NUM, BOTH, Ass, |n| n.maximum.is_some()),
    kw("exclusiveMinimum", F::Number, NUM, BOTH, Ass, |n| n.exclusive_minimum.is_some()),
    kw("exclusiveMaximum", F::Number, NUM, BOTH, Ass, |n| n.exclusive_maximum.is_some()),
    kw("multipleOf", F::Number, NUM, BOTH, Ass, |n| n.multiple_of.is_some()),
    kw("minLength", F::String, STR, BOTH, Ass, |n| n.min_length.is_some()),
    kw("maxLength", F::String, STR, BOTH, Ass, |n| n.max_length.is_some()),
    kw("pattern", F::String, STR, BOTH, Ass, |n| n.pattern.is_some()),
    // A string format's row; a numeric format (`uint8`) is a number keyword in its
    // node (`Keyword::family_in`, `Keyword::applies_in`).
    kw("format", F::String, STR, BOTH, Ass, |n| n.format.is_some()),
    kw("properties", F::Object, OBJ, BOTH, App, |n| n.properties.is_some()),
    kw("required", F::Object, OBJ, BOTH, Ass, |n| !n.required.is_empty()),
    kw("patternProperties", F::Object, OBJ, BOTH, App, |n| !n.pattern_properties.is_empty()),
    kw("additionalProperties", F::Object, OBJ, BOTH, App, |n| n.additional != Additional::Unspecified),
    kw("minProperties", F::Object, OBJ, BOTH, Ass, |n| n.min_properties.is_some()),
    kw("maxProperties", F::Object, OBJ, BOTH, Ass, |n| n.max_properties.is_some()),
    kw("propertyNames", F::Object, OBJ, BOTH, App, |n| n.property_names.is_some()),
    kw("dependentRequired", F::Object, OBJ, D2020, Ass, |n| !n.dependent_required.is_empty()),
    kw("dependentSchemas", F::Object, OBJ, D2020, App, |n| !n.dependent_schemas.is_empty()),
    kw("items", F::Array, ARR, BOTH, App, |n| n.items.is_some()),
    kw("prefixItems", F::Array, ARR, D2020, App, |n| !n.prefix_items.is_empty()),
    kw("minItems", F::Array, ARR, BOTH, Ass, |n| n.min_items.is_some()),
    kw("maxItems", F::Array, ARR, BOTH, Ass, |n| n.max_items.is_some()),
    kw("uniqueItems", F::Array, ARR, BOTH, Ass, |n| n.unique_items),
    kw("contains", F::Array, ARR, BOTH, App, |n| n.contains.is_some()),
    kw("minContains", F::Array, ARR, D2020, Ass, |n| n.min_contains.is_some()),
    kw("maxContains", F::Array, ARR, D2020, Ass, |n| n.max_contains.is_some()),
    kw("allOf", F::Applicator, None, BOTH, App, |n| !n.all_of.is_empty()),
    kw("anyOf", F::Applicator, None, BOTH, App, |n| !n.any_of.is_empty()),
    kw("oneOf", F::Applicator, None, BOTH, App, |n| !n.one_of.is_empty()),
    kw("not", F::Applicator, None, BOTH, App, |n| n.not.is_some()),
    kw("if", F::Applicator, None, BOTH, App, |n| n.if_schema.is_some()),
    kw("then", F::Applicator, None, BOTH, App, |n| n.then_schema.is_some()),
    kw("else", F::Applicator, None, BOTH, App, |n| n.else_schema.is_some()),
    kw("$ref", F::Applicator, None, BOTH, App, |n| n.reference.is_some()),
    // Checked last: they see what the keywords above (and the in-place subschemas
    // that passed) evaluated ([`unevaluated`]).
    kw("unevaluatedProperties", F::Object, OBJ, D2020, App, |n| n.unevaluated_properties.is_some()),
    kw("unevaluatedItems", F::Array, ARR, D2020, App, |n| n.unevaluated_items.is_some()),
    kw("$defs", F::Core, None, D2020, Cor, |n| !n.defs.is_empty()),
    kw("definitions", F::Core, None, D07, Cor, |n| !n.defs.is_empty()),
    kw("title", F::Annotation, None, BOTH, Ann, |n| n.annotations.title.is_some()),
    kw("description", F::Annotation, None, BOTH, Ann, |n| n.annotations.description.is_some()),
    kw("$comment", F::Annotation, None, BOTH, Ann, |n| n.annotations.comment.is_some()),
    kw("$schema", F::Core, None, BOTH, Cor, |n| n.annotations.dialect.is_some()),
    kw("default", F::Annotation, None, BOTH, Ann, |n| n.annotations.default.is_some()),
    kw("examples", F::Annotation, None, BOTH, Ann, |n| n.annotations.examples.is_some()),
    // Drafts 7 and 2019-09: the elements after an array-form `items` (read as `items`
    // after `prefixItems`, see `schema::parse`).
    kw("additionalItems", F::Array, ARR, D07, App, UNREAD),
    // Draft 7: `dependentRequired` and `dependentSchemas` in one keyword (read in
    // every draft for compatibility).
    kw("dependencies", F::Object, OBJ, BOTH, App, UNREAD),
    // Identifiers and references (`schema::parse::resolve`).
    kw("$dynamicRef", F::Applicator, None, D2020, App, UNREAD),
    kw("$id", F::Core, None, BOTH, Cor, UNREAD),
    kw("$anchor", F::Core, None, D2020, Cor, UNREAD),
    kw("$dynamicAnchor", F::Core, None, D2020, Cor, UNREAD),
    kw("$vocabulary", F::Core, None, D2020, Cor, UNREAD),
    // Draft 2019-09's recursion: read as a `$dynamicRef` to the outermost resource
    // with `$recursiveAnchor: true` (`schema::parse::resolve`).
    kw("$recursiveRef", F::Applicator, None, D2019, App, UNREAD),
    kw("$recursiveAnchor", F::Core, None, D2019, Cor, UNREAD),
    // Not supported yet: none. Annotations kept verbatim; the content keywords only
    // annotate since 2019-09 (draft 7 let a validator assert them; this one never
    // does).
    kw("contentEncoding", F::Annotation, None, BOTH, Ann, UNREAD),
    kw("contentMediaType", F::Annotation, None, BOTH, Ann, UNREAD),
    kw("contentSchema", F::Annotation, None, D2020, Ann, UNREAD),
    kw("deprecated", F::Annotation, None, D2020, Ann, UNREAD),
    kw("readOnly", F::Annotation, None, BOTH, Ann, UNREAD),
    kw("writeOnly", F::Annotation, None, BOTH, Ann, UNREAD),
    // OpenAPI's (pydantic writes it beside a discriminated `oneOf`): a hint, the
    // `oneOf` decides; the model finds the discriminator itself
    // (`schema::Discriminator`).
    kw("discriminator", F::Annotation, None, NONE, Ann, UNREAD),
];

/// The first keyword that [`not_yet`] lists, in [`VOCABULARY`].
const NOT_YET_FROM: usize = 57;
/// The first keyword that [`kept_verbatim`] lists, in [`VOCABULARY`].
const VERBATIM_FROM: usize = VOCABULARY.len() - 7;

/// The keyword called `name`.
pub fn lookup(name: &str) -> Option<&'static Keyword> {
    VOCABULARY.iter().find(|k| k.name == name)
}

/// The one JSON type whose values keyword `name` constrains, if it constrains
/// only one kind of value (a number keyword: [`JsonType::Number`]).
pub fn applies_to(name: &str) -> Option<JsonType> {
    lookup(name)?.applies_to
}

/// The keywords the model reads (the others are refused as not supported yet,
/// or kept as annotations).
pub fn supported() -> &'static [Keyword] {
    &VOCABULARY[..NOT_YET_FROM]
}

/// Keywords of JSON Schema the model refuses as not implemented yet (named apart
/// from unknown keywords so that the message can say so).
pub fn not_yet() -> &'static [Keyword] {
    &VOCABULARY[NOT_YET_FROM..VERBATIM_FROM]
}

/// Annotation keywords kept verbatim (in `Annotations::other`).
pub fn kept_verbatim() -> &'static [Keyword] {
    &VOCABULARY[VERBATIM_FROM..]
}

impl Node {
    /// Whether the node holds a keyword of `family` (what "has string rules"
    /// and the like mean everywhere: derived from [`VOCABULARY`]; a numeric
    /// `format` is a number keyword, [`Keyword::family_in`]).
    pub(crate) fn has(&self, family: Family) -> bool {
        supported()
            .iter()
            .any(|k| k.family_in(self) == family && k.is_in(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_split_where_its_constants_say() {
        assert_eq!(VOCABULARY[NOT_YET_FROM - 1].name, "$recursiveAnchor");
        assert!(not_yet().is_empty(), "{:?}", not_yet());
        assert_eq!(kept_verbatim()[0].name, "contentEncoding");
        let mut names: Vec<&str> = VOCABULARY.iter().map(|k| k.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), VOCABULARY.len(), "a keyword listed twice");
    }

    #[test]
    fn applies_to_names_one_type() {
        assert_eq!(applies_to("minLength"), Some(JsonType::String));
        assert_eq!(applies_to("multipleOf"), Some(JsonType::Number));
        assert_eq!(applies_to("dependencies"), Some(JsonType::Object));
        assert_eq!(applies_to("additionalItems"), Some(JsonType::Array));
        assert_eq!(applies_to("allOf"), None);
        assert_eq!(applies_to("nope"), None);
    }
}
