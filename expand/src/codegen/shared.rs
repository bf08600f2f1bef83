//! Nodes whose functions would be the same share one set: a schema that repeats
//! a subschema (`{"type": "string"}` for most arguments, the same object in
//! several places) gets each distinct function once, so that generated code and
//! the compiler's work grow with the distinct subschemas rather than with every
//! occurrence.
//!
//! The functions of each node are generated after those of its subschemas, with
//! the node's own names written as a placeholder; a node whose code then equals
//! an earlier node's is named after that node and generates nothing. The names
//! live in a thread-local table while [`Names`] is alive (one validator at a
//! time, on the thread that runs the macro), as every keyword's code asks for
//! the names of the functions it calls.

use proc_macro2::TokenStream;
use std::cell::RefCell;
use std::collections::HashMap;
use tool_schema_engine::schema::NodeId;

/// The placeholder for a node's own names while its code is compared.
const PLACEHOLDER: u32 = u32::MAX;

thread_local! {
    /// For each node, the node whose functions it uses.
    static NAMED_AFTER: RefCell<Option<Vec<u32>>> = const { RefCell::new(None) };
}

/// The part of node `id`'s function names that says which node: its own number,
/// the number of the node whose functions it shares, or the placeholder.
pub(super) fn name_of(id: NodeId) -> String {
    let n = NAMED_AFTER.with(|t| {
        t.borrow()
            .as_ref()
            .and_then(|v| v.get(id.0 as usize).copied())
            .unwrap_or(id.0)
    });
    if n == PLACEHOLDER {
        "self".to_string()
    } else {
        n.to_string()
    }
}

/// The table of names while one validator is generated.
pub(super) struct Names {
    /// Each distinct node's code (with the placeholder), and the node.
    seen: RefCell<HashMap<String, u32>>,
}

impl Names {
    /// Every node named after itself, for a schema of `n` nodes.
    pub(super) fn new(n: usize) -> Names {
        NAMED_AFTER.with(|t| *t.borrow_mut() = Some((0..n as u32).collect()));
        Names {
            seen: RefCell::new(HashMap::new()),
        }
    }

    fn set(&self, id: NodeId, to: u32) {
        NAMED_AFTER.with(|t| {
            if let Some(v) = t.borrow_mut().as_mut() {
                v[id.0 as usize] = to;
            }
        });
    }

    /// Node `id`'s functions (`code()`), or `None` when an earlier node's are
    /// the same: `id` is then named after that node.
    pub(super) fn share(&self, id: NodeId, code: impl Fn() -> TokenStream) -> Option<TokenStream> {
        self.set(id, PLACEHOLDER);
        let key = code().to_string();
        let earlier = self.seen.borrow().get(&key).copied();
        match earlier {
            Some(first) => {
                self.set(id, first);
                None
            }
            None => {
                self.set(id, id.0);
                self.seen.borrow_mut().insert(key, id.0);
                Some(code())
            }
        }
    }
}

impl Drop for Names {
    fn drop(&mut self) {
        NAMED_AFTER.with(|t| *t.borrow_mut() = None);
    }
}
