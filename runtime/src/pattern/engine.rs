//! tool-schema's own regular expression engine, the default one (the `pattern`
//! feature without `regex`): whether a text holds a match, nothing more (no
//! positions, no captures). It reads the syntax `pattern::translate` emits (the
//! syntax of `regex-lite`, with its meaning), parses it to a tree (`syntax`,
//! `syntax_class`, `ast`), compiles the tree to a program (`compile`) and runs
//! it (`vm`): linear time in the text whatever the pattern, bounded memory,
//! with limits on nesting and on the program's size checked before anything is
//! expanded.

use super::compile::Program;

/// A compiled pattern.
#[derive(Clone, Debug)]
pub(crate) struct Engine {
    program: Program,
}

impl Engine {
    /// Compiles `translated`; the error says why it is refused.
    pub(crate) fn new(translated: &str) -> Result<Engine, String> {
        let parsed = super::syntax::parse(translated).map_err(str::to_string)?;
        Ok(Engine {
            program: super::compile::compile(parsed)?,
        })
    }

    /// Whether `text` holds a match (anywhere).
    #[inline]
    pub(crate) fn is_match(&self, text: &str) -> bool {
        super::vm::is_match(&self.program, text)
    }
}
