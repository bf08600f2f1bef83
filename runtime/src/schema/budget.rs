//! Parse-time bounds on what validating against a schema may cost, so that every
//! back end (interpreter, generated code, text path) is covered by one refusal:
//!
//! - `$ref` chains: a node that is only a `$ref` is skipped by every reference
//!   to it (references point at the end of the chain), so a chain of 15,000
//!   `$ref`s to `$ref`s costs one hop;
//! - hops: the longest chain of in-place applicator hops (`$ref`, `allOf`,
//!   `anyOf`, `oneOf`, `not`) that a validator recurses through at one value
//!   location is at most [`MAX_HOPS`];
//! - expansion: the number of schema evaluations at any one value location is at
//!   most [`MAX_EVALUATIONS`] (see [`check_expansion`]).
//!
//! Every walk here is iterative: none recurses on the native stack in proportion
//! to the schema.

use super::{Additional, Diagnostic, Node, NodeId};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet, VecDeque};

/// The longest chain of in-place applicator hops allowed at one value location.
///
/// Chosen from measurement (release build, 2 MiB thread): a hop costs about 0.25 KB
/// of native stack in the interpreter's yes/no walk and 1.2 KB in its reporting walk
/// (a value level 0.6 KB and 1.7 KB), generated code inlines such chains; so 128 value
/// levels of 8 hops each take at most about 1.5 MB. The schemas of the conformance
/// corpora have at most 2.
pub const MAX_HOPS: usize = 8;

/// The most schema evaluations a validator may perform at one value location,
/// beyond one per node of the schema: a schema without shared definitions never
/// evaluates a node twice at one location (a `oneOf` of 3,000 `const`s is 3,001
/// evaluations, linear in the schema), so only sharing that multiplies is refused.
pub const MAX_EVALUATIONS: u64 = 1000;

/// Value depth explored by the expansion analysis: the default run-time depth
/// limit ([`crate::Options::DEFAULT_MAX_DEPTH`]), past which no value is
/// validated, so the analysis covers every value a default validator walks.
pub const ANALYSED_DEPTH: usize = crate::Options::DEFAULT_MAX_DEPTH;

/// Work units the expansion analysis may spend, beyond a share proportional to
/// the schema's size ([`WORK_PER_NODE`] per node): past it the schema is refused
/// as too ambiguous to analyse.
pub const BASE_WORK: u64 = 1_000_000;

/// See [`BASE_WORK`].
pub const WORK_PER_NODE: u64 = 64;

/// Number of in-place edges of `node` (`$ref`, `allOf`, `anyOf`, `oneOf`, `not`,
/// `if`, `then`, `else`, `dependentSchemas`).
pub(crate) fn edge_count(node: &Node) -> usize {
    node.reference.is_some() as usize
        + node.all_of.len()
        + node.any_of.len()
        + node.one_of.len()
        + node.not.is_some() as usize
        + node.dependent_schemas.len()
        + node.if_schema.is_some() as usize
        + node.then_schema.is_some() as usize
        + node.else_schema.is_some() as usize
}

/// In-place edge `i` of `node` (`i < edge_count(node)`), without allocating.
pub(crate) fn edge(node: &Node, mut i: usize) -> NodeId {
    if let Some(r) = node.reference {
        if i == 0 {
            return r;
        }
        i -= 1;
    }
    for list in [&node.all_of, &node.any_of, &node.one_of] {
        if i < list.len() {
            return list[i];
        }
        i -= list.len();
    }
    for one in [node.not, node.if_schema, node.then_schema, node.else_schema]
        .into_iter()
        .flatten()
    {
        if i == 0 {
            return one;
        }
        i -= 1;
    }
    node.dependent_schemas[i].node
}

/// Whether the node holds nothing but a `$ref` (annotations aside are not
/// skipped: exports read them).
fn only_ref(node: &Node) -> bool {
    node.reference.is_some() && node.keywords.len() == 1
}

/// Points every `$ref` past nodes that are only a `$ref`, to the end of the chain.
/// A chain that loops is left as it is (the cycle check refuses it).
pub(crate) fn shorten_ref_chains(nodes: &mut [Node]) {
    const UNKNOWN: u32 = u32::MAX;
    // end[i]: for a node that is only a `$ref`, where its chain ends.
    let mut end = vec![UNKNOWN; nodes.len()];
    let mut chain: Vec<usize> = Vec::new();
    let mut on_chain = vec![false; nodes.len()];
    for start in 0..nodes.len() {
        if !only_ref(&nodes[start]) || end[start] != UNKNOWN {
            continue;
        }
        chain.clear();
        let mut at = start;
        let last = loop {
            if end[at] != UNKNOWN {
                break end[at];
            }
            if !only_ref(&nodes[at]) {
                break at as u32;
            }
            if on_chain[at] {
                // A loop of bare references: leave it for the cycle check.
                break UNKNOWN;
            }
            on_chain[at] = true;
            chain.push(at);
            at = nodes[at].reference.expect("only_ref").0 as usize;
        };
        for &c in &chain {
            on_chain[c] = false;
            end[c] = last;
        }
        if last == UNKNOWN {
            // Mark the loop's nodes as settled without a target.
            for &c in &chain {
                end[c] = u32::MAX - 1;
            }
        }
    }
    for node in nodes.iter_mut() {
        if let Some(r) = node.reference {
            let e = end[r.0 as usize];
            if e < u32::MAX - 1 {
                node.reference = Some(NodeId(e));
            }
        }
    }
}

/// Why the model `nodes` could not be checked in bounded time, if it could not: a
/// `$ref` loop that never descends into the value, then too many hops or too much
/// expansion. [`Schema::parse`](super::Schema::parse) refuses such a schema.
pub(crate) fn refusal(nodes: &[Node]) -> Option<Diagnostic> {
    in_place_cycle(nodes).or_else(|| {
        let order = topological(nodes);
        check_hops(nodes, &order).or_else(|| check_expansion(nodes, &order))
    })
}

/// A `$ref` loop that never descends into a value (`{"$ref": "#"}` at the root,
/// or `allOf` through references back to itself): it could never finish. The
/// model constant's decoder refuses it too (cheaply: the rest of [`refusal`]
/// costs as much as decoding, and the macros only write models the parser
/// accepted).
pub(crate) fn in_place_cycle(nodes: &[Node]) -> Option<Diagnostic> {
    let n = nodes.len();
    // 0 = unvisited, 1 = on the stack, 2 = done.
    let mut state = vec![0u8; n];
    for start in 0..n {
        if state[start] != 0 {
            continue;
        }
        let mut stack: Vec<(usize, usize)> = vec![(start, 0)];
        state[start] = 1;
        while let Some(top) = stack.last_mut() {
            let (node, next) = *top;
            if next < edge_count(&nodes[node]) {
                top.1 += 1;
                let to = edge(&nodes[node], next).0 as usize;
                match state[to] {
                    0 => {
                        state[to] = 1;
                        stack.push((to, 0));
                    }
                    1 => {
                        return Some(Diagnostic::new(
                            nodes[node].pointer.clone(),
                            format!(
                                "this schema refers back to \"#{}\" without descending into the value, so it could never be checked",
                                nodes[to].pointer
                            ),
                        ));
                    }
                    _ => {}
                }
            } else {
                state[node] = 2;
                stack.pop();
            }
        }
    }
    None
}

/// The nodes in an order where every in-place edge goes from an earlier node to a
/// later one (the in-place graph is acyclic: the cycle check ran first).
pub(crate) fn topological(nodes: &[Node]) -> Vec<u32> {
    let n = nodes.len();
    let mut done = vec![false; n];
    let mut post: Vec<u32> = Vec::with_capacity(n);
    let mut stack: Vec<(usize, usize)> = Vec::new();
    for start in 0..n {
        if done[start] {
            continue;
        }
        done[start] = true;
        stack.push((start, 0));
        while let Some(top) = stack.last_mut() {
            let (at, next) = *top;
            if next < edge_count(&nodes[at]) {
                top.1 += 1;
                let to = edge(&nodes[at], next).0 as usize;
                if !done[to] {
                    done[to] = true;
                    stack.push((to, 0));
                }
            } else {
                post.push(at as u32);
                stack.pop();
            }
        }
    }
    post.reverse();
    post
}

/// Refuses a chain of more than [`MAX_HOPS`] in-place hops: the node that starts
/// the longest one is named.
pub(crate) fn check_hops(nodes: &[Node], order: &[u32]) -> Option<Diagnostic> {
    // longest[i]: the most hops a walk can make from node i.
    let mut longest = vec![0usize; nodes.len()];
    for &i in order.iter().rev() {
        let node = &nodes[i as usize];
        let mut most = 0;
        for k in 0..edge_count(node) {
            most = most.max(longest[edge(node, k).0 as usize] + 1);
        }
        longest[i as usize] = most;
    }
    // The most hops, the first node among equals.
    let mut worst: Option<(usize, usize)> = None;
    for (i, &h) in longest.iter().enumerate() {
        if worst.is_none_or(|(_, most)| h > most) {
            worst = Some((i, h));
        }
    }
    let (worst, hops) = worst?;
    (hops > MAX_HOPS).then(|| {
        Diagnostic::new(
            nodes[worst].pointer.clone(),
            format!(
                "a validator would go through {hops} nested $ref/allOf/anyOf/oneOf/not/if/then/else/dependentSchemas at one value from here: at most {MAX_HOPS} are allowed"
            ),
        )
    })
}

/// A set of nodes with multiplicities, sorted by node: the schemas applied to
/// the value at one location, each as many times as paths lead to it.
type Multiset = Vec<(u32, u64)>;

/// One step from a location to a part of its value.
#[derive(Clone, Debug)]
enum Label {
    Name(String),
    OtherName,
    /// The name of a member (`propertyNames`).
    NameItself,
    Index(usize),
    LaterIndex(usize),
}

struct State {
    seed: Multiset,
    depth: usize,
    parent: usize,
    label: Option<Label>,
}

/// Refuses a schema under which some value location would be evaluated against
/// more than [`MAX_EVALUATIONS`] schemas plus one per node of the schema.
///
/// The measure: for an instance location (the property names and item indexes
/// leading to a part of the value), the number of paths through the schema from
/// the root whose instance steps spell that location, where in-place hops
/// (`$ref`, the items of `allOf`/`anyOf`/`oneOf`, `not`) keep the location and
/// steps (`properties/k` for name `k`, `additionalProperties` for a name the
/// node does not declare, `prefixItems/i` for index `i`, `items` for a later
/// index, `propertyNames` for a member's name) move to a part. Computed over
/// sets of nodes with multiplicities: from the root, each state steps along
/// every label that matters to it (each name a node declares, any other name,
/// each prefix index, any later index, a name itself); states already seen are
/// not explored again; value depth is explored to [`ANALYSED_DEPTH`]. The
/// analysis' own work is bounded by [`BASE_WORK`] plus [`WORK_PER_NODE`] per
/// node; near linear for schemas without shared ambiguity.
pub(crate) fn check_expansion(nodes: &[Node], order: &[u32]) -> Option<Diagnostic> {
    let mut position = vec![0u32; nodes.len()];
    for (p, &i) in order.iter().enumerate() {
        position[i as usize] = p as u32;
    }
    let budget = BASE_WORK.saturating_add(WORK_PER_NODE.saturating_mul(nodes.len() as u64));
    let mut work: u64 = 0;
    let limit = MAX_EVALUATIONS.saturating_add(nodes.len() as u64);
    let mut states: Vec<State> = vec![State {
        seed: vec![(0, 1)],
        depth: 0,
        parent: 0,
        label: None,
    }];
    let mut seen: HashSet<Multiset> = HashSet::new();
    seen.insert(vec![(0, 1)]);
    let mut queue: VecDeque<usize> = VecDeque::from([0]);
    while let Some(s) = queue.pop_front() {
        let closure = close(nodes, &position, &states[s].seed, &mut work);
        let mut total = 0u64;
        for &(_, c) in &closure {
            total = total.saturating_add(c);
        }
        if total > limit {
            // The node evaluated most often, the first among equals.
            let mut worst: Option<(u32, u64)> = None;
            for &(i, c) in &closure {
                if worst.is_none_or(|(w, most)| c > most || (c == most && i < w)) {
                    worst = Some((i, c));
                }
            }
            let (worst, times) = worst.unwrap_or((0, 0));
            let total = if total == u64::MAX {
                "more".to_string()
            } else {
                total.to_string()
            };
            return Some(Diagnostic::new(
                nodes[worst as usize].pointer.clone(),
                format!(
                    "validating the value at {} would evaluate {total} schemas (this one {} times), more than the budget of {limit} ({MAX_EVALUATIONS} plus one per schema node): applicators whose branches share definitions multiply",
                    location(&states, s),
                    if times == u64::MAX { "countless".to_string() } else { times.to_string() },
                ),
            ));
        }
        if work > budget {
            return Some(too_complex(nodes, &states, s));
        }
        if states[s].depth >= ANALYSED_DEPTH {
            continue;
        }
        for (label, next) in steps(nodes, &closure, &mut work) {
            if next.is_empty() || seen.contains(&next) {
                continue;
            }
            work = work.saturating_add(next.len() as u64);
            seen.insert(next.clone());
            let depth = states[s].depth + 1;
            states.push(State {
                seed: next,
                depth,
                parent: s,
                label: Some(label),
            });
            queue.push_back(states.len() - 1);
        }
        if work > budget {
            return Some(too_complex(nodes, &states, s));
        }
    }
    None
}

fn too_complex(nodes: &[Node], states: &[State], s: usize) -> Diagnostic {
    let _ = nodes;
    Diagnostic::new(
        "",
        format!(
            "the schema is too ambiguous to analyse (stopped at the value at {}): its applicators share definitions in too many combinations",
            location(states, s)
        ),
    )
}

/// The instance location of state `s`, as a JSON pointer with placeholders.
fn location(states: &[State], mut s: usize) -> String {
    let mut parts: Vec<String> = Vec::new();
    while let Some(label) = &states[s].label {
        parts.push(match label {
            Label::Name(k) => crate::json::pointer::escape_token(k).into_owned(),
            Label::OtherName => "<any other name>".into(),
            Label::NameItself => "<a member's name>".into(),
            Label::Index(i) => i.to_string(),
            Label::LaterIndex(i) => format!("<index {i} or later>"),
        });
        s = states[s].parent;
    }
    if parts.is_empty() {
        return "the root".into();
    }
    parts.reverse();
    let mut out = String::new();
    for p in parts {
        out.push('/');
        // Long names are cut: the message stays short.
        if p.chars().count() > 40 {
            out.extend(p.chars().take(40));
            out.push('…');
        } else {
            out.push_str(&p);
        }
    }
    out
}

/// Every node applied in place from `seed`, with the number of paths to it.
fn close(nodes: &[Node], position: &[u32], seed: &Multiset, work: &mut u64) -> Multiset {
    let mut count: HashMap<u32, u64> = HashMap::with_capacity(seed.len());
    let mut heap: BinaryHeap<Reverse<(u32, u32)>> = BinaryHeap::new();
    for &(i, c) in seed {
        count.insert(i, c);
        heap.push(Reverse((position[i as usize], i)));
    }
    let mut out: Multiset = Vec::new();
    while let Some(Reverse((_, i))) = heap.pop() {
        let c = count[&i];
        out.push((i, c));
        let node = &nodes[i as usize];
        let k = edge_count(node);
        *work = work.saturating_add(1 + k as u64);
        for e in 0..k {
            let to = edge(node, e).0;
            match count.get_mut(&to) {
                Some(t) => *t = t.saturating_add(c),
                None => {
                    count.insert(to, c);
                    heap.push(Reverse((position[to as usize], to)));
                }
            }
        }
    }
    out.sort_unstable();
    out
}

fn add(into: &mut HashMap<u32, u64>, id: NodeId, c: u64) {
    let t = into.entry(id.0).or_insert(0);
    *t = t.saturating_add(c);
}

fn sorted(map: HashMap<u32, u64>) -> Multiset {
    let mut v: Multiset = Vec::with_capacity(map.len());
    for (id, c) in map {
        if c > 0 {
            v.push((id, c));
        }
    }
    v.sort_unstable();
    v
}

/// The states one step below `closure`, by label.
fn steps(nodes: &[Node], closure: &Multiset, work: &mut u64) -> Vec<(Label, Multiset)> {
    let mut out = Vec::new();
    // Objects: the `additionalProperties` schemas (for any other name), and for
    // each declared name the nodes declaring it.
    let mut extras: HashMap<u32, u64> = HashMap::new();
    let mut declared: HashMap<&str, Vec<(u32, NodeId, u64)>> = HashMap::new();
    let mut names: Vec<&str> = Vec::new();
    let mut property_names: HashMap<u32, u64> = HashMap::new();
    // `patternProperties`: a declared name gets the schemas of the patterns it
    // matches; any other name, of every pattern (an upper bound).
    let mut patterned: Vec<(&super::Pattern, NodeId, u64)> = Vec::new();
    let mut unevaluated: Vec<(NodeId, u64)> = Vec::new();
    for &(i, c) in closure {
        let node = &nodes[i as usize];
        if let Additional::Schema(x) = node.additional {
            add(&mut extras, x, c);
        }
        for (p, s) in &node.pattern_properties {
            *work = work.saturating_add(1);
            patterned.push((p, *s, c));
        }
        for p in node.properties.iter().flatten() {
            *work = work.saturating_add(1);
            let list = declared.entry(p.name.as_str()).or_default();
            if list.is_empty() {
                names.push(p.name.as_str());
            }
            list.push((i, p.node, c));
        }
        if let Some(n) = node.property_names {
            add(&mut property_names, n, c);
        }
        // `unevaluatedProperties` may apply to any member (an upper bound).
        if let Some(u) = node.unevaluated_properties {
            add(&mut extras, u, c);
            unevaluated.push((u, c));
        }
    }
    for name in names {
        let mut next = extras.clone();
        for &(u, c) in &unevaluated {
            add(&mut next, u, c);
        }
        *work = work.saturating_add(1 + extras.len() as u64);
        for &(i, child, c) in &declared[name] {
            add(&mut next, child, c);
            if let Additional::Schema(x) = nodes[i as usize].additional {
                if let Some(t) = next.get_mut(&x.0) {
                    *t -= c.min(*t);
                }
            }
        }
        for &(p, s, c) in &patterned {
            *work = work.saturating_add(1 + name.len() as u64);
            if p.is_match(name) {
                add(&mut next, s, c);
            }
        }
        out.push((Label::Name(name.to_string()), sorted(next)));
    }
    for &(_, s, c) in &patterned {
        add(&mut extras, s, c);
    }
    if !extras.is_empty() {
        out.push((Label::OtherName, sorted(extras)));
    }
    if !property_names.is_empty() {
        out.push((Label::NameItself, sorted(property_names)));
    }
    // Arrays: each prefix index, then any later one.
    let arrays: Vec<(&Node, u64)> = closure
        .iter()
        .map(|&(i, c)| (&nodes[i as usize], c))
        .filter(|(n, _)| {
            !n.prefix_items.is_empty()
                || n.items.is_some()
                || n.contains.is_some()
                || n.unevaluated_items.is_some()
        })
        .collect();
    let prefix = arrays
        .iter()
        .map(|(n, _)| n.prefix_items.len())
        .max()
        .unwrap_or(0);
    for index in 0..=prefix {
        if arrays.is_empty() {
            break;
        }
        *work = work.saturating_add(arrays.len() as u64);
        let mut next: HashMap<u32, u64> = HashMap::new();
        for &(n, c) in &arrays {
            if let Some(&p) = n.prefix_items.get(index) {
                add(&mut next, p, c);
            } else if let Some(items) = n.items {
                add(&mut next, items, c);
            }
            // `contains` is applied to every element too.
            if let Some(contains) = n.contains {
                add(&mut next, contains, c);
            }
            // `unevaluatedItems` may apply to any element (an upper bound).
            if let Some(u) = n.unevaluated_items {
                add(&mut next, u, c);
            }
        }
        let label = if index < prefix {
            Label::Index(index)
        } else {
            Label::LaterIndex(index)
        };
        out.push((label, sorted(next)));
    }
    out
}
