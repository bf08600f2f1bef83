//! The words of a repair's changes: `argument 'days' was "3", read as 3`.

use super::{Change, Coercion, Repaired};
use crate::echo;

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

impl Repaired {
    /// One sentence per change (`argument 'days' was "3", read as 3`), then the
    /// report's messages. Each part within the report's
    /// [`max_report_bytes`](crate::Report::max_report_bytes): the changes that
    /// fit, then `... and N more changes` when any is left out.
    pub fn messages(&self) -> Vec<String> {
        let lines = self.changes.iter().map(change_message);
        let max = self.report.max_report_bytes;
        let mut out = tool_schema_runtime::render::changes_within(lines, self.changes.len(), max);
        out.extend(self.report.messages());
        out
    }
}
