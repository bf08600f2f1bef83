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
#[derive(Clone, Debug, PartialEq)]
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
/// index, `propertyNames` for a member's name) move to a part.
///
/// First a bound linear in the schema ([`evaluation_bound`]) settles every schema
/// without shared definitions. Past it, the exact count: over sets of nodes with
/// multiplicities, from the root, each state steps along every label that
/// matters to it (each name a node declares, any other name, each prefix index,
/// any later index, a name itself); states already seen are not explored again;
/// value depth is explored to [`ANALYSED_DEPTH`]. A state keeps only the nodes
/// that lead further into the value (those that do not only add to its count),
/// so that schemas evaluated everywhere (`unevaluatedProperties: false` on
/// every branch) do not make every state large. The exact count's own work is
/// bounded by [`BASE_WORK`] plus [`WORK_PER_NODE`] per node.
pub(crate) fn check_expansion(nodes: &[Node], order: &[u32]) -> Option<Diagnostic> {
    let limit = MAX_EVALUATIONS.saturating_add(nodes.len() as u64);
    let graph = Graph::new(nodes, order);
    let bound = evaluation_bound(&graph, order);
    if bound <= limit {
        // No location can reach the limit: the exact count is not needed.
        return None;
    }
    let budget = BASE_WORK.saturating_add(WORK_PER_NODE.saturating_mul(nodes.len() as u64));
    let mut work: u64 = 0;
    let mut root = Applied::new(false);
    root.add(&graph, NodeId(0), 1);
    let mut states: Vec<State> = vec![State {
        seed: sorted(&root.further),
        depth: 0,
        parent: 0,
        label: None,
    }];
    if root.total > limit {
        return Some(over_budget(&graph, &states, 0, None, root.total, limit));
    }
    let mut seen: HashSet<Multiset> = HashSet::new();
    seen.insert(states[0].seed.clone());
    let mut queue: VecDeque<usize> = VecDeque::from([0]);
    while let Some(s) = queue.pop_front() {
        if states[s].depth >= ANALYSED_DEPTH || states[s].seed.is_empty() {
            continue;
        }
        let closure = close(&graph, &states[s].seed, false, &mut work);
        for (label, next) in steps(&graph, &closure, false, &mut work) {
            if next.total > limit {
                return Some(over_budget(
                    &graph,
                    &states,
                    s,
                    Some(label),
                    next.total,
                    limit,
                ));
            }
            let seed = sorted(&next.further);
            if seed.is_empty() || seen.contains(&seed) {
                continue;
            }
            work = work.saturating_add(seed.len() as u64);
            seen.insert(seed.clone());
            let depth = states[s].depth + 1;
            states.push(State {
                seed,
                depth,
                parent: s,
                label: Some(label),
            });
            queue.push_back(states.len() - 1);
        }
        if work > budget {
            return Some(too_complex(&states, s, bound, limit, budget));
        }
    }
    None
}

/// The refusal for the value at `label` below state `s` (at `s` itself when
/// `label` is `None`), evaluated against `total` schemas: it names the node
/// evaluated most often there (the first among equals), found again with every
/// node counted.
fn over_budget(
    graph: &Graph,
    states: &[State],
    s: usize,
    label: Option<Label>,
    total: u64,
    limit: u64,
) -> Diagnostic {
    let mut ignored = 0;
    let full = match &label {
        None => vec![(0, 1)],
        Some(label) => {
            let closure = close(graph, &states[s].seed, true, &mut ignored);
            steps(graph, &closure, true, &mut ignored)
                .into_iter()
                .find(|(l, _)| l == label)
                .map(|(_, next)| sorted(&next.further))
                .unwrap_or_default()
        }
    };
    let closure = close(graph, &full, true, &mut ignored);
    let mut worst: Option<(u32, u64)> = None;
    for &(i, c) in &closure {
        if worst.is_none_or(|(w, most)| c > most || (c == most && i < w)) {
            worst = Some((i, c));
        }
    }
    let (worst, times) = worst.unwrap_or((0, 0));
    let count = |n: u64| {
        if n == u64::MAX {
            "countless".to_string()
        } else {
            n.to_string()
        }
    };
    let at = location(states, s, label.as_ref());
    Diagnostic::new(
        graph.nodes[worst as usize].pointer.clone(),
        format!(
            "validating the value at {at} would evaluate {} schemas (this one {} times), more than the budget of {limit} ({MAX_EVALUATIONS} plus one per schema node): applicators whose branches share definitions multiply",
            if total == u64::MAX { "more".to_string() } else { total.to_string() },
            count(times),
        ),
    )
}

/// The refusal when the exact count did not finish: the bound said a value could
/// be evaluated against more schemas than the limit, and settling it would take
/// more than `budget` steps.
fn too_complex(states: &[State], s: usize, bound: u64, limit: u64, budget: u64) -> Diagnostic {
    let bound = if bound == u64::MAX {
        "countless".to_string()
    } else {
        bound.to_string()
    };
    Diagnostic::new(
        "",
        format!(
            "the schema may have a value evaluated against up to {bound} schemas, more than the budget of {limit} ({MAX_EVALUATIONS} plus one per schema node), as definitions reached through several applicator branches multiply; the exact count took more than its {budget} steps of analysis ({BASE_WORK} plus {WORK_PER_NODE} per schema node) and stopped at the value at {}",
            location(states, s, None)
        ),
    )
}

/// An upper bound of the number of schemas a validator evaluates at any one
/// value location (to [`ANALYSED_DEPTH`] levels below the root), in time linear
/// in the schema for each value level it needs (at most [`ANALYSED_DEPTH`]
/// passes; as many as the longest chain of value steps when nothing recurses).
///
/// Per node `x`: `paths(x)`, the schemas evaluated at `x`'s own value (one per
/// path of in-place edges, with `x`); `below(x)`, a bound of those evaluated at
/// any one part of the value: for each node `y` applied in place (one per path),
/// the most that `y`'s own steps lead to for one name or index (the declared
/// property or `additionalProperties`, whichever leads to more, plus every
/// pattern's schema and `unevaluatedProperties`; or `propertyNames`; or the
/// prefix item or `items`, plus `contains` and `unevaluatedItems`). The bound at
/// `x` is the larger of the two. Each pass adds a value level. Sums over
/// branches, not maxima over locations, make it an upper bound: for a schema
/// without shared definitions it is at most the number of nodes (each node is
/// counted at one location only), so the exact analysis runs only where
/// branches share definitions.
pub(crate) fn evaluation_bound(graph: &Graph, order: &[u32]) -> u64 {
    let nodes = graph.nodes;
    let n = nodes.len();
    let paths = &graph.paths;
    let mut bound = paths.clone();
    let mut below = vec![0u64; n];
    for _ in 0..ANALYSED_DEPTH {
        let of = |id: NodeId| bound[id.0 as usize];
        let of_opt = |id: Option<NodeId>| id.map_or(0, of);
        for &i in order.iter().rev() {
            let node = &nodes[i as usize];
            let mut member = match node.additional {
                Additional::Schema(x) => of(x),
                _ => 0,
            };
            for p in node.properties.iter().flatten() {
                member = member.max(of(p.node));
            }
            for (_, s) in &node.pattern_properties {
                member = member.saturating_add(of(*s));
            }
            member = member.saturating_add(of_opt(node.unevaluated_properties));
            let mut element = of_opt(node.items);
            for &p in &node.prefix_items {
                element = element.max(of(p));
            }
            element = element
                .saturating_add(of_opt(node.contains))
                .saturating_add(of_opt(node.unevaluated_items));
            let mut b = member.max(element).max(of_opt(node.property_names));
            for k in 0..edge_count(node) {
                b = b.saturating_add(below[edge(node, k).0 as usize]);
            }
            below[i as usize] = b;
        }
        let mut changed = false;
        for i in 0..n {
            let next = paths[i].max(below[i]);
            changed |= next != bound[i];
            bound[i] = next;
        }
        if !changed {
            break;
        }
    }
    bound.first().copied().unwrap_or(0)
}

/// The instance location of state `s`, then `last` if given, as a JSON pointer
/// with placeholders.
fn location(states: &[State], mut s: usize, last: Option<&Label>) -> String {
    let mut labels: Vec<&Label> = last.into_iter().collect();
    while let Some(label) = &states[s].label {
        labels.push(label);
        s = states[s].parent;
    }
    if labels.is_empty() {
        return "the root".into();
    }
    let mut out = String::new();
    for label in labels.into_iter().rev() {
        let p: String = match label {
            Label::Name(k) => crate::json::pointer::escape_token(k).into_owned(),
            Label::OtherName => "<any other name>".into(),
            Label::NameItself => "<a member's name>".into(),
            Label::Index(i) => i.to_string(),
            Label::LaterIndex(i) => format!("<index {i} or later>"),
        };
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

/// What the exact count and the bound know of every node.
pub(crate) struct Graph<'a> {
    nodes: &'a [Node],
    /// Each node's place in the topological order.
    position: Vec<u32>,
    /// The schemas evaluated at a node's own value (paths of in-place edges from
    /// it, the empty one included).
    paths: Vec<u64>,
    /// Whether nothing applied in place from the node steps into the value: it
    /// only adds `paths` to a location's count.
    terminal: Vec<bool>,
}

impl<'a> Graph<'a> {
    pub(crate) fn new(nodes: &'a [Node], order: &[u32]) -> Graph<'a> {
        let n = nodes.len();
        let mut position = vec![0u32; n];
        for (p, &i) in order.iter().enumerate() {
            position[i as usize] = p as u32;
        }
        let mut paths = vec![0u64; n];
        let mut terminal = vec![true; n];
        for &i in order.iter().rev() {
            let node = &nodes[i as usize];
            let mut p = 1u64;
            let mut t = !steps_into_value(node);
            for k in 0..edge_count(node) {
                let to = edge(node, k).0 as usize;
                p = p.saturating_add(paths[to]);
                t &= terminal[to];
            }
            paths[i as usize] = p;
            terminal[i as usize] = t;
        }
        Graph {
            nodes,
            position,
            paths,
            terminal,
        }
    }
}

/// Whether the node's own keywords apply schemas to parts of the value.
fn steps_into_value(node: &Node) -> bool {
    matches!(node.additional, Additional::Schema(_))
        || node.properties.as_ref().is_some_and(|p| !p.is_empty())
        || !node.pattern_properties.is_empty()
        || node.unevaluated_properties.is_some()
        || node.property_names.is_some()
        || !node.prefix_items.is_empty()
        || node.items.is_some()
        || node.contains.is_some()
        || node.unevaluated_items.is_some()
}

/// The schemas applied at one value location: how many evaluations in all, and
/// with their multiplicities the nodes that lead further into the value (every
/// node when `full`).
#[derive(Clone)]
struct Applied {
    total: u64,
    further: HashMap<u32, u64>,
    full: bool,
}

impl Applied {
    fn new(full: bool) -> Applied {
        Applied {
            total: 0,
            further: HashMap::new(),
            full,
        }
    }

    /// The node kept for `id`: none for a terminal one, the target of one that is
    /// only a `$ref`.
    fn kept(&self, graph: &Graph, id: NodeId) -> Option<u32> {
        if self.full {
            return Some(id.0);
        }
        if graph.terminal[id.0 as usize] {
            return None;
        }
        let node = &graph.nodes[id.0 as usize];
        Some(match node.reference {
            Some(r) if only_ref(node) => r.0,
            _ => id.0,
        })
    }

    /// `id` applied `c` more times.
    fn add(&mut self, graph: &Graph, id: NodeId, c: u64) {
        let evaluations = c.saturating_mul(graph.paths[id.0 as usize]);
        self.total = self.total.saturating_add(evaluations);
        if let Some(k) = self.kept(graph, id) {
            let t = self.further.entry(k).or_insert(0);
            *t = t.saturating_add(c);
        }
    }

    /// `id` applied `c` fewer times (it was added at least as often).
    fn remove(&mut self, graph: &Graph, id: NodeId, c: u64) {
        let evaluations = c.saturating_mul(graph.paths[id.0 as usize]);
        self.total = self.total.saturating_sub(evaluations);
        if let Some(k) = self.kept(graph, id) {
            if let Some(t) = self.further.get_mut(&k) {
                *t -= c.min(*t);
            }
        }
    }

    fn merge(&mut self, other: &Applied) {
        self.total = self.total.saturating_add(other.total);
        for (&k, &c) in &other.further {
            let t = self.further.entry(k).or_insert(0);
            *t = t.saturating_add(c);
        }
    }
}

/// Every node applied in place from `seed`, with the number of paths to it
/// (only those that are not terminal unless `full`).
fn close(graph: &Graph, seed: &Multiset, full: bool, work: &mut u64) -> Multiset {
    let nodes = graph.nodes;
    let position = &graph.position;
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
            if !full && graph.terminal[to as usize] {
                continue;
            }
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

fn sorted(map: &HashMap<u32, u64>) -> Multiset {
    let mut v: Multiset = Vec::with_capacity(map.len());
    for (&id, &c) in map {
        if c > 0 {
            v.push((id, c));
        }
    }
    v.sort_unstable();
    v
}

/// Above this many (declared name, distinct pattern) pairs at one location,
/// every pattern's schema is counted for every name (an upper bound) rather than
/// each pattern matched against each name.
const PATTERN_PAIRS: usize = 1 << 20;

/// The locations one step below `closure`, by label.
fn steps(graph: &Graph, closure: &Multiset, full: bool, work: &mut u64) -> Vec<(Label, Applied)> {
    let nodes = graph.nodes;
    let mut out = Vec::new();
    // Objects: the `additionalProperties` schemas (for any other name), and for
    // each declared name the nodes declaring it.
    let mut extras = Applied::new(full);
    let mut declared: HashMap<&str, Vec<(u32, NodeId, u64)>> = HashMap::new();
    let mut names: Vec<&str> = Vec::new();
    let mut property_names = Applied::new(full);
    // `patternProperties`, by pattern: a declared name gets the schemas of the
    // patterns it matches; any other name, of every pattern (an upper bound).
    let mut patterns: Vec<(&super::Pattern, Applied)> = Vec::new();
    let mut pattern_index: HashMap<&str, usize> = HashMap::new();
    for &(i, c) in closure {
        let node = &nodes[i as usize];
        if let Additional::Schema(x) = node.additional {
            extras.add(graph, x, c);
        }
        for (p, s) in &node.pattern_properties {
            *work = work.saturating_add(1);
            let at = *pattern_index.entry(&p.source).or_insert_with(|| {
                patterns.push((p, Applied::new(full)));
                patterns.len() - 1
            });
            patterns[at].1.add(graph, *s, c);
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
            property_names.add(graph, n, c);
        }
        // `unevaluatedProperties` may apply to any member (an upper bound).
        if let Some(u) = node.unevaluated_properties {
            extras.add(graph, u, c);
        }
    }
    let mut every_pattern = Applied::new(full);
    for (_, applied) in &patterns {
        *work = work.saturating_add(1 + applied.further.len() as u64);
        every_pattern.merge(applied);
    }
    let match_each = names.len().saturating_mul(patterns.len()) <= PATTERN_PAIRS;
    let mut named_base = extras.clone();
    if !match_each {
        named_base.merge(&every_pattern);
    }
    for name in names {
        let mut next = named_base.clone();
        *work = work.saturating_add(1 + next.further.len() as u64);
        for &(i, child, c) in &declared[name] {
            next.add(graph, child, c);
            if let Additional::Schema(x) = nodes[i as usize].additional {
                next.remove(graph, x, c);
            }
        }
        if match_each {
            for (p, applied) in &patterns {
                *work = work.saturating_add(1 + name.len() as u64);
                if p.is_match(name) {
                    *work = work.saturating_add(applied.further.len() as u64);
                    next.merge(applied);
                }
            }
        }
        out.push((Label::Name(name.to_string()), next));
    }
    extras.merge(&every_pattern);
    if extras.total > 0 {
        out.push((Label::OtherName, extras));
    }
    if property_names.total > 0 {
        out.push((Label::NameItself, property_names));
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
        let mut next = Applied::new(full);
        for &(n, c) in &arrays {
            if let Some(&p) = n.prefix_items.get(index) {
                next.add(graph, p, c);
            } else if let Some(items) = n.items {
                next.add(graph, items, c);
            }
            // `contains` is applied to every element too.
            if let Some(contains) = n.contains {
                next.add(graph, contains, c);
            }
            // `unevaluatedItems` may apply to any element (an upper bound).
            if let Some(u) = n.unevaluated_items {
                next.add(graph, u, c);
            }
        }
        let label = if index < prefix {
            Label::Index(index)
        } else {
            Label::LaterIndex(index)
        };
        out.push((label, next));
    }
    out
}
