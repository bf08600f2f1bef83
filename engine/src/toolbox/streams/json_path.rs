//! Gemini's streamed arguments (`partialArgs`) written as the JSON text of the
//! arguments, in the order the pieces arrive, so that the call's checker reads
//! them as it reads any provider's text: each piece names its place by a JSON
//! path (RFC 9535: `$.city`, `$.stops[0].name`, `$['a b']`) and holds one
//! scalar; a string piece with `willContinue` is continued by the next piece
//! of the same path.
//!
//! Pieces that cannot be written in order (a path back into a container
//! already closed, an array index that skips or repeats, a member given again)
//! make the call *unordered*: the pieces are then put together by path at the
//! end and the whole text is checked then.

use serde_json::{Map, Value};

/// One step of a JSON path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Step {
    Key(String),
    Index(usize),
}

/// The steps of `path` (`$` then `.name`, `['name']`, `["name"]`, `[n]`);
/// `None` when it is not written so.
pub(super) fn steps(path: &str) -> Option<Vec<Step>> {
    let mut rest = path.strip_prefix('$')?;
    let mut out = Vec::new();
    while !rest.is_empty() {
        if let Some(tail) = rest.strip_prefix('.') {
            let end = tail.find(['.', '[']).unwrap_or(tail.len());
            if end == 0 {
                return None;
            }
            out.push(Step::Key(tail[..end].to_owned()));
            rest = &tail[end..];
        } else if let Some(tail) = rest.strip_prefix('[') {
            let quote = tail.chars().next()?;
            if quote == '\'' || quote == '"' {
                let body = &tail[1..];
                let end = body.find(quote)?;
                out.push(Step::Key(body[..end].to_owned()));
                rest = body[end + 1..].strip_prefix(']')?;
            } else {
                let end = tail.find(']')?;
                out.push(Step::Index(tail[..end].parse().ok()?));
                rest = &tail[end + 1..];
            }
        } else {
            return None;
        }
    }
    Some(out)
}

/// An open container of the text being written.
#[derive(Debug)]
struct Open {
    /// Its step from its parent (`None`: the arguments object).
    step: Option<Step>,
    object: bool,
    /// Members written (an object's names, to refuse a repeat), or items.
    names: Vec<String>,
    items: usize,
}

/// The text of one call's pieces (see the module).
#[derive(Debug, Default)]
pub(super) struct Writer {
    open: Vec<Open>,
    /// The path of a string piece to be continued.
    string: Option<Vec<Step>>,
    /// Every piece: (path, value, continued), for an unordered call.
    pieces: Vec<(Vec<Step>, Value, bool)>,
    pub unordered: bool,
    done: bool,
}

/// `s` as JSON string contents (no quotes).
fn escaped(s: &str) -> String {
    let quoted = Value::String(s.to_owned()).to_string();
    quoted[1..quoted.len() - 1].to_owned()
}

impl Writer {
    /// The text of the next piece: at `steps`, `value` (a scalar), continued
    /// by the next piece when `more` (a string). `None` when the piece cannot
    /// be written in order (the call becomes unordered).
    pub fn piece(&mut self, steps: Vec<Step>, value: Value, more: bool) -> Option<String> {
        self.pieces.push((steps.clone(), value.clone(), more));
        if self.unordered || self.done {
            self.unordered = true;
            return None;
        }
        let text = self.write(steps, value, more);
        self.unordered = text.is_none();
        text
    }

    fn write(&mut self, steps: Vec<Step>, value: Value, more: bool) -> Option<String> {
        let mut out = String::new();
        if let Some(path) = self.string.take() {
            if path == steps {
                let Value::String(s) = &value else {
                    return None;
                };
                out.push_str(&escaped(s));
                if more {
                    self.string = Some(path);
                } else {
                    out.push('"');
                }
                return Some(out);
            }
            out.push('"');
        }
        let parents = steps.split_last()?.1;
        self.open_root(&mut out);
        // Close what is open below the common part of the paths.
        let common = self.open[1..]
            .iter()
            .zip(parents)
            .take_while(|(o, s)| o.step.as_ref() == Some(s))
            .count();
        while self.open.len() > common + 1 {
            let closed = self.open.pop()?;
            out.push(if closed.object { '}' } else { ']' });
        }
        // Open the containers of the new path, then write the member or item.
        for (i, step) in steps.iter().enumerate().skip(common) {
            self.member(step, &mut out)?;
            if i + 1 < steps.len() {
                let object = matches!(steps[i + 1], Step::Key(_));
                out.push(if object { '{' } else { '[' });
                self.open.push(Open {
                    step: Some(step.clone()),
                    object,
                    names: Vec::new(),
                    items: 0,
                });
            }
        }
        match value {
            Value::String(s) if more => {
                out.push('"');
                out.push_str(&escaped(&s));
                self.string = Some(steps);
            }
            scalar => out.push_str(&scalar.to_string()),
        }
        Some(out)
    }

    /// The separator and name of a new member or item at `step` of the
    /// innermost open container; `None` when it cannot come next.
    fn member(&mut self, step: &Step, out: &mut String) -> Option<()> {
        let top = self.open.last_mut()?;
        let first = top.names.is_empty() && top.items == 0;
        match step {
            Step::Key(name) if top.object && !top.names.contains(name) => {
                if !first {
                    out.push(',');
                }
                out.push('"');
                out.push_str(&escaped(name));
                out.push_str("\":");
                top.names.push(name.clone());
            }
            Step::Index(i) if !top.object && *i == top.items => {
                if !first {
                    out.push(',');
                }
                top.items += 1;
            }
            _ => return None,
        }
        Some(())
    }

    /// Opens the arguments object, at the first piece (or at the end of a call
    /// without any).
    fn open_root(&mut self, out: &mut String) {
        if self.open.is_empty() {
            out.push('{');
            self.open.push(Open {
                step: None,
                object: true,
                names: Vec::new(),
                items: 0,
            });
        }
    }

    /// The text that ends the call (a string left open, the containers).
    pub fn end(&mut self) -> String {
        self.done = true;
        let mut out = String::new();
        if self.string.take().is_some() {
            out.push('"');
        }
        self.open_root(&mut out);
        while let Some(closed) = self.open.pop() {
            out.push(if closed.object { '}' } else { ']' });
        }
        out
    }

    /// The arguments put together by path from every piece (for an unordered
    /// call): a continued string's pieces joined, a later piece in the place
    /// of an earlier one.
    pub fn assembled(&self) -> Value {
        let mut root = Value::Object(Map::new());
        let mut continued: Option<&[Step]> = None;
        for (steps, value, more) in &self.pieces {
            let joined = continued == Some(steps.as_slice());
            if let Some(place) = place(&mut root, steps) {
                match (joined, &mut *place, value) {
                    (true, Value::String(so_far), Value::String(s)) => so_far.push_str(s),
                    _ => *place = value.clone(),
                }
            }
            continued = more.then_some(steps.as_slice());
        }
        root
    }
}

/// The place of `steps` in `root`, made where missing (an array grown with
/// `null`s up to the index).
fn place<'v>(root: &'v mut Value, steps: &[Step]) -> Option<&'v mut Value> {
    let mut at = root;
    for step in steps {
        at = match step {
            Step::Key(name) => {
                if !at.is_object() {
                    *at = Value::Object(Map::new());
                }
                at.as_object_mut()?
                    .entry(name.clone())
                    .or_insert(Value::Null)
            }
            Step::Index(i) => {
                if !at.is_array() {
                    *at = Value::Array(Vec::new());
                }
                let items = at.as_array_mut()?;
                if items.len() <= *i {
                    items.resize(i + 1, Value::Null);
                }
                &mut items[*i]
            }
        };
    }
    Some(at)
}
