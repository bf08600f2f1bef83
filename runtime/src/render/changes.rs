//! The words of a repair's changes: `argument 'days' was "3", read as 3`.

use crate::echo;
use crate::repair::{Change, Coercion};

/// Values are quoted up to this many characters.
const QUOTE_MAX: usize = 60;

/// The sentence for one change: `argument 'days' was "3", read as 3`;
/// `the arguments were in a Markdown code fence, read without it`.
pub(crate) fn change_message(c: &Change) -> String {
    if c.coercion == Coercion::CodeFence {
        return "the arguments were in a Markdown code fence, read without it".to_string();
    }
    let mut out = String::new();
    if c.path.is_root() {
        out.push_str("the arguments were ");
    } else {
        out.push_str("argument '");
        c.path.write_to(&mut out);
        out.push_str("' was ");
    }
    echo::push_json(&mut out, &c.from, QUOTE_MAX);
    out.push_str(", read as ");
    echo::push_json(&mut out, &c.to, QUOTE_MAX);
    out
}
