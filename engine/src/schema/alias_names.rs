//! The iterators of a node's aliases ([`Node::alias_groups`], [`Node::names_of`],
//! [`Node::aliases_of`]): one concrete type of names for all of them, so that the
//! keyword's generic decisions (`keywords::alias`) are compiled once for it
//! rather than once per chain of adaptors.

use super::{Node, Property};

/// A property's names: its own (when given), then aliases in order.
#[derive(Clone)]
pub(super) struct Names<'a> {
    own: Option<&'a str>,
    aliases: std::slice::Iter<'a, Property>,
}

impl<'a> Names<'a> {
    pub(super) fn new(own: Option<&'a str>, aliases: &'a [Property]) -> Self {
        Names {
            own,
            aliases: aliases.iter(),
        }
    }
}

impl<'a> Iterator for Names<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        match self.own.take() {
            Some(own) => Some(own),
            None => self.aliases.next().map(|p| p.name.as_str()),
        }
    }
}

/// Walks the alias entries (ordered by property) a run of one property at a time.
pub(super) struct AliasGroups<'a> {
    declared: &'a [Property],
    entries: &'a [Property],
}

impl<'a> AliasGroups<'a> {
    pub(super) fn new(node: &'a Node) -> Self {
        AliasGroups {
            declared: node.declared_properties(),
            entries: node.alias_entries(),
        }
    }
}

impl<'a> Iterator for AliasGroups<'a> {
    type Item = (usize, Names<'a>);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let first = self.entries.first()?;
            let mut len = 1;
            while self
                .entries
                .get(len)
                .is_some_and(|p| p.alias_of == first.alias_of)
            {
                len += 1;
            }
            let (run, rest) = self.entries.split_at(len);
            self.entries = rest;
            if let Some(d) = first.alias_of {
                let own = self.declared.get(d).map(|p| p.name.as_str());
                return Some((d, Names::new(own, run)));
            }
        }
    }
}
