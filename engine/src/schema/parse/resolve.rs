//! Identifiers and references: the scopes a walk is in (`$id` base URIs and
//! `$schema` dialects), the index of every place a reference may name (a node by
//! JSON pointer within its resource or its document, an `$anchor`, a
//! `$dynamicAnchor`), and the resolution of `$ref`/`$dynamicRef` once the walk is
//! done, loading registered or bundled documents as references name them. Nothing
//! is ever fetched.

use super::Parser;
use crate::json::pointer;
use crate::keywords::Draft;
use crate::schema::{meta, uri, NodeId};
use serde_json::{Map, Value};
use std::collections::HashMap;

/// The base URI of a document that declares no `$id`.
pub(super) const DEFAULT_BASE: &str = "urn:tool-schema:root";

/// The name under which draft 2019-09's `$recursiveAnchor: true` is a dynamic
/// anchor (not a valid anchor name, so no schema's own anchor can clash).
const RECURSIVE: &str = "$recursive";

/// The most documents (registered or bundled) one schema may load.
const MAX_DOCUMENTS: usize = 64;

/// A schema resource the walk is in.
pub(super) struct Scope {
    /// Its base URI, without fragment.
    pub base: String,
    /// The dialect its keywords are read in.
    pub draft: Draft,
    /// Whether its dialect has the validation vocabulary (a custom meta-schema's
    /// `$vocabulary` may leave it out: its keywords then assert nothing).
    pub validation: bool,
    /// Whether its dialect has the format-assertion vocabulary: `format` is then
    /// asserted whatever the options say.
    pub format_assertion: bool,
    /// Its record in [`ScopeGraph`].
    pub record: u32,
}

/// A reference to resolve once every node of the document exists.
pub(super) struct PendingRef {
    /// The node holding it.
    pub from: NodeId,
    /// Absolute: resolved against the base URI in force.
    pub target: String,
    /// As written.
    pub written: String,
    /// Pointer of the keyword, for diagnostics.
    pub at: String,
    /// `$dynamicRef`.
    pub dynamic: bool,
    /// The base URIs of the resources the reference sits in, outermost first
    /// (for `$dynamicRef`).
    pub chain: Vec<String>,
    /// The dialect in force (for a document it loads without `$schema`).
    pub draft: Draft,
}

/// The document being walked, when it is not the schema itself.
pub(super) struct Foreign {
    /// Its URI.
    pub uri: String,
    /// The pointer (in the schema) of the reference that loaded it: where its
    /// problems are reported.
    pub at: String,
}

/// What references need to know of the nodes: the scope each is in (to index
/// it by pointer within each enclosing resource, once a reference asks), and which
/// node applies which (the schema's structure, definitions aside: for
/// `$dynamicRef`).
#[derive(Default)]
pub(super) struct ScopeGraph {
    /// The node each node was parsed inside (`None`: a document's root, or a
    /// definition, which applies only through references).
    parent: Vec<Option<NodeId>>,
    /// The scope of each node, an index into `records`.
    scope: Vec<u32>,
    /// Every scope entered: its base URI, the pointer of its root in its
    /// document, and the scope around it (`u32::MAX`: none).
    records: Vec<(String, String, u32)>,
    /// The nodes being parsed, innermost last.
    pub filling: Vec<NodeId>,
    /// The nodes indexed so far (`0..indexed`).
    indexed: usize,
}

impl ScopeGraph {
    /// Node `id` is being created.
    pub fn add(&mut self, id: NodeId) {
        debug_assert_eq!(self.parent.len(), id.0 as usize);
        self.parent.push(self.filling.last().copied());
        self.scope.push(u32::MAX);
    }

    /// Node `id` is a definition.
    pub fn detach(&mut self, id: NodeId) {
        self.parent[id.0 as usize] = None;
    }

    /// A new scope, inside `outer`: its record.
    pub fn record(&mut self, base: &str, root_ptr: &str, outer: Option<u32>) -> u32 {
        self.records.push((
            base.to_string(),
            root_ptr.to_string(),
            outer.unwrap_or(u32::MAX),
        ));
        (self.records.len() - 1) as u32
    }

    /// Node `id` is in the scope `record`.
    pub fn place(&mut self, id: NodeId, record: u32) {
        self.scope[id.0 as usize] = record;
    }

    /// Indexes the nodes not indexed yet, each by its pointer (the nodes'
    /// `pointer`s are still those in their document) within each enclosing scope:
    /// `#/$defs/a` in an embedded resource, and the document's own pointer from the
    /// outside, both name it. The first node a key names keeps it.
    pub fn index_pending(
        &mut self,
        nodes: &[crate::schema::Node],
        index: &mut HashMap<String, NodeId>,
    ) {
        for (i, node) in nodes.iter().enumerate().skip(self.indexed) {
            let mut record = self.scope[i];
            while let Some((base, root_ptr, outer)) = self.records.get(record as usize) {
                if let Some(rest) = node.pointer.strip_prefix(root_ptr.as_str()) {
                    if rest.is_empty() || rest.starts_with('/') {
                        index
                            .entry(format!("{base}#{rest}"))
                            .or_insert(NodeId(i as u32));
                    }
                }
                record = *outer;
            }
        }
        self.indexed = nodes.len();
    }

    /// The base URI of the resource node `i` is in.
    pub fn base_of(&self, i: usize) -> Option<&str> {
        let record = *self.scope.get(i)?;
        self.records
            .get(record as usize)
            .map(|(b, _, _)| b.as_str())
    }

    /// The resource (base URI) of node `i`, as the index of the first record with
    /// that base in `canonical`.
    fn resource(&self, i: usize, canonical: &HashMap<&str, usize>) -> u32 {
        self.records
            .get(self.scope[i] as usize)
            .and_then(|(b, _, _)| canonical.get(b.as_str()))
            .map_or(u32::MAX, |&r| r as u32)
    }

    /// For each node, the resources (outermost first) of the first path from the
    /// root (node 0) that reaches it, through the structure and `edges` (the
    /// references); `None` for a node no path reaches.
    pub fn first_scopes(&self, edges: &[(NodeId, NodeId)]) -> Vec<Option<Vec<String>>> {
        let n = self.parent.len();
        let mut next: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (child, parent) in self.parent.iter().enumerate() {
            if let Some(p) = parent {
                next[p.0 as usize].push(child);
            }
        }
        for (from, to) in edges {
            next[from.0 as usize].push(to.0 as usize);
        }
        // `usize` values: the crate's one map of `&str`s to numbers.
        let mut canonical: HashMap<&str, usize> = HashMap::new();
        for (i, (b, _, _)) in self.records.iter().enumerate() {
            canonical.entry(b.as_str()).or_insert(i);
        }
        // Chains shared as a tree: (resource, parent chain).
        let mut links: Vec<(u32, usize)> = Vec::new();
        let mut chain_of: Vec<Option<usize>> = vec![None; n];
        if n > 0 {
            links.push((self.resource(0, &canonical), usize::MAX));
            chain_of[0] = Some(0);
        }
        let mut stack = if n > 0 { vec![0usize] } else { Vec::new() };
        while let Some(at) = stack.pop() {
            let chain = chain_of[at].expect("visited");
            for &to in next[at].iter().rev() {
                if chain_of[to].is_some() {
                    continue;
                }
                let r = self.resource(to, &canonical);
                let mut c = chain;
                let mut inside = false;
                while c != usize::MAX {
                    inside |= links[c].0 == r;
                    c = links[c].1;
                }
                chain_of[to] = Some(if inside {
                    chain
                } else {
                    links.push((r, chain));
                    links.len() - 1
                });
                stack.push(to);
            }
        }
        chain_of
            .iter()
            .map(|c| {
                let mut c = (*c)?;
                let mut out = Vec::new();
                while c != usize::MAX {
                    if let Some((b, _, _)) = self.records.get(links[c].0 as usize) {
                        out.push(b.clone());
                    }
                    c = links[c].1;
                }
                out.reverse();
                Some(out)
            })
            .collect()
    }
}

/// The object of `doc` whose `$id` is the absolute URI `uri` (without fragment),
/// found without recursion; `None` when there is none.
fn embedded<'v>(doc: &'v Value, uri: &str) -> Option<&'v Value> {
    let mut stack = vec![doc];
    while let Some(v) = stack.pop() {
        match v {
            Value::Object(map) => {
                let id = map.get("$id").and_then(Value::as_str);
                if id.is_some_and(|id| uri::split_fragment(id).0 == uri) {
                    return Some(v);
                }
                stack.extend(map.values());
            }
            Value::Array(items) => stack.extend(items),
            _ => {}
        }
    }
    None
}

fn anchor_name_ok(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_'))
}

impl Parser<'_> {
    /// The dialect in force.
    pub(super) fn draft(&self) -> Draft {
        self.scopes.last().map_or(self.default_draft, |s| s.draft)
    }

    /// The base URI in force.
    fn base(&self) -> &str {
        self.scopes.last().map_or(DEFAULT_BASE, |s| &s.base)
    }

    /// Reads the identifiers of the schema object at `ptr` (node `id`): `$id` and
    /// `$schema` (a new scope, pushed: returns true, and the caller pops it after
    /// the node), `$anchor`, `$dynamicAnchor`; and indexes the node.
    pub(super) fn enter(&mut self, map: &Map<String, Value>, ptr: &str, id: NodeId) -> bool {
        let parent_draft = self.draft();
        let is_doc_root = ptr.is_empty();
        let declared = map
            .get("$schema")
            .and_then(Value::as_str)
            .and_then(Draft::from_schema_uri);
        let draft = declared.unwrap_or(parent_draft);
        let overridden = draft.ref_overrides_siblings() && map.contains_key("$ref");
        // Each anchor with the keyword that declares it.
        let mut anchors: Vec<(String, bool, &str)> = Vec::new();
        let root_written = map.get("$id").and_then(Value::as_str).unwrap_or("");
        let mut new_base = None;
        match map.get("$id") {
            Some(Value::String(written)) if !overridden => {
                let resolved = uri::resolve(self.base(), written);
                let (resource, fragment) = uri::split_fragment(&resolved);
                if !fragment.is_empty() {
                    if draft == Draft::Draft07 && anchor_name_ok(fragment) {
                        // Draft 7's location-independent identifier: an anchor.
                        anchors.push((fragment.to_string(), false, "$id"));
                    } else {
                        self.error(
                            pointer::join(ptr, "$id"),
                            format!("an $id names a resource, without fragment; got \"{written}\" (name a place with $anchor)"),
                        );
                    }
                }
                if !uri::split_fragment(written).0.is_empty() {
                    self.declare(resource.to_string(), "$id", written, id, ptr);
                }
                if !resource.is_empty()
                    && (is_doc_root || resource != uri::split_fragment(self.base()).0)
                {
                    new_base = Some(resource.to_string());
                }
            }
            Some(Value::String(_)) | None => {}
            Some(other) => self.error(
                pointer::join(ptr, "$id"),
                format!("expected a URI reference, got {}", super::kind_of(other)),
            ),
        }
        for (key, dynamic) in [("$anchor", false), ("$dynamicAnchor", true)] {
            match map.get(key) {
                Some(Value::String(name)) if anchor_name_ok(name) => {
                    anchors.push((name.clone(), dynamic, key))
                }
                Some(v) => self.error(
                    pointer::join(ptr, key),
                    format!("an anchor is a name (a letter or '_', then letters, digits, '-', '.', '_'), got {v}"),
                ),
                None => {}
            }
        }
        let entered = is_doc_root || new_base.is_some();
        // Draft 2019-09: `$recursiveAnchor: true` at a resource's root is a dynamic
        // anchor of a name no `$dynamicAnchor` can write (`RECURSIVE`).
        match map.get("$recursiveAnchor") {
            Some(Value::Bool(true)) if entered && draft == Draft::Draft2019_09 => {
                anchors.push((RECURSIVE.to_string(), true, "$recursiveAnchor"))
            }
            Some(Value::Bool(_)) | None => {}
            Some(other) => self.error(
                pointer::join(ptr, "$recursiveAnchor"),
                format!("expected a boolean, got {}", super::kind_of(other)),
            ),
        }
        if entered {
            let base = new_base.unwrap_or_else(|| self.base().to_string());
            let (validation, format_assertion) = match map.get("$schema") {
                Some(Value::String(uri)) if declared.is_none() => self.vocabularies(uri, ptr),
                _ => self
                    .scopes
                    .last()
                    .map_or((true, false), |s| (s.validation, s.format_assertion)),
            };
            let outer = self.scopes.last().map(|s| s.record);
            let record = self.graph.record(&base, ptr, outer);
            self.scopes.push(Scope {
                base,
                draft,
                validation,
                format_assertion,
                record,
            });
        }
        let base = self.base().to_string();
        for (name, dynamic, keyword) in anchors {
            let key = format!("{base}#{name}");
            let written = if keyword == "$id" {
                root_written
            } else {
                &name
            };
            self.declare(key.clone(), keyword, written, id, ptr);
            if dynamic {
                self.dynamic_anchors.insert(key.clone());
            }
            self.index.entry(key).or_insert(id);
        }
        entered
    }

    /// Records that `keyword` of node `id` (at `ptr`) declares `uri` (a resource,
    /// or `resource#anchor`); a second node declaring it is refused, with both
    /// places (2020-12: identifiers are unique within a document). The same node
    /// may declare a name twice (`$anchor` and `$dynamicAnchor` alike).
    fn declare(&mut self, uri: String, keyword: &str, written: &str, id: NodeId, ptr: &str) {
        let at = pointer::join(ptr, keyword);
        let document = self.foreign.as_ref().map(|f| f.uri.clone());
        match self.declared.entry((document, uri)) {
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert((id, at));
            }
            std::collections::hash_map::Entry::Occupied(e) => {
                let (first, first_at) = e.get();
                if *first != id {
                    let what = if e.key().1.contains('#') {
                        "anchor"
                    } else {
                        "resource"
                    };
                    let uri = &e.key().1;
                    let resolved = if uri != written {
                        format!(" ({uri})")
                    } else {
                        String::new()
                    };
                    let message = format!(
                        "{keyword} \"{written}\"{resolved} declares the {what} a second time: it is declared at \"#{first_at}\" already (identifiers must be unique in a document)"
                    );
                    self.error(at, message);
                }
            }
        }
    }

    /// Whether the dialect of the meta-schema at `uri` (a `$schema` that names no
    /// draft) has the validation vocabulary, and the format-assertion one: read
    /// from its `$vocabulary` when it is a registered resource or embedded in the
    /// schema; a required vocabulary this validator does not know is refused. Any
    /// other meta-schema: the draft 2020-12 vocabularies (format annotates).
    fn vocabularies(&mut self, uri: &str, ptr: &str) -> (bool, bool) {
        let resources: &[(String, Value)] = self.resources;
        let uri = uri::split_fragment(uri).0;
        let document = resources
            .iter()
            .find(|(u, _)| u == uri)
            .map(|(_, d)| d)
            .or_else(|| embedded(self.root_doc, uri));
        let vocabularies = document
            .and_then(|d| d.get("$vocabulary"))
            .and_then(Value::as_object);
        let Some(vocabularies) = vocabularies else {
            return (true, false);
        };
        for (v, required) in vocabularies {
            if *required == Value::Bool(true) && !crate::keywords::Draft::knows_vocabulary(v) {
                self.error(
                    pointer::join(ptr, "$schema"),
                    format!("the meta-schema \"{uri}\" requires the vocabulary \"{v}\", which this validator does not know"),
                );
            }
        }
        (
            vocabularies.contains_key(crate::keywords::Draft::VALIDATION_VOCABULARY),
            // Present, whether required or not: this validator supports it.
            vocabularies.contains_key(crate::keywords::Draft::FORMAT_ASSERTION_VOCABULARY),
        )
    }

    /// Whether `format` is asserted where the walk is whatever the options say
    /// (the dialect has the format-assertion vocabulary).
    pub(super) fn asserts_formats(&self) -> bool {
        self.scopes.last().is_some_and(|s| s.format_assertion)
    }

    /// Whether the keyword `key` is read where the walk is: not when the dialect
    /// leaves out the validation vocabulary and `key` is one of its keywords.
    pub(super) fn reads(&self, key: &str) -> bool {
        self.scopes.last().is_none_or(|s| s.validation)
            || !crate::keywords::Draft::VALIDATION_KEYWORDS.contains(&key)
    }

    /// Node `id` is in the innermost scope: indexed there once a
    /// reference asks ([`ScopeGraph::index_pending`]).
    pub(super) fn place_node(&mut self, id: NodeId) {
        if let Some(scope) = self.scopes.last() {
            self.graph.place(id, scope.record);
        }
    }

    /// Records draft 2019-09's `$recursiveRef` (`v`, which must be `"#"`) of node
    /// `from`: a `$dynamicRef` to the `$recursiveAnchor` of its resource when that
    /// resource's root has `$recursiveAnchor: true` (the outermost such resource of
    /// the dynamic scope wins), a plain `$ref` to the resource's root otherwise.
    pub(super) fn push_recursive_ref(&mut self, from: NodeId, v: &Value, at: String) {
        if v.as_str() != Some("#") {
            self.error(at, format!("$recursiveRef must be \"#\", got {v}"));
            return;
        }
        let anchor = format!("{}#{RECURSIVE}", self.base());
        if self.dynamic_anchors.contains(&anchor) {
            self.push_ref(from, format!("#{RECURSIVE}"), at, true);
        } else {
            self.push_ref(from, "#".to_string(), at, false);
        }
    }

    /// Records a `$ref` (or `$dynamicRef`) of node `from`, written `written` at `at`.
    pub(super) fn push_ref(&mut self, from: NodeId, written: String, at: String, dynamic: bool) {
        let target = uri::resolve(self.base(), &written);
        let mut chain = Vec::with_capacity(self.scopes.len());
        for s in &self.scopes {
            chain.push(s.base.clone());
        }
        self.refs.push(PendingRef {
            from,
            target,
            written,
            at,
            dynamic,
            chain,
            draft: self.draft(),
        });
    }

    /// The node `target` (absolute) names, loading the document it is in if
    /// needed; `None` with the problem reported.
    fn target(&mut self, r: &PendingRef) -> Option<NodeId> {
        let (resource, fragment) = uri::split_fragment(&r.target);
        let Some(fragment) = pointer::percent_decode(fragment) else {
            self.error(
                r.at.clone(),
                format!("$ref \"{}\" has a malformed %-escape", r.written),
            );
            return None;
        };
        let key = format!("{resource}#{fragment}");
        if let Some(&id) = self.index.get(&key) {
            return Some(id);
        }
        let known = self.loaded.iter().any(|u| u == resource)
            || self.index.contains_key(&format!("{resource}#"));
        if !known {
            self.load(resource, r)?;
            if let Some(&id) = self.index.get(&key) {
                return Some(id);
            }
        }
        if fragment.starts_with('/') {
            if let Some(id) = self.walk_pointer(resource, &fragment, r) {
                return Some(id);
            }
        }
        let what = if fragment.is_empty() || fragment.starts_with('/') {
            "a schema"
        } else {
            "an anchor"
        };
        self.error(
            r.at.clone(),
            format!(
                "$ref \"{}\" does not name {what} in this document",
                r.written
            ),
        );
        None
    }

    /// The schema at the JSON pointer `fragment` of the document `resource` that
    /// the walk of its document did not reach (a value inside an annotation such
    /// as `#/examples/0`, or inside a keyword the walk does not read): walked now,
    /// in the dialect of that document's root, and indexed so that every other
    /// reference to it shares the node. `None` when there is no value there, or
    /// `resource` is not a whole document the parser holds (the schema, or one it
    /// loaded).
    fn walk_pointer(&mut self, resource: &str, fragment: &str, r: &PendingRef) -> Option<NodeId> {
        let root = resource == self.root_base || resource == DEFAULT_BASE;
        let resources: &[(String, Value)] = self.resources;
        let root_doc: &Value = self.root_doc;
        let doc = if root {
            root_doc
        } else if self.loaded.iter().any(|u| u == resource) {
            resources
                .iter()
                .find(|(u, _)| u == resource)
                .map(|(_, d)| d)
                .or_else(|| meta::document(resource))?
        } else {
            return None;
        };
        let value = doc.pointer(fragment)?;
        let draft = doc
            .get("$schema")
            .and_then(Value::as_str)
            .and_then(Draft::from_schema_uri)
            .unwrap_or(if root { self.default_draft } else { r.draft });
        let first = self.nodes.len();
        let saved = std::mem::take(&mut self.scopes);
        let saved_foreign = if root {
            self.foreign.take()
        } else {
            self.foreign.replace(Foreign {
                uri: resource.to_string(),
                at: r.at.clone(),
            })
        };
        let record = self.graph.record(resource, "", None);
        self.scopes.push(Scope {
            base: resource.to_string(),
            draft,
            validation: true,
            format_assertion: false,
            record,
        });
        let saved_filling = std::mem::take(&mut self.graph.filling);
        let id = self.node(value, fragment.to_string(), 0);
        self.graph.filling = saved_filling;
        self.graph.index_pending(&self.nodes, &mut self.index);
        self.scopes = saved;
        self.foreign = saved_foreign;
        if !root {
            for node in &mut self.nodes[first..] {
                node.origin = Some(format!("{resource}#{}", node.pointer));
                node.pointer = r.at.clone();
            }
        }
        Some(id)
    }

    /// Walks the registered (or bundled) document at `resource`; `None` with the
    /// problem reported when there is none.
    fn load(&mut self, resource: &str, r: &PendingRef) -> Option<()> {
        let resources: &[(String, Value)] = self.resources;
        let registered = resources
            .iter()
            .find(|(u, _)| u == resource)
            .map(|(_, d)| d);
        let Some(doc) = registered.or_else(|| meta::document(resource)) else {
            self.error(
                r.at.clone(),
                format!("$ref \"{}\" names \"{resource}\", which is neither in the schema nor registered: embed it (under $defs, with its URI as $id) or register it with {}; nothing is fetched", r.written, crate::OptionHint::RegisterResource.words()),
            );
            return None;
        };
        if self.loaded.len() >= MAX_DOCUMENTS {
            self.error(
                r.at.clone(),
                format!("the schema loads more than {MAX_DOCUMENTS} documents"),
            );
            return None;
        }
        self.loaded.push(resource.to_string());
        let first = self.nodes.len();
        let saved = std::mem::take(&mut self.scopes);
        let saved_foreign = self.foreign.replace(Foreign {
            uri: resource.to_string(),
            at: r.at.clone(),
        });
        // The document's own scope: its URI is the retrieval URI; an `$id` at its
        // root names it as well.
        let record = self.graph.record(resource, "", None);
        self.scopes.push(Scope {
            base: resource.to_string(),
            draft: r.draft,
            validation: true,
            format_assertion: false,
            record,
        });
        let saved_filling = std::mem::take(&mut self.graph.filling);
        self.node(doc, String::new(), 0);
        self.graph.filling = saved_filling;
        self.graph.index_pending(&self.nodes, &mut self.index);
        self.scopes = saved;
        self.foreign = saved_foreign;
        for node in &mut self.nodes[first..] {
            node.origin = Some(format!("{resource}#{}", node.pointer));
            node.pointer = r.at.clone();
        }
        Some(())
    }

    /// Resolves every reference, loading the documents they name.
    pub(super) fn resolve_refs(&mut self) {
        if self.refs.is_empty() {
            return;
        }
        self.graph.index_pending(&self.nodes, &mut self.index);
        let mut dynamic = Vec::new();
        while let Some(r) = self.refs.pop() {
            let Some(to) = self.target(&r) else { continue };
            if r.dynamic {
                dynamic.push((r, to));
            } else {
                self.set_reference(r.from, to, &r.at);
            }
        }
        if dynamic.is_empty() {
            return;
        }
        if self.resolve_dynamic_per_scope(&dynamic) {
            return;
        }
        // Past the bound of copies: the dynamic scope each node is first reached
        // in, the references' first targets counted as edges.
        let mut edges: Vec<(NodeId, NodeId)> = self
            .nodes
            .iter()
            .enumerate()
            .filter_map(|(i, n)| n.reference.map(|to| (NodeId(i as u32), to)))
            .collect();
        edges.extend(dynamic.iter().map(|(r, to)| (r.from, *to)));
        let scopes = self.graph.first_scopes(&edges);
        for (r, to) in dynamic {
            let chain = match &scopes[r.from.0 as usize] {
                Some(chain) => chain.clone(),
                None => r.chain.clone(),
            };
            let to = self.dynamic_target(&r, &chain, to);
            self.set_reference(r.from, to, &r.at);
        }
    }

    /// The `$dynamicRef`s (`dynamic`, with their static targets) resolved per
    /// dynamic scope by specialising the nodes (`parse::dynamic`); false, changing
    /// nothing, past its bound.
    fn resolve_dynamic_per_scope(&mut self, dynamic: &[(PendingRef, NodeId)]) -> bool {
        let mut names: Vec<String> = Vec::new();
        let mut specs = Vec::new();
        for (r, to) in dynamic {
            if let Some(name) = self.dynamic_name(&r.target) {
                let k = match names.iter().position(|n| n == name) {
                    Some(k) => k,
                    None => {
                        names.push(name.to_string());
                        names.len() - 1
                    }
                };
                specs.push(super::dynamic::DynamicRef {
                    from: r.from,
                    name: k,
                    to: *to,
                });
            }
        }
        let mut set = Vec::new();
        for (r, to) in dynamic {
            let node = &mut self.nodes[r.from.0 as usize];
            if node.reference.is_none() {
                node.reference = Some(*to);
                set.push(r.from);
            }
        }
        let unset = |p: &mut Self, set: &[NodeId]| {
            for id in set {
                p.nodes[id.0 as usize].reference = None;
            }
        };
        if specs.is_empty() {
            // Plain references only: their targets are final.
            unset(self, &set);
            for (r, to) in dynamic {
                self.set_reference(r.from, *to, &r.at);
            }
            return true;
        }
        if set.len() < dynamic.len() || !self.specialise_dynamic(&specs, &names) {
            unset(self, &set);
            return false;
        }
        true
    }

    /// `$dynamicRef`: when its target is a `$dynamicAnchor` of the same name, the
    /// outermost resource of the dynamic scope `chain` (outermost first) that
    /// declares that dynamic anchor wins. The scope is the one the reference is
    /// first reached in from the root (see [`ScopeGraph::first_scopes`]): a schema
    /// reached along two paths whose scopes name different anchors is read along
    /// the first.
    fn dynamic_target(&self, r: &PendingRef, chain: &[String], to: NodeId) -> NodeId {
        let (resource, name) = uri::split_fragment(&r.target);
        if name.is_empty() || name.starts_with('/') {
            return to;
        }
        if !self.dynamic_anchors.contains(&format!("{resource}#{name}")) {
            return to;
        }
        // The outermost scope first: the root, then the chain.
        let root = self.root_base.as_str();
        for base in std::iter::once(root).chain(chain.iter().map(String::as_str)) {
            let key = format!("{base}#{name}");
            if self.dynamic_anchors.contains(&key) {
                return self.index.get(&key).copied().unwrap_or(to);
            }
        }
        to
    }

    fn set_reference(&mut self, from: NodeId, to: NodeId, at: &str) {
        let node = &mut self.nodes[from.0 as usize];
        if node.reference.is_some() {
            self.error(
                at.to_string(),
                "a schema with both $ref and $dynamicRef is not supported yet",
            );
        } else {
            node.reference = Some(to);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::keywords::Draft;
    use crate::{Options, Schema};
    use serde_json::{json, Value};

    fn valid(schema: &Value, data: Value) -> bool {
        Schema::parse(schema)
            .unwrap()
            .is_valid_with(&data, &Options::SPEC)
    }

    #[test]
    fn ids_anchors_and_relative_references() {
        let s = json!({
            "$id": "http://example.com/root.json",
            "properties": {
                "a": {"$ref": "item.json"},
                "b": {"$ref": "#num"},
                "c": {"$ref": "http://example.com/nested/leaf.json#/$defs/s"},
                "d": {"$ref": "urn:example:thing"}
            },
            "$defs": {
                "item": {"$id": "item.json", "type": "integer"},
                "num": {"$anchor": "num", "type": "number"},
                "leaf": {"$id": "nested/leaf.json", "$defs": {"s": {"type": "string"}}},
                "urn": {"$id": "urn:example:thing", "const": 1}
            }
        });
        assert!(valid(&s, json!({"a": 1, "b": 1.5, "c": "x", "d": 1})));
        for bad in [
            json!({"a": 1.5}),
            json!({"b": "x"}),
            json!({"c": 1}),
            json!({"d": 2}),
        ] {
            assert!(!valid(&s, bad.clone()), "{bad}");
        }
    }

    #[test]
    fn pointers_are_relative_to_the_embedded_resource() {
        let s = json!({
            "$id": "http://example.com/a.json",
            "$defs": {
                "x": {"type": "string"},
                "inner": {
                    "$id": "b.json",
                    "$defs": {"x": {"type": "integer"}},
                    "$ref": "#/$defs/x"
                }
            },
            "$ref": "b.json"
        });
        assert!(valid(&s, json!(3)));
        assert!(!valid(&s, json!("3")));
    }

    #[test]
    fn registered_resources_and_bundled_meta_schemas() {
        let builder = Schema::builder().resource(
            "http://localhost:1234/int.json#",
            json!({"type": "integer"}),
        );
        let s = builder
            .parse(&json!({"items": {"$ref": "http://localhost:1234/int.json"}}))
            .unwrap();
        assert!(
            s.is_valid_with(&json!([1, 2]), &Options::SPEC)
                && !s.is_valid_with(&json!([1, "2"]), &Options::SPEC)
        );
        let e = Schema::parse(&json!({"$ref": "http://localhost:1234/int.json"})).unwrap_err();
        assert!(
            e.to_string()
                .contains("neither in the schema nor registered"),
            "{e}"
        );

        let meta = json!({"$ref": "https://json-schema.org/draft/2020-12/schema"});
        assert!(valid(&meta, json!({"type": "string", "minLength": 1})));
        assert!(!valid(&meta, json!({"minLength": -1})));
        assert!(!valid(&meta, json!({"properties": {"a": {"type": 3}}})));
        let meta7 = json!({"$ref": "http://json-schema.org/draft-07/schema#"});
        assert!(valid(&meta7, json!({"items": [{"type": "string"}]})));
        assert!(!valid(&meta7, json!({"items": [{"type": "strin"}]})));
    }

    #[test]
    fn dynamic_references_take_the_outermost_anchor() {
        // A tree whose nodes the root extends: `$dynamicRef` lands on the root's
        // anchor, so the extension's closing applies at every level.
        let tree = json!({
            "$id": "http://localhost:1234/tree",
            "$dynamicAnchor": "node",
            "type": "object",
            "properties": {
                "data": true,
                "children": {"type": "array", "items": {"$dynamicRef": "#node"}}
            }
        });
        let strict = json!({
            "$id": "http://localhost:1234/strict-tree",
            "$dynamicAnchor": "node",
            "$ref": "tree",
            "unevaluatedProperties": false
        });
        let _ = strict;
        let s = Schema::builder()
            .resource("http://localhost:1234/tree", tree)
            .parse(&json!({
                "$id": "http://localhost:1234/closed-tree",
                "$dynamicAnchor": "node",
                "$ref": "tree",
                "required": ["data"]
            }))
            .unwrap();
        assert!(s.is_valid_with(
            &json!({"data": 1, "children": [{"data": 2}]}),
            &Options::SPEC
        ));
        assert!(!s.is_valid_with(
            &json!({"data": 1, "children": [{"children": []}]}),
            &Options::SPEC
        ));
    }

    #[test]
    fn draft_7_semantics() {
        let b = Schema::builder().draft(Draft::Draft07);
        let s = b
            .parse(&json!({"items": [{"type": "integer"}], "additionalItems": false}))
            .unwrap();
        assert!(
            s.is_valid_with(&json!([1]), &Options::SPEC)
                && !s.is_valid_with(&json!([1, 2]), &Options::SPEC)
                && !s.is_valid_with(&json!(["a"]), &Options::SPEC)
        );
        // `$ref` overrides its siblings.
        let s = b
            .parse(&json!({"definitions": {"i": {"type": "integer"}}, "properties": {"a": {"$ref": "#/definitions/i", "maximum": 1}}}))
            .unwrap();
        assert!(
            s.is_valid_with(&json!({"a": 5}), &Options::SPEC)
                && !s.is_valid_with(&json!({"a": "x"}), &Options::SPEC)
        );
        // The same schema in 2020-12: the sibling applies.
        let s = Schema::parse(&json!({"$defs": {"i": {"type": "integer"}}, "properties": {"a": {"$ref": "#/$defs/i", "maximum": 1}}})).unwrap();
        assert!(!s.is_valid_with(&json!({"a": 5}), &Options::SPEC));
        // `$schema` selects the draft.
        let s = Schema::parse(&json!({"$schema": "http://json-schema.org/draft-07/schema#", "items": [{"type": "string"}]})).unwrap();
        assert!(
            s.is_valid_with(&json!(["a", 1]), &Options::SPEC)
                && !s.is_valid_with(&json!([1]), &Options::SPEC)
        );
        let e = Schema::parse(&json!({"items": [{"type": "string"}]})).unwrap_err();
        assert!(e.to_string().contains("prefixItems"), "{e}");
        let e = Schema::parse(&json!({"additionalItems": false})).unwrap_err();
        assert!(e.to_string().contains("drafts 7 and 2019-09"), "{e}");
        // Draft 7's `$id: "#name"` is an anchor.
        let s = b
            .parse(
                &json!({"definitions": {"a": {"$id": "#foo", "type": "integer"}}, "$ref": "#foo"}),
            )
            .unwrap();
        assert!(
            s.is_valid_with(&json!(1), &Options::SPEC)
                && !s.is_valid_with(&json!("1"), &Options::SPEC)
        );
    }

    #[test]
    fn a_custom_meta_schema_vocabularies() {
        let meta = |vocabularies: Value| json!({"$id": "http://x.example/meta", "$vocabulary": vocabularies});
        let core = "https://json-schema.org/draft/2020-12/vocab/core";
        let schema = json!({"$schema": "http://x.example/meta", "properties": {"n": {"minimum": 10}, "no": false}});
        let without = Schema::builder()
            .resource("http://x.example/meta", meta(json!({ core: true })))
            .parse(&schema)
            .unwrap();
        assert!(without.is_valid_with(&json!({"n": 1}), &Options::SPEC));
        assert!(!without.is_valid_with(&json!({"no": 1}), &Options::SPEC));
        let with = Schema::builder()
            .resource(
                "http://x.example/meta",
                meta(json!({ core: true, Draft::VALIDATION_VOCABULARY: true })),
            )
            .parse(&schema)
            .unwrap();
        assert!(!with.is_valid_with(&json!({"n": 1}), &Options::SPEC));
        let e = Schema::builder()
            .resource(
                "http://x.example/meta",
                meta(json!({ core: true, "http://x.example/vocab": true })),
            )
            .parse(&schema)
            .unwrap_err();
        assert!(e.to_string().contains("does not know"), "{e}");
        // Embedded in the schema, as a `tool_schema!` literal would hold it.
        let mut embedded = schema.clone();
        embedded["$defs"] = json!({"meta": meta(json!({ core: true }))});
        let s = Schema::parse(&embedded).unwrap();
        assert!(s.is_valid_with(&json!({"n": 1}), &Options::SPEC));
    }

    #[test]
    fn a_meta_schema_with_format_assertion_asserts_formats() {
        let core = "https://json-schema.org/draft/2020-12/vocab/core";
        let schema = json!({"$schema": "http://x.example/meta", "format": "ipv4", "items": {"format": "uint8"}});
        for required in [true, false] {
            let meta = json!({"$id": "http://x.example/meta", "$vocabulary": {
                core: true, Draft::FORMAT_ASSERTION_VOCABULARY: required
            }});
            let s = Schema::builder()
                .resource("http://x.example/meta", meta)
                .parse(&schema)
                .unwrap();
            // Spec mode leaves formats to the dialect, which asserts them here.
            assert!(!s.is_valid_with(&json!("1.2.3"), &Options::SPEC));
            assert!(s.is_valid_with(&json!("1.2.3.4"), &Options::SPEC));
            assert!(!s.is_valid_with(&json!([300]), &Options::SPEC));
        }
        // Without the vocabulary, spec mode annotates.
        let s = Schema::parse(&json!({"format": "ipv4"})).unwrap();
        assert!(s.is_valid_with(&json!("1.2.3"), &Options::SPEC));
    }

    #[test]
    fn references_to_nothing_are_refused() {
        for (s, needle) in [
            (json!({"$ref": "#nope"}), "does not name an anchor"),
            (json!({"$ref": "#/$defs/nope"}), "does not name a schema"),
            (json!({"$anchor": "1x"}), "an anchor is a name"),
            (json!({"$id": "http://x/y#frag"}), "without fragment"),
            (json!({"$ref": "other.json"}), "nor registered"),
        ] {
            let e = Schema::parse(&s).unwrap_err().to_string();
            assert!(e.contains(needle), "{s}: {e}");
        }
    }
}
