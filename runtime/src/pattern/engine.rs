//! tool-schema's own regular expression engine, the default one (the `pattern`
//! feature without `regex`): whether a text holds a match, nothing more (no
//! positions, no captures). It reads the syntax `pattern::translate` emits (the
//! syntax of `regex-lite`, with its meaning), parses it to a tree (`syntax`,
//! `syntax_class`, `ast`), compiles the tree to a program (`compile`) and runs
//! it (`vm`): linear time in the text whatever the pattern, a few steps per
//! unit of the program's size per character, bounded memory, with limits on
//! nesting and on the program's size checked before anything is expanded. A
//! simple pattern's tree (a sequence of repeated character sets) also gets a
//! small matcher (`simple`), which answers instead of the program.

use super::compile::Program;
use super::simple::Simple;

/// A compiled pattern.
#[derive(Clone, Debug)]
pub struct Engine {
    program: Program,
    /// The small matcher, when the pattern is simple (ten times faster or more).
    simple: Option<Simple>,
    /// Per instruction, whether it leads to the match (see `live`), for an
    /// anchored pattern (the only ones a prefix can rule out).
    reach: Option<Box<[bool]>>,
}

impl Engine {
    /// Compiles `translated`, refused if its program's size (see `ast`)
    /// exceeds `limit`; the error says why it is refused.
    pub fn new(translated: &str, limit: u64) -> Result<Engine, String> {
        let parsed = super::syntax::parse(translated).map_err(str::to_string)?;
        let simple = Simple::of(&parsed.root, &parsed.pool);
        let program = super::compile::compile(parsed, limit)?;
        let reach = program.anchored.then(|| super::live::reaches(&program));
        Ok(Engine {
            program,
            simple,
            reach,
        })
    }

    /// Whether `text` holds a match (anywhere).
    #[inline]
    pub fn is_match(&self, text: &str) -> bool {
        match &self.simple {
            Some(simple) => simple.is_match(text),
            None => super::vm::is_match(&self.program, text),
        }
    }

    /// The liveness of a string read in pieces (see `live`), when a prefix
    /// can rule a match out.
    pub fn prefix(&self) -> Option<super::live::Prefix<'_>> {
        let reach = self.reach.as_deref()?;
        Some(super::live::Prefix::new(&self.program, reach))
    }

    /// Whether `text` holds a match, by the program alone (for tests of the
    /// small matcher).
    #[cfg(test)]
    pub fn program_matches(&self, text: &str) -> bool {
        super::vm::is_match(&self.program, text)
    }
}
