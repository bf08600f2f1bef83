//! JSON -> checked IR. Every problem is collected, none stops the walk early, so one
//! pass reports all of them.

use super::{Additional, Annotations, Diagnostic, Lint, LintKind, Node, NodeId, Property};
use super::{Schema, SchemaError};
use crate::json::{cmp_numbers, json_eq, pointer, JsonType, TypeSet};
use crate::keywords::{self, Draft};
use crate::schema::vocabulary::Family;
use crate::suggest;
use serde_json::Number;
use serde_json::{Map, Value};
use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

/// Lists up to this long are searched linearly; longer ones through a hash table.
const SMALL: usize = 16;

/// Deeper schemas are refused rather than risking the stack.
pub(crate) const MAX_DEPTH: usize = 64;

/// Every keyword name a typo could have meant.
fn known_keywords() -> impl Iterator<Item = &'static str> {
    crate::schema::vocabulary::VOCABULARY.iter().map(|k| k.name)
}

/// Whether `name` is one of the annotation keywords kept verbatim in
/// [`Annotations::other`].
fn kept_verbatim(name: &str) -> bool {
    crate::schema::vocabulary::kept_verbatim()
        .iter()
        .any(|k| k.name == name)
}

/// Whether `name` constrains nothing: an annotation, a core keyword (`$defs`,
/// `$schema`, ...), a vendor extension.
fn describes(name: &str) -> bool {
    name.starts_with("x-")
        || crate::schema::vocabulary::lookup(name)
            .is_some_and(|k| matches!(k.family, Family::Annotation | Family::Core))
}

/// Whether `name` is a keyword of JSON Schema that this model does not implement
/// yet (named apart from unknown keywords so the message can say so).
fn not_yet(name: &str) -> bool {
    crate::schema::vocabulary::not_yet()
        .iter()
        .any(|k| k.name == name)
}

impl super::SchemaBuilder {
    /// Checks `schema` and builds the model, as [`Schema::parse`] does, with the
    /// resources and the default dialect of this builder.
    pub fn parse(&self, schema: &Value) -> Result<Schema, SchemaError> {
        parse_with(schema, self)
    }
}

mod aliases;
mod dynamic;
mod resolve;

pub(crate) fn parse(schema: &Value) -> Result<Schema, SchemaError> {
    parse_with(schema, &super::SchemaBuilder::default())
}

pub(crate) fn parse_with(
    schema: &Value,
    with: &super::SchemaBuilder,
) -> Result<Schema, SchemaError> {
    let default_draft = with.draft.unwrap_or(Draft::Draft2020_12);
    let root_base = match schema.get("$id") {
        Some(Value::String(id)) => {
            let resolved = super::uri::resolve(resolve::DEFAULT_BASE, id);
            super::uri::split_fragment(&resolved).0.to_string()
        }
        _ => resolve::DEFAULT_BASE.to_string(),
    };
    let mut p = Parser {
        nodes: Vec::new(),
        errors: Vec::new(),
        lints: Vec::new(),
        refs: Vec::new(),
        resources: &with.resources,
        root_doc: schema,
        default_draft,
        max_pattern_size: with
            .max_pattern_size
            .unwrap_or(crate::pattern::DEFAULT_MAX_PATTERN_SIZE),
        annotate_unknown: with.annotate_unknown,
        scopes: Vec::new(),
        index: HashMap::new(),
        dynamic_anchors: HashSet::new(),
        declared: HashMap::new(),
        loaded: Vec::new(),
        foreign: None,
        root_base,
        graph: Default::default(),
    };
    let record = p.graph.record(resolve::DEFAULT_BASE, "", None);
    p.scopes.push(resolve::Scope {
        base: resolve::DEFAULT_BASE.to_string(),
        draft: default_draft,
        validation: true,
        format_assertion: false,
        record,
    });
    p.node(schema, String::new(), 0);
    p.scopes.clear();
    p.resolve_refs();
    super::budget::shorten_ref_chains(&mut p.nodes);
    if p.errors.is_empty() {
        p.errors.extend(super::budget::refusal(&p.nodes));
    }
    if p.errors.is_empty() {
        super::closure::mark_members_elsewhere(&mut p.nodes);
        super::closure::mark_conditional(&mut p.nodes);
        super::closure::mark_under_unevaluated(&mut p.nodes);
        super::discriminator::mark_discriminators(&mut p.nodes);
        super::closure::excuse_conditional_required(&p.nodes, &mut p.lints);
        Ok(Schema {
            facts: super::facts::Facts::of(&p.nodes),
            nodes: p.nodes,
            lints: p.lints,
            text: Default::default(),
            stream: Default::default(),
        })
    } else {
        Err(SchemaError {
            problems: p.errors,
            lints: p.lints,
        })
    }
}

struct Parser<'a> {
    nodes: Vec<Node>,
    errors: Vec<Diagnostic>,
    lints: Vec<Lint>,
    /// `$ref`s and `$dynamicRef`s to resolve once every node exists.
    refs: Vec<resolve::PendingRef>,
    /// The documents registered with [`super::SchemaBuilder::resource`].
    resources: &'a [(String, Value)],
    /// The schema itself.
    root_doc: &'a Value,
    /// The dialect of a document without `$schema`.
    default_draft: Draft,
    /// The limit on a pattern's size ([`super::SchemaBuilder::max_pattern_size`]).
    max_pattern_size: u64,
    /// [`super::SchemaBuilder::annotate_unknown_keywords`].
    annotate_unknown: bool,
    /// The resources the walk is in, innermost last.
    scopes: Vec<resolve::Scope>,
    /// Every place a reference may name (`uri#/pointer`, `uri#anchor`) and its node.
    index: HashMap<String, NodeId>,
    /// The keys of `index` that are `$dynamicAnchor`s.
    dynamic_anchors: HashSet<String>,
    /// Each resource URI an `$id` declares and each `uri#anchor`, in the document
    /// being parsed (`None`: the schema; else a loaded document's URI): the node
    /// and the pointer of the keyword that declared it, so that a second
    /// declaration is refused naming both.
    declared: HashMap<(Option<String>, String), (NodeId, String)>,
    /// The URIs of the documents loaded for references, in order.
    loaded: Vec<String>,
    /// The document walked, when it is not the schema itself.
    foreign: Option<resolve::Foreign>,
    /// The base URI of the schema's root resource.
    root_base: String,
    /// Which node applies which, and the resource of each (for `$dynamicRef`).
    graph: resolve::ScopeGraph,
}

/// "string", "an object", ... for messages about keyword values.
fn kind_of(v: &Value) -> &'static str {
    match JsonType::of(v) {
        JsonType::Null => "null",
        JsonType::Boolean => "a boolean",
        JsonType::Integer | JsonType::Number => "a number",
        JsonType::String => "a string",
        JsonType::Array => "an array",
        JsonType::Object => "an object",
    }
}

/// Common misspellings of type names, from other languages' vocabularies.
fn suggest_type(name: &str) -> Option<&'static str> {
    let lower = name.to_ascii_lowercase();
    if let Some(t) = JsonType::from_name(&lower) {
        return Some(t.name());
    }
    Some(match lower.as_str() {
        "str" | "text" | "char" => "string",
        "int" | "long" | "short" | "int32" | "int64" | "uint" => "integer",
        "float" | "double" | "decimal" | "real" | "num" => "number",
        "bool" => "boolean",
        "dict" | "map" | "record" | "struct" => "object",
        "list" | "tuple" | "vec" | "sequence" | "set" => "array",
        "none" | "nil" => "null",
        _ => {
            let names = JsonType::ALL.map(JsonType::name);
            return suggest::closest(name, names);
        }
    })
}

impl Parser<'_> {
    fn error(&mut self, pointer: impl Into<String>, message: impl Into<String>) {
        let d = self.diagnostic(pointer.into(), message.into());
        self.errors.push(d);
    }

    /// A problem at `pointer`; in a loaded document, reported at the reference
    /// that loaded it, the document's place in the message.
    fn diagnostic(&self, pointer: String, message: String) -> Diagnostic {
        match &self.foreign {
            None => Diagnostic::new(pointer, message),
            Some(f) => Diagnostic::new(f.at.clone(), format!("in {}#{pointer}: {message}", f.uri)),
        }
    }

    fn key_error(&mut self, pointer: String, message: String) {
        let on_key = self.foreign.is_none();
        let mut d = self.diagnostic(pointer, message);
        d.on_key = on_key;
        self.errors.push(d);
    }

    fn key_lint(&mut self, kind: LintKind, pointer: String, message: String) {
        if self.foreign.is_some() {
            // Lints are about the schema written, not the documents it names.
            return;
        }
        let mut d = Diagnostic::new(pointer, message);
        d.on_key = true;
        self.lints.push(Lint {
            kind,
            diagnostic: d,
        });
    }

    fn lint(&mut self, kind: LintKind, pointer: impl Into<String>, message: impl Into<String>) {
        if self.foreign.is_some() {
            return;
        }
        self.lints.push(Lint {
            kind,
            diagnostic: Diagnostic::new(pointer, message),
        });
    }

    /// Parses the schema at `pointer`, returning its id (a placeholder node when the
    /// schema is refused, so the walk can go on and find further problems).
    fn node(&mut self, value: &Value, pointer: String, depth: usize) -> NodeId {
        let id = NodeId(self.nodes.len() as u32);
        self.nodes.push(Node {
            pointer: pointer.clone(),
            ..Node::default()
        });
        self.graph.add(id);
        if depth > MAX_DEPTH {
            self.error(
                pointer,
                format!("the schema is nested deeper than {MAX_DEPTH} levels"),
            );
            return id;
        }
        let map = match value {
            Value::Object(map) => map,
            // `true` accepts every value: a node without keywords.
            Value::Bool(b) => {
                self.place_node(id);
                let node = &mut self.nodes[id.0 as usize];
                node.boolean = true;
                node.never = !b;
                return id;
            }
            other => {
                let msg = format!(
                    "expected a schema (an object or a boolean), got {}",
                    kind_of(other)
                );
                self.error(pointer, msg);
                return id;
            }
        };
        let entered = self.enter(map, &pointer, id);
        self.place_node(id);
        self.graph.filling.push(id);
        let node = self.fill(id, map, &pointer, depth);
        self.graph.filling.pop();
        self.nodes[id.0 as usize] = node;
        if entered {
            self.scopes.pop();
        }
        id
    }

    fn fill(&mut self, id: NodeId, map: &Map<String, Value>, ptr: &str, depth: usize) -> Node {
        let mut node = Node {
            pointer: ptr.to_string(),
            ..Node::default()
        };
        let mut ann = Annotations::default();
        // Source index of each name kept in `node.required`, for lint pointers.
        let mut required_at: Vec<usize> = Vec::new();
        let draft = self.draft();
        // Draft 7: `$ref` makes the keywords beside it ignored: those that
        // constrain (its definitions may still be referred to, its annotations
        // are kept).
        let ref_alone = draft.ref_overrides_siblings() && map.contains_key("$ref");
        // Drafts 7 and 2019-09: `items` as an array is `prefixItems`, and
        // `additionalItems` is then `items`.
        let items_array = draft.items_array() && map.get("items").is_some_and(Value::is_array);
        let mut additional_items = None;
        // `x-tool-schema-aliases`, read once `properties` and `required` are.
        let mut aliases = None;
        for (key, v) in map {
            if ref_alone && key != "$ref" && !describes(key) {
                continue;
            }
            if !self.reads(key) {
                continue;
            }
            if self.annotate_unknown && !draft.has_keyword(key) {
                ann.other.push((key.clone(), v.clone()));
                node.keywords.push(key.clone());
                continue;
            }
            let at = pointer::join(ptr, key);
            let family = crate::schema::vocabulary::supported()
                .iter()
                .find(|k| k.name == *key)
                .map(|k| k.family);
            match (family, key.as_str()) {
                (Some(Family::Number), _) => self.read_number(key, v, at, &mut node),
                (Some(Family::String), _) => self.read_string(key, v, at, &mut node),
                (Some(Family::Object), "required") => {
                    required_at = self.required(v, &at, &mut node)
                }
                // Draft 7's keyword; read in every draft (the suite's
                // `dependencies-compatibility`): its meaning is unambiguous. The
                // model holds it as the 2020-12 keywords, which it is written back
                // as (`to_json`): never dropped.
                (Some(Family::Object), "dependencies") => {
                    self.dependencies(v, &at, depth, &mut node);
                    for (kept, name) in [
                        (!node.dependent_required.is_empty(), "dependentRequired"),
                        (!node.dependent_schemas.is_empty(), "dependentSchemas"),
                    ] {
                        if kept && !node.keywords.iter().any(|k| k == name) {
                            node.keywords.push(name.to_string());
                        }
                    }
                    continue;
                }
                (Some(Family::Object), _) => self.read_object(key, v, at, depth, &mut node),
                (Some(Family::Array), "additionalItems") => {
                    if draft.items_array() {
                        let sub = self.subschema(v, at, depth);
                        if items_array {
                            additional_items = sub;
                        }
                    } else {
                        self.key_error(at, "additionalItems is a keyword of drafts 7 and 2019-09; in draft 2020-12 write prefixItems for the leading elements and items for the rest".to_string());
                    }
                    continue;
                }
                (Some(Family::Array), "items") if items_array => {
                    node.prefix_items = self.schema_list(v, &at, depth, true);
                    node.keywords.push("prefixItems".to_string());
                    continue;
                }
                (Some(Family::Array), _) => self.read_array(key, v, at, depth, &mut node),
                (Some(Family::Applicator), "$ref" | "$dynamicRef") => {
                    if let Some(r) = self.string(v, &at) {
                        self.push_ref(id, r, at, key == "$dynamicRef");
                    }
                }
                (Some(Family::Applicator), "$recursiveRef") => {
                    if draft != Draft::Draft2019_09 {
                        self.key_error(at, "$recursiveRef is a keyword of draft 2019-09; in draft 2020-12 write $dynamicRef (and $dynamicAnchor)".to_string());
                        continue;
                    }
                    self.push_recursive_ref(id, v, at);
                    // The model's form: a `$dynamicRef` to its one target.
                    node.keywords.push("$dynamicRef".to_string());
                    continue;
                }
                (Some(Family::Core), "$recursiveAnchor") if draft != Draft::Draft2019_09 => {
                    self.key_error(at, "$recursiveAnchor is a keyword of draft 2019-09; in draft 2020-12 write $dynamicAnchor".to_string());
                    continue;
                }
                // Read by `enter`, before the node's other keywords.
                (Some(Family::Core), "$id" | "$anchor" | "$dynamicAnchor" | "$recursiveAnchor") => {
                }
                (Some(Family::Core), "$vocabulary") => {
                    if !v.is_object() {
                        self.error(at, format!("expected an object, got {}", kind_of(v)));
                    }
                }
                (Some(Family::Applicator), _) => self.read_applicator(key, v, at, depth, &mut node),
                (Some(Family::Core), "$defs" | "definitions") => {
                    self.read_defs(key, v, at, depth, &mut node)
                }
                (Some(Family::Annotation | Family::Core), _) => {
                    self.read_annotation(key, v, at, &mut ann)
                }
                (Some(_), _) => self.read_value_keyword(key, v, at, &mut node),
                (None, keywords::alias::KEYWORD) => aliases = Some(v),
                (None, k) if kept_verbatim(k) || k.starts_with("x-") || self.annotate_unknown => {
                    ann.other.push((k.to_string(), v.clone()));
                }
                (None, k) if not_yet(k) => {
                    self.key_error(at, format!("keyword \"{k}\" is not supported yet"));
                    continue;
                }
                (None, k) => {
                    let hint = match suggest::closest(k, known_keywords()) {
                        Some(s) => format!(" (did you mean \"{s}\"?)"),
                        None => String::new(),
                    };
                    self.key_error(at, format!("unknown keyword \"{k}\"{hint}"));
                    continue;
                }
            }
            node.keywords.push(key.clone());
        }
        if let Some(rest) = additional_items {
            node.items = Some(rest);
            node.keywords.push("items".to_string());
        }
        if let Some(v) = aliases {
            self.aliases(v, ptr, &required_at, &mut node);
        }
        node.annotations = ann;
        self.lint_node(&node, ptr, &required_at);
        node
    }

    /// `type`, `nullable`, `enum`, `const`.
    fn read_value_keyword(&mut self, key: &str, v: &Value, at: String, node: &mut Node) {
        match key {
            "type" => node.types = self.types(v, &at),
            "nullable" => match v {
                Value::Bool(b) => node.nullable = *b,
                other => self.error(at, format!("expected a boolean, got {}", kind_of(other))),
            },
            "enum" => match v {
                Value::Array(items) => node.enum_values = Some(items.as_slice().into()),
                other => self.error(at, format!("expected an array, got {}", kind_of(other))),
            },
            _ => node.const_value = Some(v.clone()),
        }
    }

    /// The number keywords.
    fn read_number(&mut self, key: &str, v: &Value, at: String, node: &mut Node) {
        let n = self.number(v, &at);
        match key {
            "minimum" => node.minimum = n,
            "maximum" => node.maximum = n,
            "exclusiveMinimum" => node.exclusive_minimum = n,
            "exclusiveMaximum" => node.exclusive_maximum = n,
            _ => match n {
                Some(n) if n.as_f64().is_none_or(|f| f <= 0.0) => {
                    self.error(at, format!("expected a number greater than 0, got {n}"));
                    node.multiple_of = None;
                }
                n => node.multiple_of = n,
            },
        }
    }

    /// The string keywords.
    fn read_string(&mut self, key: &str, v: &Value, at: String, node: &mut Node) {
        match key {
            "minLength" => node.min_length = self.count(v, &at),
            "maxLength" => node.max_length = self.count(v, &at),
            "pattern" => {
                if let Some(src) = self.string(v, &at) {
                    match crate::pattern::compile(&src, self.max_pattern_size) {
                        Ok(p) => node.pattern = Some(p),
                        Err(msg) => self.error(at, msg),
                    }
                }
            }
            _ => {
                if let Some(name) = self.string(v, &at) {
                    node.numeric_format = keywords::format::numeric(&name);
                    if node.numeric_format.is_none() && !keywords::format::is_known(&name) {
                        self.lint(
                            LintKind::UnknownFormat,
                            at,
                            format!("format \"{name}\" is not one this validator checks; it is kept as an annotation only"),
                        );
                    }
                    node.format = Some(name);
                    node.format_asserted = self.asserts_formats();
                }
            }
        }
    }

    /// The object keywords but `required`.
    fn read_object(&mut self, key: &str, v: &Value, at: String, depth: usize, node: &mut Node) {
        match key {
            "minProperties" => node.min_properties = self.count(v, &at),
            "maxProperties" => node.max_properties = self.count(v, &at),
            "properties" => node.properties = self.named_schemas(v, &at, depth),
            "additionalProperties" => match v {
                Value::Bool(true) => node.additional = Additional::Allowed,
                Value::Bool(false) => node.additional = Additional::Forbidden,
                Value::Object(_) => {
                    node.additional = Additional::Schema(self.node(v, at, depth + 1))
                }
                other => self.error(
                    at,
                    format!("expected a boolean or a schema, got {}", kind_of(other)),
                ),
            },
            "patternProperties" => self.pattern_properties(v, &at, depth, node),
            // Extended, not set: draft 7's `dependencies` may have added entries.
            "dependentRequired" => {
                let more = self.dependent_required(v, &at);
                node.dependent_required.extend(more)
            }
            "dependentSchemas" => {
                let more = self.named_schemas(v, &at, depth).unwrap_or_default();
                node.dependent_schemas.extend(more)
            }
            "unevaluatedProperties" => node.unevaluated_properties = self.subschema(v, at, depth),
            _ => node.property_names = self.subschema(v, at, depth),
        }
    }

    /// `patternProperties`: each pattern compiled (as `pattern`), then all of
    /// them together.
    fn pattern_properties(&mut self, v: &Value, at: &str, depth: usize, node: &mut Node) {
        let Some(named) = self.named_schemas(v, at, depth) else {
            return;
        };
        let mut ok = true;
        for p in named {
            match crate::pattern::compile(&p.name, self.max_pattern_size) {
                Ok(pattern) => node.pattern_properties.push((pattern, p.node)),
                Err(msg) => {
                    self.key_error(pointer::join(at, &p.name), msg);
                    ok = false;
                }
            }
        }
        if ok && !node.pattern_properties.is_empty() {
            let mut translated: Vec<&str> = Vec::with_capacity(node.pattern_properties.len());
            for (p, _) in &node.pattern_properties {
                translated.push(p.translated.as_str());
            }
            match crate::pattern::PatternSet::from_translated(&translated) {
                Ok(set) => node.pattern_set = Some(set),
                Err(msg) => self.error(at, msg),
            }
        }
    }

    /// Draft 7's `dependencies`: each entry an array of names (read as a
    /// `dependentRequired` entry) or a schema (a `dependentSchemas` entry).
    fn dependencies(&mut self, v: &Value, at: &str, depth: usize, node: &mut Node) {
        let Value::Object(map) = v else {
            self.error(
                at,
                format!(
                    "expected an object mapping names to arrays of property names or to schemas, got {}",
                    kind_of(v)
                ),
            );
            return;
        };
        for (name, entry) in map {
            let entry_at = pointer::join(at, name);
            if entry.is_array() {
                let one = Value::Object(Map::from_iter([(name.clone(), entry.clone())]));
                node.dependent_required
                    .extend(self.dependent_required(&one, at));
            } else {
                node.dependent_schemas.push(Property {
                    alias_of: None,
                    name: name.clone(),
                    node: self.node(entry, entry_at, depth + 1),
                });
            }
        }
    }

    /// `dependentRequired`: an object mapping each name to the names it needs
    /// (strings, each once: a repeat is linted as in `required`).
    fn dependent_required(&mut self, v: &Value, at: &str) -> Vec<(String, Vec<String>)> {
        let Value::Object(map) = v else {
            self.error(
                at,
                format!(
                    "expected an object mapping names to arrays of property names, got {}",
                    kind_of(v)
                ),
            );
            return Vec::new();
        };
        let mut out = Vec::with_capacity(map.len());
        for (name, needs) in map {
            let list_at = pointer::join(at, name);
            let Value::Array(items) = needs else {
                self.error(
                    list_at,
                    format!(
                        "expected an array of property names, got {}",
                        kind_of(needs)
                    ),
                );
                continue;
            };
            let mut kept: Vec<String> = Vec::with_capacity(items.len());
            let mut seen: HashSet<&str> = HashSet::new();
            for (i, item) in items.iter().enumerate() {
                let item_at = || pointer::join(&list_at, &i.to_string());
                match item {
                    Value::String(need) if !seen.insert(need) => self.lint(
                        LintKind::DuplicateRequired,
                        item_at(),
                        format!("\"{need}\" is already required when \"{name}\" is present"),
                    ),
                    Value::String(need) => kept.push(need.clone()),
                    other => self.error(
                        item_at(),
                        format!("expected a property name, got {}", kind_of(other)),
                    ),
                }
            }
            out.push((name.clone(), kept));
        }
        out
    }

    /// The array keywords.
    fn read_array(&mut self, key: &str, v: &Value, at: String, depth: usize, node: &mut Node) {
        match key {
            "minItems" => node.min_items = self.count(v, &at),
            "maxItems" => node.max_items = self.count(v, &at),
            "uniqueItems" => match v {
                Value::Bool(b) => node.unique_items = *b,
                other => self.error(at, format!("expected a boolean, got {}", kind_of(other))),
            },
            "prefixItems" => node.prefix_items = self.schema_list(v, &at, depth, true),
            "contains" => node.contains = self.subschema(v, at, depth),
            "minContains" => node.min_contains = self.count(v, &at),
            "maxContains" => node.max_contains = self.count(v, &at),
            "unevaluatedItems" => node.unevaluated_items = self.subschema(v, at, depth),
            _ => match v {
                Value::Array(_) => self.error(
                    at,
                    "the array form of items is not supported; use prefixItems for per-position schemas",
                ),
                _ => node.items = self.subschema(v, at, depth),
            },
        }
    }

    /// The applicators but `$ref` (resolved once every node exists).
    fn read_applicator(&mut self, key: &str, v: &Value, at: String, depth: usize, node: &mut Node) {
        match key {
            "allOf" => node.all_of = self.schema_list(v, &at, depth, false),
            "anyOf" => node.any_of = self.schema_list(v, &at, depth, false),
            "oneOf" => node.one_of = self.schema_list(v, &at, depth, false),
            "if" => node.if_schema = self.subschema(v, at, depth),
            "then" => node.then_schema = self.subschema(v, at, depth),
            "else" => node.else_schema = self.subschema(v, at, depth),
            _ => node.not = self.subschema(v, at, depth),
        }
    }

    /// `$defs` / `definitions`.
    fn read_defs(&mut self, key: &str, v: &Value, at: String, depth: usize, node: &mut Node) {
        if let Some(list) = self.named_schemas(v, &at, depth) {
            // Definitions are applied only through references.
            for p in &list {
                self.graph.detach(p.node);
            }
            node.defs.push((key.to_string(), list));
        }
    }

    /// An object mapping names to schemas (`properties`, `$defs`), in order.
    fn named_schemas(&mut self, v: &Value, at: &str, depth: usize) -> Option<Vec<Property>> {
        match v {
            Value::Object(map) => Some(
                map.iter()
                    .map(|(name, sub)| Property {
                        alias_of: None,
                        name: name.clone(),
                        node: self.node(sub, pointer::join(at, name), depth + 1),
                    })
                    .collect(),
            ),
            other => {
                self.error(
                    at,
                    format!(
                        "expected an object mapping names to schemas, got {}",
                        kind_of(other)
                    ),
                );
                None
            }
        }
    }

    /// The annotations read into [`Annotations`], and `$schema`.
    fn read_annotation(&mut self, key: &str, v: &Value, at: String, ann: &mut Annotations) {
        match key {
            "title" => ann.title = self.string(v, &at),
            "description" => ann.description = self.string(v, &at),
            "$comment" => ann.comment = self.string(v, &at),
            "$schema" => ann.dialect = self.string(v, &at),
            "default" => ann.default = Some(v.clone()),
            _ => match v {
                Value::Array(items) => ann.examples = Some(items.clone()),
                other => self.error(
                    at,
                    format!("expected an array of examples, got {}", kind_of(other)),
                ),
            },
        }
    }

    fn subschema(&mut self, v: &Value, at: String, depth: usize) -> Option<NodeId> {
        match v {
            Value::Object(_) | Value::Bool(_) => Some(self.node(v, at, depth + 1)),
            other => {
                self.error(
                    at,
                    format!(
                        "expected a schema (an object or a boolean), got {}",
                        kind_of(other)
                    ),
                );
                None
            }
        }
    }

    fn schema_list(&mut self, v: &Value, at: &str, depth: usize, empty_ok: bool) -> Vec<NodeId> {
        match v {
            Value::Array(items) if !items.is_empty() || empty_ok => items
                .iter()
                .enumerate()
                .filter_map(|(i, item)| {
                    self.subschema(item, pointer::join(at, &i.to_string()), depth)
                })
                .collect(),
            Value::Array(_) => {
                self.error(at, "expected a non-empty array of schemas");
                Vec::new()
            }
            other => {
                self.error(
                    at,
                    format!("expected an array of schemas, got {}", kind_of(other)),
                );
                Vec::new()
            }
        }
    }

    fn number(&mut self, v: &Value, at: &str) -> Option<Number> {
        match v {
            Value::Number(n) => Some(n.clone()),
            Value::Bool(_)
                if at.ends_with("/exclusiveMinimum") || at.ends_with("/exclusiveMaximum") =>
            {
                self.error(
                    at,
                    "expected a number (the draft 4 boolean form is not supported; give the limit itself)",
                );
                None
            }
            other => {
                self.error(at, format!("expected a number, got {}", kind_of(other)));
                None
            }
        }
    }

    /// A non-negative integer (`minLength`, `maxItems`, ...). `2.0` is accepted, as
    /// JSON Schema allows.
    fn count(&mut self, v: &Value, at: &str) -> Option<u64> {
        if let Value::Number(n) = v {
            if let Some(u) = n.as_u64() {
                return Some(u);
            }
            if let Some(f) = n.as_f64() {
                if f >= 0.0 && f.fract() == 0.0 && f < 1.8e19 {
                    return Some(f as u64);
                }
            }
        }
        let got = match v {
            Value::Number(n) => n.to_string(),
            other => kind_of(other).to_string(),
        };
        self.error(at, format!("expected a non-negative integer, got {got}"));
        None
    }

    fn string(&mut self, v: &Value, at: &str) -> Option<String> {
        match v {
            Value::String(s) => Some(s.clone()),
            other => {
                self.error(at, format!("expected a string, got {}", kind_of(other)));
                None
            }
        }
    }

    fn types(&mut self, v: &Value, at: &str) -> Option<TypeSet> {
        match v {
            Value::String(name) => self.type_name(name, at).map(TypeSet::single),
            Value::Array(names) => {
                if names.is_empty() {
                    self.error(at, "an empty type list accepts no value");
                    return None;
                }
                let mut set = TypeSet::EMPTY;
                let mut ok = true;
                for (i, n) in names.iter().enumerate() {
                    let item_at = pointer::join(at, &i.to_string());
                    match n {
                        Value::String(name) => match self.type_name(name, &item_at) {
                            Some(t) if set.declares(t) => self.lint(
                                LintKind::DuplicateType,
                                item_at,
                                format!("type \"{name}\" is listed twice"),
                            ),
                            Some(t) => set = set.with(t),
                            None => ok = false,
                        },
                        other => {
                            self.error(
                                item_at,
                                format!("expected a type name, got {}", kind_of(other)),
                            );
                            ok = false;
                        }
                    }
                }
                ok.then_some(set)
            }
            other => {
                self.error(
                    at,
                    format!(
                        "expected a type name or a list of type names, got {}",
                        kind_of(other)
                    ),
                );
                None
            }
        }
    }

    fn type_name(&mut self, name: &str, at: &str) -> Option<JsonType> {
        if let Some(t) = JsonType::from_name(name) {
            return Some(t);
        }
        let hint = match suggest_type(name) {
            Some(s) => format!(" (did you mean \"{s}\"?)"),
            None => String::new(),
        };
        self.error(
            at,
            format!(
                "unknown type \"{name}\"{hint}; expected one of \"string\", \"number\", \"integer\", \"boolean\", \"object\", \"array\", \"null\""
            ),
        );
        None
    }

    /// Fills `node.required`; returns the source index of each name kept.
    fn required(&mut self, v: &Value, at: &str, node: &mut Node) -> Vec<usize> {
        let mut kept = Vec::new();
        let Value::Array(items) = v else {
            self.error(
                at,
                format!("expected an array of property names, got {}", kind_of(v)),
            );
            return kept;
        };
        // Names kept so far, hashed for long lists (linear scans below).
        let mut kept_names: HashSet<&str> = HashSet::new();
        for (i, item) in items.iter().enumerate() {
            match item {
                Value::String(name) => {
                    let repeated = if items.len() <= SMALL {
                        node.required.contains(name)
                    } else {
                        !kept_names.insert(name)
                    };
                    if repeated {
                        let item_at = pointer::join(at, &i.to_string());
                        self.lint(
                            LintKind::DuplicateRequired,
                            item_at,
                            format!("\"{name}\" is already required"),
                        );
                    } else {
                        node.required.push(name.clone());
                        kept.push(i);
                    }
                }
                other => self.error(
                    pointer::join(at, &i.to_string()),
                    format!("expected a property name, got {}", kind_of(other)),
                ),
            }
        }
        kept
    }

    /// Lints that need the whole node.
    fn lint_node(&mut self, node: &Node, ptr: &str, required_at: &[usize]) {
        self.lint_required(node, ptr, required_at);
        self.lint_bounds(node, ptr);
        self.lint_enum_const(node, ptr);
        self.lint_misplaced(node, ptr);
        self.lint_without_if(node, ptr);
        if node.contains.is_none() {
            let counts = [
                ("minContains", node.min_contains.is_some()),
                ("maxContains", node.max_contains.is_some()),
            ];
            self.lint_inert(LintKind::WithoutContains, ptr, counts, "contains");
        }
    }

    /// `then`/`else` without `if`, or `if` without either: JSON Schema gives
    /// them no effect.
    fn lint_without_if(&mut self, node: &Node, ptr: &str) {
        let branches = node.then_schema.is_some() || node.else_schema.is_some();
        if node.if_schema.is_some() && !branches {
            self.key_lint(
                LintKind::WithoutIf,
                pointer::join(ptr, "if"),
                "if has no effect without then or else".to_string(),
            );
        }
        if node.if_schema.is_none() {
            let branches = [
                ("then", node.then_schema.is_some()),
                ("else", node.else_schema.is_some()),
            ];
            self.lint_inert(LintKind::WithoutIf, ptr, branches, "if");
        }
    }

    /// Lints each keyword of `keywords` that is present (`true`) as having no
    /// effect without `needed`.
    fn lint_inert(&mut self, kind: LintKind, ptr: &str, keywords: [(&str, bool); 2], needed: &str) {
        for (kw, present) in keywords {
            if present {
                let message = format!("{kw} has no effect without {needed}");
                self.key_lint(kind, pointer::join(ptr, kw), message);
            }
        }
    }

    /// `required` names that `properties` does not declare.
    fn lint_required(&mut self, node: &Node, ptr: &str, required_at: &[usize]) {
        if !node.required.is_empty() {
            let declared: HashSet<&str> = match &node.properties {
                Some(props) if props.len() > SMALL => {
                    props.iter().map(|p| p.name.as_str()).collect()
                }
                _ => HashSet::new(),
            };
            let is_declared = |name: &str| match &node.properties {
                Some(props) if props.len() > SMALL => declared.contains(name),
                _ => node.property(name).is_some(),
            };
            for (name, i) in node.required.iter().zip(required_at) {
                if !is_declared(name) {
                    let at = pointer::join(&pointer::join(ptr, "required"), &i.to_string());
                    self.lint(
                        LintKind::RequiredUndeclared,
                        at,
                        format!("required property \"{name}\" is not declared in properties"),
                    );
                }
            }
        }
    }

    /// Lower bounds above their upper bounds: no value is accepted.
    fn lint_bounds(&mut self, node: &Node, ptr: &str) {
        if let (Some(lo), Some(hi)) = (&node.minimum, &node.maximum) {
            if cmp_numbers(lo, hi) == Some(Ordering::Greater) {
                self.lint(
                    LintKind::MinimumAboveMaximum,
                    pointer::join(ptr, "minimum"),
                    format!("minimum {lo} is greater than maximum {hi}: no number is accepted"),
                );
            }
        }
        let counts = [
            (
                "minLength",
                node.min_length,
                "maxLength",
                node.max_length,
                "string",
            ),
            (
                "minItems",
                node.min_items,
                "maxItems",
                node.max_items,
                "array",
            ),
            (
                "minContains",
                node.min_contains,
                "maxContains",
                node.max_contains,
                "array",
            ),
            (
                "minProperties",
                node.min_properties,
                "maxProperties",
                node.max_properties,
                "object",
            ),
        ];
        for (lo_kw, lo, hi_kw, hi, what) in counts {
            if let (Some(lo), Some(hi)) = (lo, hi) {
                if lo > hi {
                    self.lint(
                        LintKind::MinimumAboveMaximum,
                        pointer::join(ptr, lo_kw),
                        format!("{lo_kw} {lo} is greater than {hi_kw} {hi}: no {what} is accepted"),
                    );
                }
            }
        }
    }

    /// Empty or repeated `enum` values, and `enum`/`const` values of a type that
    /// `type` refuses.
    fn lint_enum_const(&mut self, node: &Node, ptr: &str) {
        if let Some(values) = &node.enum_values {
            let at = pointer::join(ptr, "enum");
            if values.is_empty() {
                self.lint(
                    LintKind::EmptyEnum,
                    at.clone(),
                    "an empty enum accepts no value",
                );
            }
            // Whether each value repeats an earlier one: pairwise for short lists,
            // hashed for long ones.
            let mut repeats = vec![false; values.len()];
            if values.len() <= SMALL {
                for (i, v) in values.iter().enumerate() {
                    repeats[i] = values[..i].iter().any(|w| json_eq(v, w));
                }
            } else {
                crate::keywords::array::each_duplicate(values, |_, j| {
                    repeats[j] = true;
                    true
                });
            }
            for (i, v) in values.iter().enumerate() {
                if let Some(types) = node.types {
                    if !types.accepts(JsonType::of(v)) {
                        self.lint(
                            LintKind::EnumTypeMismatch,
                            pointer::join(&at, &i.to_string()),
                            format!(
                                "enum value {v} is {}, not {types}: it can never be accepted",
                                JsonType::of(v)
                            ),
                        );
                    }
                }
                if repeats[i] {
                    self.lint(
                        LintKind::DuplicateEnum,
                        pointer::join(&at, &i.to_string()),
                        format!("enum value {v} is listed twice"),
                    );
                }
            }
        }
        if let (Some(c), Some(types)) = (&node.const_value, node.types) {
            if !types.accepts(JsonType::of(c)) {
                self.lint(
                    LintKind::ConstTypeMismatch,
                    pointer::join(ptr, "const"),
                    format!(
                        "const value {c} is {}, not {types}: no value is accepted",
                        JsonType::of(c)
                    ),
                );
            }
        }
    }

    /// Keywords for one JSON type on a node whose `type` excludes it.
    fn lint_misplaced(&mut self, node: &Node, ptr: &str) {
        if let Some(types) = node.types {
            let misplaced = crate::schema::vocabulary::supported()
                .iter()
                .filter(|k| k.is_in(node) && !k.can_apply_in(node, types));
            for k in misplaced {
                let kw = k.name;
                self.key_lint(
                    LintKind::KeywordTypeMismatch,
                    pointer::join(ptr, kw),
                    format!("{kw} has no effect on a value of type {types}"),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn errors(v: Value) -> Vec<String> {
        match Schema::parse(&v) {
            Ok(_) => vec![],
            Err(e) => e.problems.iter().map(|p| p.to_string()).collect(),
        }
    }

    fn lints(v: Value) -> Vec<(LintKind, String)> {
        Schema::parse(&v)
            .unwrap()
            .lints()
            .iter()
            .map(|l| (l.kind, l.diagnostic.pointer.clone()))
            .collect()
    }

    #[test]
    fn malformed_keyword_values_name_the_place() {
        assert_eq!(
            errors(json!({"properties": {"qty": {"type": "integer", "minimum": "1"}}})),
            ["/properties/qty/minimum: expected a number, got a string"]
        );
        assert_eq!(
            errors(json!({"required": "city"})),
            ["/required: expected an array of property names, got a string"]
        );
        assert_eq!(
            errors(json!({"properties": []})),
            ["/properties: expected an object mapping names to schemas, got an array"]
        );
        assert_eq!(
            errors(json!({"additionalProperties": "no"})),
            ["/additionalProperties: expected a boolean or a schema, got a string"]
        );
        assert_eq!(
            errors(json!({"enum": 1})),
            ["/enum: expected an array, got a number"]
        );
        assert_eq!(
            errors(json!({"description": 5})),
            ["/description: expected a string, got a number"]
        );
        assert_eq!(
            errors(json!([1])),
            ["(root): expected a schema (an object or a boolean), got an array"]
        );
        assert_eq!(
            errors(json!({"items": 3})),
            ["/items: expected a schema (an object or a boolean), got a number"]
        );
    }

    #[test]
    fn unknown_types_with_hints() {
        assert_eq!(
            errors(json!({"properties": {"a": {"type": "float"}}})),
            ["/properties/a/type: unknown type \"float\" (did you mean \"number\"?); expected one of \"string\", \"number\", \"integer\", \"boolean\", \"object\", \"array\", \"null\""]
        );
        let e = errors(json!({"type": ["string", "nul", 3]}));
        assert_eq!(e.len(), 2);
        assert!(
            e[0].starts_with("/type/1: unknown type \"nul\" (did you mean \"null\"?);"),
            "{e:?}"
        );
        assert_eq!(e[1], "/type/2: expected a type name, got a number");
        assert_eq!(
            errors(json!({"type": []})),
            ["/type: an empty type list accepts no value"]
        );
    }

    #[test]
    fn unknown_keywords_are_refused() {
        assert_eq!(
            errors(json!({"requird": ["a"]})),
            ["/requird: unknown keyword \"requird\" (did you mean \"required\"?)"]
        );
        assert_eq!(
            errors(json!({"$ref": "https://example.com/s.json"})),
            ["/$ref: $ref \"https://example.com/s.json\" names \"https://example.com/s.json\", which is neither in the schema nor registered: embed it (under $defs, with its URI as $id) or register it with Schema::builder().resource(uri, document); nothing is fetched"]
        );
        assert_eq!(
            errors(json!({"$ref": "#/$defs/missing"})),
            ["/$ref: $ref \"#/$defs/missing\" does not name a schema in this document"]
        );
        assert_eq!(
            errors(json!({"allOf": [{"$ref": "#"}]})),
            ["/allOf/0: this schema refers back to \"#\" without descending into the value, so it could never be checked"]
        );
        assert!(errors(json!({"properties": {"next": {"$ref": "#"}}})).is_empty());
        assert!(errors(json!({"x-vendor": {"anything": 1}, "deprecated": true})).is_empty());
    }

    #[test]
    fn all_errors_are_collected_and_pointers_escaped() {
        let e = errors(json!({
            "properties": {
                "a/b": {"type": "strin"},
                "c~d": {"minimum": true},
            },
            "bogus": 1
        }));
        assert_eq!(e.len(), 3, "{e:?}");
        assert!(e[0].starts_with("/properties/a~1b/type: unknown type \"strin\""));
        assert_eq!(
            e[1],
            "/properties/c~0d/minimum: expected a number, got a boolean"
        );
        assert_eq!(e[2], "/bogus: unknown keyword \"bogus\"");
    }

    #[test]
    fn deep_schemas_are_refused_without_overflow() {
        let mut v = json!({"type": "string"});
        for _ in 0..200 {
            v = json!({"type": "array", "items": v});
        }
        let e = errors(v);
        assert_eq!(e.len(), 1);
        assert!(e[0].contains("nested deeper than 64 levels"), "{e:?}");
    }

    #[test]
    fn lints_are_reported_with_paths() {
        assert_eq!(
            lints(json!({"properties": {"a": {}}, "required": ["a", "b", "a"]})),
            [
                (LintKind::DuplicateRequired, "/required/2".to_string()),
                (LintKind::RequiredUndeclared, "/required/1".to_string())
            ]
        );
        assert_eq!(
            lints(json!({"properties": {"q": {"type": "integer", "minimum": 5, "maximum": 1}}})),
            [(
                LintKind::MinimumAboveMaximum,
                "/properties/q/minimum".to_string()
            )]
        );
        assert_eq!(
            lints(json!({"properties": {"u": {"type": "string", "enum": []}}})),
            [(LintKind::EmptyEnum, "/properties/u/enum".to_string())]
        );
        assert_eq!(
            lints(json!({"type": "integer", "enum": [1, 1.0, "x", 2, 2]})),
            [
                (LintKind::EnumTypeMismatch, "/enum/1".to_string()),
                (LintKind::DuplicateEnum, "/enum/1".to_string()),
                (LintKind::EnumTypeMismatch, "/enum/2".to_string()),
                (LintKind::DuplicateEnum, "/enum/4".to_string()),
            ]
        );
        assert_eq!(
            lints(json!({"type": "string", "minimum": 1, "const": 3})),
            [
                (LintKind::ConstTypeMismatch, "/const".to_string()),
                (LintKind::KeywordTypeMismatch, "/minimum".to_string())
            ]
        );
        assert_eq!(
            lints(json!({"type": ["string", "string"]})),
            [(LintKind::DuplicateType, "/type/1".to_string())]
        );
    }

    #[test]
    fn model_holds_the_keywords() {
        let s = Schema::parse(&json!({
            "type": "object",
            "description": "Weather",
            "properties": {
                "city": {"type": "string", "description": "City name"},
                "days": {"type": ["integer", "null"], "minimum": 1, "maximum": 7},
                "tags": {"type": "array", "items": {"enum": ["a", "b"]}}
            },
            "required": ["city"],
            "additionalProperties": false
        }))
        .unwrap();
        let root = s.root();
        assert_eq!(root.types, Some(TypeSet::single(JsonType::Object)));
        assert_eq!(root.additional, Additional::Forbidden);
        assert_eq!(root.required, ["city"]);
        let (i, days) = root.property("days").unwrap();
        assert_eq!(i, 1);
        let days = s.node(days.node);
        assert_eq!(days.pointer, "/properties/days");
        assert_eq!(days.types.unwrap().to_string(), "integer or null");
        assert_eq!(days.minimum.as_ref().unwrap().as_i64(), Some(1));
        let tags = s.node(root.property("tags").unwrap().1.node);
        assert_eq!(
            s.node(tags.items.unwrap())
                .enum_values
                .as_ref()
                .unwrap()
                .len(),
            2
        );
        assert!(s.lints().is_empty());
    }
}
