//! Generated object checks: the counts as calls of the runtime's
//! `keywords::object` decisions, then one pass over the members with a `match` on
//! the name (above 64 properties: the name's index in a sorted table, and static
//! tables by that index, see [`Tables`]). Missing required properties are found
//! first, by a pass over the names setting a bit per required property, and
//! reported before the members (`Sink::missing`); a node of more than 16
//! declared properties marks the bits in its pass over the members and moves
//! the missing ones first afterwards, as a sink not `settled` does. Past the 64
//! bits, more than 16 required names are checked from static tables in one loop
//! ([`RequiredTable`]).
//!
//! `root` says the node may check the root value (the schema's root, or a node
//! applied to the same value, see `root_applied`), which is the arguments object
//! when validated from `validate_with` but a nested value when another tool's
//! validator calls it, or when the node is also used deeper: positions and
//! closedness then depend on `t.is_root()` at run time.

use super::{any_test, fn_name, ok_name, option, report_if, report_made, rt};
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};
use std::collections::HashMap;
use tool_schema_engine::schema::{Additional, Node, NodeId, Property};

/// Above this many declared properties, a member's name is looked up in a sorted
/// table (a binary search, [`names_fn`]) and the walks index static tables with
/// it ([`Tables`]; a `match` on its index where `patternProperties` must be known
/// per name): a `match` on names is the fastest for a few dozen (the bench's
/// 30-property job takes a quarter of the instructions it takes with the table),
/// but its code and the compiler's time and memory grow with every name.
const WIDE: usize = 64;

/// The most declared properties of an object whose missing required properties
/// are found by a pass over its names before its members are walked. A wider
/// one's pass costs more than moving them (few: an object that misses them
/// all is rare) before the members' violations after the walk.
const PASSED: usize = 16;

/// Whether the node has more than [`WIDE`] declared properties.
pub(super) fn wide(node: &Node) -> bool {
    node.properties.as_ref().is_some_and(|p| p.len() > WIDE)
}

fn names_name(id: NodeId) -> Ident {
    format_ident!("__ts_names_{}", super::shared::name_of(id))
}

/// For a node with more than [`WIDE`] properties, `fn __ts_names_N(k: &str) ->
/// usize`: the index of declared property `k`, or `usize::MAX`; nothing for
/// other nodes.
pub(super) fn names_fn(node: &Node, id: NodeId) -> TokenStream {
    let props = node.properties.as_deref().unwrap_or(&[]);
    if props.len() <= WIDE {
        return quote!();
    }
    let mut sorted: Vec<(&str, usize)> = props
        .iter()
        .enumerate()
        .map(|(i, p)| (p.name.as_str(), i))
        .collect();
    sorted.sort_unstable();
    let n = sorted.len();
    let names = sorted.iter().map(|(name, _)| name);
    let index = sorted.iter().map(|(_, i)| *i as u32);
    let name = names_name(id);
    quote! {
        #[allow(clippy::all)]
        #[inline]
        fn #name(k: &str) -> usize {
            static NAMES: [&str; #n] = [#(#names),*];
            static INDEX: [u32; #n] = [#(#index),*];
            match NAMES.binary_search(&k) {
                ::core::result::Result::Ok(i) => INDEX[i] as usize,
                ::core::result::Result::Err(_) => usize::MAX,
            }
        }
    }
}

/// `match k.as_str() { "name" => ARM, ... FALLBACK }` (`arms`: one per declared
/// property, in order; `fallback`: the arms for other names, the last `_`), or
/// for a wide node `match __ts_names_N(k) { 0 => ARM, ... _ => match k.as_str()
/// { FALLBACK } }`.
fn dispatch(shape: &Shape<'_>, arms: Vec<TokenStream>, fallback: TokenStream) -> TokenStream {
    if shape.props.len() <= WIDE {
        let names = shape.props.iter().map(|p| &p.name);
        return quote!(match k.as_str() { #(#names => #arms)* #fallback });
    }
    let lookup = names_name(shape.id);
    let index = 0..arms.len();
    quote!(match #lookup(k.as_str()) { #(#index => #arms)* _ => match k.as_str() { #fallback } })
}

/// Whether the members of the node are dispatched through tables (see
/// [`Tables`]): a wide node whose declared names no pattern of
/// `patternProperties` needs to be known for.
fn tabled(shape: &Shape<'_>) -> bool {
    shape.props.len() > WIDE && shape.node.pattern_properties.is_empty()
}

/// For a wide node, one generic arm instead of a `match` arm per property (whose
/// code, in both walks, made two huge functions the compiler's time and memory
/// grew with): the declared property's index (from the names table) indexes
/// static tables of its name, its required bit, whether it is required, and its
/// subschema's boolean and reporting functions.
struct Tables {
    /// The static tables (items of the walk's body).
    items: TokenStream,
}

impl Tables {
    fn new(shape: &Shape<'_>, walk: bool) -> Tables {
        let rt = rt();
        let n = shape.props.len();
        let names = shape.props.iter().map(|p| &p.name);
        let bits = shape.bit_of.iter().map(|b| b.map_or(64u8, |b| b as u8));
        let required = shape.is_required.iter();
        let ok = quote!(fn(&#rt::serde_json::Value, bool, &#rt::Options) -> bool);
        let mut items = quote!(
            static BIT: [u8; #n] = [#(#bits),*];
            static REQUIRED: [bool; #n] = [#(#required),*];
        );
        items.extend(fn_table(
            "OK",
            &ok,
            shape.props.iter().map(|p| ok_name(p.node)),
        ));
        if walk {
            let walk = quote!(fn(&#rt::serde_json::Value, &#rt::Trail<'_>, #rt::Position, &#rt::Options, &mut #rt::Sink<'_>));
            items.extend(quote!(static NAME: [&str; #n] = [#(#names),*];));
            items.extend(fn_table(
                "WALK",
                &walk,
                shape.props.iter().map(|p| fn_name(p.node)),
            ));
        }
        Tables { items }
    }

    /// `seen |= BIT` for declared property `declared` (a run-time index), if any has a bit.
    fn mark(shape: &Shape<'_>) -> TokenStream {
        if shape.nbits == 0 {
            return quote!();
        }
        quote!(if BIT[declared] < 64 {
            seen |= 1u64 << BIT[declared];
        })
    }
}

/// The functions `fns` of the declared properties as two statics: `NAME_FNS:
/// [ty; k]`, each distinct function once, and `NAME_AT: [u32; n]`, each
/// property's entry in it (`NAME_FNS[NAME_AT[i] as usize]`). An array of a
/// function pointer per property cost the compiler memory per element that grew
/// faster than the array (10,000 entries: about 450 MB of the build's peak);
/// an array of integers costs next to nothing, and properties of one kind share
/// their functions.
fn fn_table(name: &str, ty: &TokenStream, fns: impl Iterator<Item = Ident>) -> TokenStream {
    let (fns_name, at_name) = (format_ident!("{}_FNS", name), format_ident!("{}_AT", name));
    let mut slot: HashMap<Ident, u32> = HashMap::new();
    let mut distinct = Vec::new();
    let mut at = Vec::new();
    for f in fns {
        let next = slot.len() as u32;
        at.push(*slot.entry(f.clone()).or_insert_with(|| {
            distinct.push(f);
            next
        }));
    }
    let (k, n) = (distinct.len(), at.len());
    quote!(
        static #fns_name: [#ty; #k] = [#(#distinct),*];
        static #at_name: [u32; #n] = [#(#at),*];
    )
}

/// The member dispatch of a tabled node: `arm` (for declared property
/// `declared`, a run-time index) or, for another name, `match k.as_str() { fallback }`.
fn tabled_dispatch(shape: &Shape<'_>, arm: TokenStream, fallback: TokenStream) -> TokenStream {
    let lookup = names_name(shape.id);
    quote!({
        let declared = #lookup(k.as_str());
        if declared != usize::MAX { #arm } else { match k.as_str() { #fallback } }
    })
}

/// What both walks' object checks of one node need to know.
struct Shape<'n> {
    node: &'n Node,
    id: NodeId,
    props: &'n [Property],
    /// The node may check the root value.
    root: bool,
    /// `additionalProperties: {schema}`.
    extra: Option<NodeId>,
    /// Undeclared names are rejected (closed, or `false`) rather than checked.
    may_reject: bool,
    /// Bit `bit_of[i]` of `seen` marks declared property `i` (required, among
    /// the first 64 such); `nbits` bits in all.
    bit_of: Vec<Option<usize>>,
    nbits: usize,
    /// Each name of `required`, in order, with its bit (`None`: looked up by
    /// name) and its declared index (`Node::declared_index`, found once here).
    required: Vec<(&'n str, Option<usize>, Option<usize>)>,
    /// Whether declared property `i` has aliases.
    aliased: Vec<bool>,
    /// Whether `required` names entry `i` of `properties` (by its name).
    is_required: Vec<bool>,
}

impl<'n> Shape<'n> {
    fn new(node: &'n Node, id: NodeId, root: bool) -> Shape<'n> {
        let props = node.properties.as_deref().unwrap_or(&[]);
        let closed = tool_schema_engine::schema::node_checks::object::closed(node, root);
        let extra = match node.additional {
            Additional::Schema(id) => Some(id),
            _ => None,
        };
        let may_reject = extra.is_none() && (closed || node.additional == Additional::Forbidden);
        let mut bit_of: Vec<Option<usize>> = vec![None; props.len()];
        let mut nbits = 0usize;
        let mut required = Vec::with_capacity(node.required.len());
        // Each name's first entry (a look-up per required name, not a search).
        let mut index: HashMap<&str, usize> = HashMap::new();
        for (i, p) in props.iter().enumerate() {
            index.entry(p.name.as_str()).or_insert(i);
        }
        let mut is_required = vec![false; props.len()];
        for name in &node.required {
            if let Some(&i) = index.get(name.as_str()) {
                is_required[i] = true;
            }
        }
        for name in &node.required {
            let at = index.get(name.as_str()).copied();
            let declared = at.map(|i| props[i].canonical(i));
            match at {
                Some(i) if nbits < 64 => {
                    bit_of[i] = Some(nbits);
                    required.push((name.as_str(), Some(nbits), declared));
                    nbits += 1;
                }
                _ => required.push((name.as_str(), None, declared)),
            }
        }
        let mut aliased = vec![false; props.len()];
        // An alias marks its property's bit (`keywords::alias`: any of its names
        // gives it).
        for (i, p) in props.iter().enumerate() {
            if let Some(d) = p.alias_of {
                bit_of[i] = bit_of[d];
                aliased[d] = true;
            }
        }
        Shape {
            node,
            id,
            props,
            root,
            extra,
            may_reject,
            bit_of,
            nbits,
            required,
            aliased,
            is_required,
        }
    }

    /// The schemas of the patterns of `patternProperties` that match declared
    /// name `name`, in order (decided when the code is generated).
    fn patterns_of<'a>(&'a self, name: &'a str) -> impl Iterator<Item = NodeId> + 'a {
        self.node
            .pattern_properties
            .iter()
            .filter(move |(p, _)| p.is_match(name))
            .map(|(_, s)| *s)
    }

    /// Whether the members are walked (`names`: for `propertyNames` too).
    fn visits(&self, names: bool) -> bool {
        !self.props.is_empty()
            || !self.node.pattern_properties.is_empty()
            || self.may_reject
            || self.extra.is_some()
            || (names && self.node.property_names.is_some())
    }

    /// Whether there is nothing to check, the members walked or not (`visit`).
    fn checks_nothing(&self, visit: bool) -> bool {
        let counts = self.node.min_properties.is_some() || self.node.max_properties.is_some();
        !visit && self.node.required.is_empty() && !counts && !has_dependents(self.node)
    }

    /// Whether undeclared names are closed out: `true` with `properties`; for a node
    /// that may check the root, `at_root` (the run-time test) unless its in-place
    /// subschemas declare the names (`node_checks::object::closed`); else `false`.
    fn closed_expr(&self, at_root: TokenStream) -> TokenStream {
        let closed = tool_schema_engine::schema::node_checks::object::closed;
        match (closed(self.node, false), closed(self.node, true)) {
            (true, _) => quote!(true),
            (false, true) if self.root => at_root,
            _ => quote!(false),
        }
    }

    /// The names the node's conditional subschemas declare that it does not:
    /// undeclared, but not refused by the closing alone
    /// (`node_checks::object::refuses_member`); none when `additionalProperties:
    /// false` refuses them anyway.
    fn conditional_names(&self) -> impl Iterator<Item = &'n String> + '_ {
        let forbidden = self.node.additional == Additional::Forbidden;
        self.node
            .conditional_names
            .iter()
            .filter(move |n| !forbidden && self.node.property(n).is_none())
    }

    /// The value of `seen` once every bit-marked property was met.
    fn all_bits(&self) -> u64 {
        if self.nbits == 64 {
            u64::MAX
        } else {
            (1u64 << self.nbits) - 1
        }
    }

    /// `let [mut] seen: u64 = 0;`
    fn seen_decl(&self) -> TokenStream {
        if self.nbits > 0 {
            quote!(let mut seen: u64 = 0;)
        } else {
            quote!(let seen: u64 = 0;)
        }
    }

    /// Whether entry `i` of `properties` (a property, or an alias of one) reads
    /// a required property.
    fn required_entry(&self, i: usize) -> bool {
        let d = self.props[i].canonical(i);
        self.is_required[d]
    }

    /// The names of each property with aliases, its own first: `&[(declared
    /// index, &[names])]`, for `keywords::alias`; `None` without aliases.
    fn alias_groups(&self) -> Option<TokenStream> {
        if !self.node.has_aliases() {
            return None;
        }
        let groups = self.node.alias_groups().map(|(d, names)| {
            let names = names.collect::<Vec<_>>();
            quote!((#d, &[#(#names),*] as &[&str]))
        });
        Some(quote!((&[#(#groups),*] as &[(usize, &[&str])])))
    }

    /// `seen |= BIT;` for declared property `i`, if it has a bit.
    fn mark(&self, i: usize) -> TokenStream {
        match self.bit_of[i] {
            Some(b) => {
                let mask = 1u64 << b;
                quote!(seen |= #mask;)
            }
            None => quote!(),
        }
    }
}

/// `Position::at(at_root, argument, declared, p)` for a node that may check the
/// root value (a member's position when it does, at run time); `p` otherwise.
fn position(shape: &Shape<'_>, argument: TokenStream, declared: TokenStream) -> TokenStream {
    let rt = rt();
    if shape.root {
        quote!(#rt::Position::at(at_root, #argument, #declared, p))
    } else {
        quote!(p)
    }
}

/// The position of member `i` whose declared index is `declared` (an
/// `Option<usize>` expression): see [`position`].
fn member_position(shape: &Shape<'_>, declared: TokenStream) -> TokenStream {
    position(shape, quote!(::core::option::Option::Some(i)), declared)
}

/// The `Additional` that `rejects_undeclared` is asked about.
fn additional_expr(a: Additional) -> TokenStream {
    let rt = rt();
    match a {
        Additional::Allowed => quote!(#rt::schema::Additional::Allowed),
        Additional::Forbidden => quote!(#rt::schema::Additional::Forbidden),
        // A schema for undeclared properties: none is rejected as such.
        Additional::Schema(_) => quote!(#rt::schema::Additional::Allowed),
        _ => quote!(#rt::schema::Additional::Unspecified),
    }
}

/// The yes/no checks of `m`, as `return false` (no `propertyNames`: such nodes
/// use the probe). `root`: the node may check the root value (the function's
/// `root` parameter says whether it does).
pub(super) fn ok_code(node: &Node, id: NodeId, root: bool) -> TokenStream {
    let rt = rt();
    let shape = Shape::new(node, id, root);
    let visit = shape.visits(false);
    if shape.checks_nothing(visit) {
        return quote!();
    }
    let mut code = Vec::new();
    if node.min_properties.is_some() || node.max_properties.is_some() {
        let (min, max) = (option(node.min_properties), option(node.max_properties));
        code.push(quote!(
            if !#rt::keywords::object::count_ok(#min, #max, m.len() as u64) { return false; }
        ));
    }
    code.push(shape.seen_decl());
    if visit {
        code.push(ok_members(&shape));
    }
    if let Some(groups) = shape.alias_groups() {
        code.push(quote!(
            if !#rt::keywords::alias::one_name_each(#groups.iter().map(|g| g.1.iter().copied()), m) { return false; }
        ));
    }
    if shape.nbits > 0 {
        let all_bits = shape.all_bits();
        code.push(quote!(if seen != #all_bits { return false; }));
    }
    if let Some(table) = RequiredTable::new(&shape) {
        let absent = table.any_absent();
        code.push(quote!(if #absent { return false; }));
    } else {
        for (name, bit, declared) in &shape.required {
            if bit.is_some() {
                continue;
            }
            let names: Vec<&str> = match declared {
                Some(d) => node.names_of(*d).collect(),
                None => vec![name],
            };
            code.push(quote!(if !#rt::keywords::alias::group_present([#(#names),*].into_iter(), m) { return false; }));
        }
    }
    code.push(ok_dependents(node));
    quote!(#(#code)*)
}

/// Whether the node has `dependentRequired` or `dependentSchemas`.
fn has_dependents(node: &Node) -> bool {
    !node.dependent_required.is_empty() || !node.dependent_schemas.is_empty()
}

/// The yes/no checks of `dependentRequired` and `dependentSchemas`.
fn ok_dependents(node: &Node) -> TokenStream {
    let rt = rt();
    let required = node.dependent_required.iter().map(|(name, needs)| {
        quote!(if !#rt::keywords::object::dependencies_met(|k: &str| m.contains_key(k), #name, &[#(#needs),*] as &[&str]) { return false; })
    });
    let schemas = node.dependent_schemas.iter().map(|d| {
        let (name, f) = (&d.name, ok_name(d.node));
        quote!(if m.contains_key(#name) && !#f(v, root, o) { return false; })
    });
    quote!(#(#required)* #(#schemas)*)
}

/// The reporting checks of `dependentRequired` then `dependentSchemas`, each
/// entry in order, as the interpreter's `dependents`.
fn dependents(node: &Node) -> TokenStream {
    if !has_dependents(node) {
        return quote!();
    }
    let rt = rt();
    let declared = super::declared_fn(node);
    let required = node.dependent_required.iter().map(|(name, needs)| {
        quote!(#rt::keywords::object::dependent_required(m, #name, &[#(#needs),*] as &[&str], t.is_root(), #declared, t, p, out);)
    });
    let schemas = node.dependent_schemas.iter().map(|d| {
        let (name, f) = (&d.name, fn_name(d.node));
        quote!(#rt::keywords::applicators::dependent_schema(m, #name, |sink: &mut #rt::Sink<'_>| #f(v, t, p, o, sink), t, out);)
    });
    quote!(#(#required)* #(#schemas)*)
}

/// The yes/no pass over the members.
fn ok_members(shape: &Shape<'_>) -> TokenStream {
    let arms = shape.props.iter().enumerate().map(|(i, prop)| {
        let pname = &prop.name;
        let child = ok_name(prop.node);
        let mark = shape.mark(i);
        // The schemas of the patterns that match this name, known now.
        let patterns = shape.patterns_of(pname).map(|s| {
            let f = ok_name(s);
            quote!(&& #f(val, false, o))
        });
        let patterns: Vec<TokenStream> = patterns.collect();
        let valid = if patterns.is_empty() {
            quote!(#child(val, false, o))
        } else {
            quote!((#child(val, false, o) #(#patterns)*))
        };
        let call = if shape.required_entry(i) {
            quote!(if !#valid { return false; })
        } else {
            quote!(if !(o.null_is_absent && val.is_null()) && !#valid { return false; })
        };
        quote!({ #mark #call })
    });
    let patterns = ok_patterns(shape.node);
    let unmatched = unmatched(shape.node);
    let fallback = if let Some(extra) = shape.extra {
        let f = ok_name(extra);
        quote!(_ => { #patterns if #unmatched !#f(val, false, o) { return false; } })
    } else if shape.may_reject {
        let additional = additional_expr(shape.node.additional);
        let closed = shape.closed_expr(quote!(root));
        let rt = rt();
        let open = shape
            .conditional_names()
            .map(|name| quote!(#name => { #patterns }));
        quote!(#(#open)* _ => { #patterns if #unmatched #rt::keywords::object::rejects_undeclared(o.undeclared, #closed, #additional) { return false; } })
    } else {
        quote!(_ => { #patterns })
    };
    if tabled(shape) {
        let Tables { items } = Tables::new(shape, false);
        let mark = Tables::mark(shape);
        let arm = quote!({
            #mark
            if !(!REQUIRED[declared] && o.null_is_absent && val.is_null()) && !OK_FNS[OK_AT[declared] as usize](val, false, o) { return false; }
        });
        let dispatch = tabled_dispatch(shape, arm, fallback);
        return quote!({
            #items
            for (k, val) in m.iter() {
                #dispatch
            }
        });
    }
    let dispatch = dispatch(shape, arms.collect(), fallback);
    quote!(
        for (k, val) in m.iter() {
            #dispatch
        }
    )
}

/// `!patterned &&` where the node has `patternProperties` (an undeclared member
/// no pattern matches), nothing otherwise.
fn unmatched(node: &Node) -> TokenStream {
    if node.pattern_properties.is_empty() {
        quote!()
    } else {
        quote!(!patterned &&)
    }
}

/// The `patternProperties` set of `node`, built once: an expression of type
/// `&'static PatternSet`.
pub(super) fn pattern_set(node: &Node) -> TokenStream {
    let rt = rt();
    let translated = node.pattern_properties.iter().map(|(p, _)| &p.translated);
    quote!({
        static SET: ::std::sync::OnceLock<#rt::schema::PatternSet> = ::std::sync::OnceLock::new();
        SET.get_or_init(|| #rt::schema::PatternSet::from_translated(&[#(#translated),*]).expect("patterns checked at compile time"))
    })
}

/// For an undeclared member `k`: `let patterned` (some pattern matches `k`),
/// and `return false` when the member fails the schema of one that does.
fn ok_patterns(node: &Node) -> TokenStream {
    if node.pattern_properties.is_empty() {
        return quote!();
    }
    let set = pattern_set(node);
    let arms = node
        .pattern_properties
        .iter()
        .enumerate()
        .map(|(i, (_, s))| {
            let f = ok_name(*s);
            quote!(#i => #f(val, false, o),)
        });
    quote!(
        let mut patterned = false;
        if !#set.each_match(k, |i| { patterned = true; match i { #(#arms)* _ => true } }) { return false; }
    )
}

/// For an undeclared member `k` (name checked, `at` set): `let patterned`, and
/// the member reported against the schema of each pattern that matches `k`.
fn patterns(node: &Node) -> TokenStream {
    if node.pattern_properties.is_empty() {
        return quote!();
    }
    let set = pattern_set(node);
    let rt = rt();
    let arms = node
        .pattern_properties
        .iter()
        .enumerate()
        .map(|(i, (_, s))| {
            let (f, ok) = (fn_name(*s), ok_name(*s));
            quote!(#i => if !#ok(val, false, o) && out.must_report() { #f(val, &t, at, o, out) },)
        });
    quote!(
        let mut patterned = false;
        #set.each_match(k, |i| {
            patterned = true;
            let t: #rt::Trail<'_> = t.key(k);
            match i { #(#arms)* _ => {} }
            true
        });
    )
}

/// The reporting checks of `m`.
pub(super) fn code(node: &Node, id: NodeId, root: bool) -> TokenStream {
    let shape = Shape::new(node, id, root);
    let visit = shape.visits(true);
    if shape.checks_nothing(visit) {
        return quote!();
    }
    let mut code = Vec::new();
    if root {
        code.push(quote!(let at_root = t.is_root();));
    }
    code.push(counts(node));
    code.push(quote!(let start = out.mark();));
    // Missing required properties are found before the members are walked
    // (a pass over the names) and recorded first, where they are reported,
    // rather than moved there afterwards; a node of more than `PASSED`
    // properties marks them as the members are walked (in its tables when wide).
    let first = !shape.required.is_empty() && shape.props.len() <= PASSED;
    if first {
        code.push(seen_first(&shape));
        code.push(missing_first(&shape));
    } else {
        code.push(shape.seen_decl());
        code.push(quote!(let members_start = start;));
    }
    if visit {
        code.push(members(&shape, !first));
        code.push(same_argument(&shape));
        code.push(suggestions(&shape));
    }
    code.push(dependents(node));
    if first {
        code.push(quote!(if early {
            out.charge_missing(members_start - start);
        } else {
            let from = out.mark();
            missing_now(out, false);
            out.move_back(start, from);
        }));
    } else {
        code.push(missing(&shape));
    }
    quote!(#(#code)*)
}

/// `let seen`: the bit of each required property the object gives (under any
/// of its names), from a pass over its names.
fn seen_first(shape: &Shape<'_>) -> TokenStream {
    if shape.nbits == 0 {
        return quote!(let seen: u64 = 0;);
    }
    let arms = shape.props.iter().enumerate().filter_map(|(i, p)| {
        let mask = 1u64 << shape.bit_of[i]?;
        let name = &p.name;
        Some(quote!(#name => seen |= #mask,))
    });
    quote!(
        let seen: u64 = {
            let mut seen: u64 = 0;
            for k in m.keys() {
                match k.as_str() { #(#arms)* _ => {} }
            }
            seen
        };
    )
}

/// `missing_now(out, first)`, which reports the missing required properties
/// (`first`: before the members, see `Sink::missing`), called now when the
/// sink is `settled` (`let early`), else after the members (one closure for
/// both: the checks are written once); then `let members_start`.
fn missing_first(shape: &Shape<'_>) -> TokenStream {
    let rt = rt();
    let (tests, checks) = missing_checks(
        shape,
        |trail, pos| quote!(out.missing(first, #trail, #pos);),
    );
    let any_missing = any_test(&tests);
    quote!(
        let missing_now = |out: &mut #rt::Sink<'_>, first: bool| {
            if #any_missing {
                if out.is_probe() {
                    out.fail();
                } else {
                    #(#checks)*
                }
            }
        };
        let early = out.settled();
        if early {
            missing_now(out, true);
        }
        let members_start = out.mark();
    )
}

/// `minProperties` and `maxProperties`, reported.
fn counts(node: &Node) -> TokenStream {
    let rt = rt();
    if node.min_properties.is_none() && node.max_properties.is_none() {
        return quote!();
    }
    let mut code = vec![quote!(let count = m.len() as u64;)];
    if let Some(limit) = node.min_properties {
        code.push(report_if(
            quote!(#rt::keywords::object::min_properties(#limit, count)),
        ));
    }
    if let Some(limit) = node.max_properties {
        code.push(report_if(
            quote!(#rt::keywords::object::max_properties(#limit, count)),
        ));
    }
    quote!(#(#code)*)
}

/// `let at = POSITION;` then, with `propertyNames`, the member's name checked.
fn name_check(shape: &Shape<'_>, pos: &TokenStream) -> TokenStream {
    let rt = rt();
    match shape.node.property_names {
        Some(id) => {
            let f = fn_name(id);
            quote!(
                let at = #pos;
                #rt::keywords::applicators::property_name(k, |name: &#rt::serde_json::Value, sink: &mut #rt::Sink<'_>| #f(name, t, at, o, sink), t, at, out);
            )
        }
        None => quote!(let at = #pos;),
    }
}

/// The reporting pass over the members: a `match` arm per declared property,
/// the fallback for undeclared ones; `marks`: each required one met is marked
/// in `seen` (unless a pass over the names did it before).
fn members(shape: &Shape<'_>, marks: bool) -> TokenStream {
    let some = quote!(::core::option::Option::Some);
    let arms = shape.props.iter().enumerate().map(|(i, prop)| {
        let pname = &prop.name;
        let d = prop.canonical(i);
        let names = name_check(shape, &member_position(shape, quote!(#some(#d))));
        let mark = match marks {
            true => shape.mark(i),
            false => quote!(),
        };
        let call = member_call(shape, i, prop);
        quote!({ #names #mark let t = t.name(#pname); #call })
    });
    let fallback = undeclared(shape);
    let (items, dispatch) = if tabled(shape) {
        let Tables { items } = Tables::new(shape, true);
        let names = name_check(shape, &member_position(shape, quote!(#some(declared))));
        let mark = Tables::mark(shape);
        let arm = quote!({
            #names
            #mark
            let t = t.name(NAME[declared]);
            if !(!REQUIRED[declared] && o.null_is_absent && val.is_null()) && !OK_FNS[OK_AT[declared] as usize](val, false, o) && out.must_report() {
                WALK_FNS[WALK_AT[declared] as usize](val, &t, at, o, out);
            }
        });
        (items, tabled_dispatch(shape, arm, fallback))
    } else {
        (quote!(), dispatch(shape, arms.collect(), fallback))
    };
    let walk = quote!(
        for (i, (k, val)) in m.iter().enumerate() {
            #dispatch
        }
    );
    if items.is_empty() {
        walk
    } else {
        quote!({ #items #walk })
    }
}

/// A declared member checked: the boolean check first, and only a failing value
/// walked again to report (a valid property costs what the valid path does). An
/// optional property given as `null` may count as absent.
fn member_call(shape: &Shape<'_>, i: usize, prop: &Property) -> TokenStream {
    let (child, ok) = (fn_name(prop.node), ok_name(prop.node));
    // Then the schemas of the patterns that match this name, known now.
    let patterns = shape.patterns_of(&prop.name).map(|s| {
        let (f, ok) = (fn_name(s), ok_name(s));
        quote!(if !#ok(val, false, o) && out.must_report() { #f(val, &t, at, o, out); })
    });
    let patterns: Vec<TokenStream> = patterns.collect();
    let required = shape.required_entry(i);
    if patterns.is_empty() {
        return if required {
            quote!(if !#ok(val, false, o) && out.must_report() { #child(val, &t, at, o, out); })
        } else {
            quote!(if !(o.null_is_absent && val.is_null()) && !#ok(val, false, o) && out.must_report() { #child(val, &t, at, o, out); })
        };
    }
    let calls = quote!(if !#ok(val, false, o) && out.must_report() { #child(val, &t, at, o, out); } #(#patterns)*);
    if required {
        calls
    } else {
        quote!(if !(o.null_is_absent && val.is_null()) { #calls })
    }
}

/// The arm for an undeclared member: checked against `additionalProperties`'
/// schema, rejected, or let through.
fn undeclared(shape: &Shape<'_>) -> TokenStream {
    let rt = rt();
    let none = quote!(::core::option::Option::None);
    let names = name_check(shape, &member_position(shape, none));
    let patterns = patterns(shape.node);
    let unmatched = unmatched(shape.node);
    if let Some(extra) = shape.extra {
        let (f, ok) = (fn_name(extra), ok_name(extra));
        quote!(_ => { #names #patterns let t = t.key(k); if #unmatched !#ok(val, false, o) && out.must_report() { #f(val, &t, at, o, out); } })
    } else if shape.may_reject {
        let additional = additional_expr(shape.node.additional);
        let closed = shape.closed_expr(quote!(at_root));
        let push = report_made(quote!(#rt::Kind::Unexpected), quote!(&t.key(k)), quote!(at));
        let open = shape
            .conditional_names()
            .map(|name| quote!(#name => { #names #patterns }));
        quote!(#(#open)* _ => { #names #patterns if #unmatched #rt::keywords::object::rejects_undeclared(o.undeclared, #closed, #additional) { #push } })
    } else {
        quote!(_ => { #names #patterns })
    }
}

/// A property given under two of its names, reported (`keywords::alias`).
fn same_argument(shape: &Shape<'_>) -> TokenStream {
    let Some(groups) = shape.alias_groups() else {
        return quote!();
    };
    let rt = rt();
    let at_root = if shape.root {
        quote!(at_root)
    } else {
        quote!(false)
    };
    quote!(
        if !#rt::keywords::alias::one_name_each(#groups.iter().map(|g| g.1.iter().copied()), m) {
            #rt::keywords::alias::report_same_argument(#groups.iter().map(|g| (g.0, g.1.iter().copied())), m, #at_root, t, p, out);
        }
    )
}

/// Where undeclared names may be refused: once the members reported something,
/// each refused name gets the declared one it likely misspells (the runtime's
/// `keywords::object::suggest_names`, given the declared names as a static list).
fn suggestions(shape: &Shape<'_>) -> TokenStream {
    if !shape.may_reject {
        return quote!();
    }
    let rt = rt();
    let names = shape.props.iter().map(|p| &p.name);
    if shape.node.has_aliases() {
        // The names of the properties the object gives under none of their names.
        let canonical = shape.props.iter().enumerate().map(|(i, p)| p.canonical(i));
        let count = shape.node.declared_properties().len();
        return quote!(
            if out.mark() > members_start {
                const NAMES: &[(&str, usize)] = &[#((#names, #canonical)),*];
                let open = #rt::keywords::alias::open_names(NAMES.iter().copied(), #count, m);
                #rt::keywords::object::suggest_names(out, members_start, t, open.iter().copied(), |_: &str| false);
            }
        );
    }
    // Each name folded now (`suggest::Known`), so that a lookup leaves most
    // of them after a test of their masks.
    let known = shape.props.iter().map(|p| {
        let (folded, len, mask) = tool_schema_engine::suggest::Known::of(&p.name);
        let name = &p.name;
        quote!(#rt::suggest::Known { name: #name, folded: #folded, len: #len, mask: #mask })
    });
    quote!(
        if out.mark() > members_start {
            const NAMES: &[#rt::suggest::Known] = &[#(#known),*];
            #rt::keywords::object::suggest_known_names(out, members_start, t, NAMES, m);
        }
    )
}

/// Missing required properties, reported after the pass and moved before what
/// it reported.
fn missing(shape: &Shape<'_>) -> TokenStream {
    if shape.required.is_empty() {
        return quote!();
    }
    let rt = rt();
    let (tests, checks) = missing_checks(shape, |trail, pos| {
        report_made(quote!(#rt::Kind::Missing), trail, pos)
    });
    let any_missing = any_test(&tests);
    quote!(
        if #any_missing {
            if out.is_probe() {
                out.fail();
            } else {
                let from = out.mark();
                #(#checks)*
                out.move_back(start, from);
            }
        }
    )
}

/// For the missing required properties: the tests of which one of them is
/// (any missing), and for each, its check and `push` (of its trail and
/// position) when it is missing.
fn missing_checks(
    shape: &Shape<'_>,
    push: impl Fn(TokenStream, TokenStream) -> TokenStream,
) -> (Vec<TokenStream>, Vec<TokenStream>) {
    let rt = rt();
    let (some, none) = (
        quote!(::core::option::Option::Some),
        quote!(::core::option::Option::None),
    );
    let mut missing_test = Vec::new();
    if shape.nbits > 0 {
        let all_bits = shape.all_bits();
        missing_test.push(quote!(seen != #all_bits));
    }
    if let Some(table) = RequiredTable::new(shape) {
        missing_test.push(table.any_absent());
        let push = push(
            quote!(&t.name(name)),
            position(shape, quote!(#none), quote!(declared)),
        );
        return (missing_test, vec![table.each_absent(push)]);
    }
    let mut checks = Vec::new();
    for &(name, bit, d) in &shape.required {
        let declared = match d {
            Some(i) => quote!(#some(#i)),
            None => quote!(#none),
        };
        // Absent: under none of its names.
        let absent = match d {
            Some(d) if shape.aliased[d] => {
                let names = shape.node.names_of(d);
                quote!(!#rt::keywords::alias::group_present([#(#names),*].into_iter(), m))
            }
            _ => quote!(!m.contains_key(#name)),
        };
        let pos = position(shape, quote!(#none), declared);
        let push = push(quote!(&t.name(#name)), pos);
        match bit {
            Some(b) => {
                let mask = 1u64 << b;
                checks.push(quote!(if seen & #mask == 0 { #push }));
            }
            None => {
                missing_test.push(absent.clone());
                checks.push(quote!(if #absent { #push }));
            }
        }
    }
    (missing_test, checks)
}

/// Above this many required names without a bit in `seen`, they are checked
/// through static tables (one loop) rather than a test per name, whose code made
/// the compiler's time grow faster than the list (10,000 required names: 40 s).
const REQUIRED_TABLE: usize = 16;

/// A node's required names as static tables, in `required`'s order: each name,
/// the bit that marks it in `seen` (0: none, looked up in the object) and its
/// declared index (`u32::MAX`: undeclared). Only for a node of more than
/// [`REQUIRED_TABLE`] names without a bit, none of them a property with
/// aliases (whose absence is under every name, `keywords::alias`).
struct RequiredTable {
    names: Vec<String>,
    masks: Vec<u64>,
    declared: Vec<u32>,
}

impl RequiredTable {
    fn new(shape: &Shape<'_>) -> Option<RequiredTable> {
        let unbitted = shape.required.iter().filter(|(_, b, _)| b.is_none());
        if unbitted.clone().count() <= REQUIRED_TABLE {
            return None;
        }
        if unbitted
            .clone()
            .any(|(_, _, d)| d.is_some_and(|d| shape.aliased[d]))
        {
            return None;
        }
        let mut table = RequiredTable {
            names: Vec::new(),
            masks: Vec::new(),
            declared: Vec::new(),
        };
        for (name, bit, d) in &shape.required {
            table.names.push(name.to_string());
            table.masks.push(bit.map_or(0, |b| 1u64 << b));
            table.declared.push(d.map_or(u32::MAX, |d| d as u32));
        }
        Some(table)
    }

    /// Whether a name without a bit is absent from `m`.
    fn any_absent(&self) -> TokenStream {
        let names = self
            .names
            .iter()
            .zip(&self.masks)
            .filter(|(_, m)| **m == 0)
            .map(|(n, _)| n);
        let n = names.clone().count();
        quote!({
            static ABSENT: [&str; #n] = [#(#names),*];
            ABSENT.iter().any(|k| !m.contains_key(*k))
        })
    }

    /// `push` (with `name` and `declared` bound) for each required name absent
    /// from the object, in order.
    fn each_absent(&self, push: TokenStream) -> TokenStream {
        let n = self.names.len();
        let (names, masks, declared) = (&self.names, &self.masks, &self.declared);
        quote!({
            static NAMES: [&str; #n] = [#(#names),*];
            static MASKS: [u64; #n] = [#(#masks),*];
            static DECLARED: [u32; #n] = [#(#declared),*];
            for e in 0..#n {
                let (name, mask) = (NAMES[e], MASKS[e]);
                let absent = if mask != 0 { seen & mask == 0 } else { !m.contains_key(name) };
                if absent {
                    let declared = match DECLARED[e] {
                        u32::MAX => ::core::option::Option::None,
                        d => ::core::option::Option::Some(d as usize),
                    };
                    #push
                }
            }
        })
    }
}
