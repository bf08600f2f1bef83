//! Deep values and small stacks for the depth-limit tests (`Options::max_depth`),
//! shared by `engine/tests/depth_limit.rs` and the facade's `tests/depth_limit.rs`.
#![allow(dead_code)]

use serde_json::{Map, Value};
use std::borrow::Cow;
use tool_schema_engine::{Path, Segment};

/// The shape of a deep value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `{"a": {"a": ... {}}}`
    Objects,
    /// `[[ ... []]]`
    Arrays,
    /// `{"a": [{"a": [ ... ]}]}`, objects at odd levels (the root is level 1).
    Mixed,
}

/// `levels` nested containers of `shape`, the innermost one holding `inner`
/// (its member `"b"` for an object, its element for an array) when given.
pub fn deep(shape: Shape, levels: usize, inner: Option<Value>) -> Value {
    let object_at = |level: usize| match shape {
        Shape::Objects => true,
        Shape::Arrays => false,
        Shape::Mixed => level % 2 == 1,
    };
    let mut v: Option<Value> = None;
    for level in (1..=levels).rev() {
        let member = match v.take() {
            Some(child) => Some(("a", child)),
            None => inner.clone().map(|i| ("b", i)),
        };
        v = Some(if object_at(level) {
            let mut m = Map::new();
            if let Some((k, child)) = member {
                m.insert(k.to_string(), child);
            }
            Value::Object(m)
        } else {
            Value::Array(member.map(|(_, c)| c).into_iter().collect())
        });
    }
    v.unwrap_or(Value::Null)
}

/// The arguments `{"e": v, "c": v}`, `v` being `levels` (even) nested objects and
/// arrays `{"a": [{"a": [ ... [1]]}]}` (built without recursion): the deep value
/// the report tests give an `enum` (`e`) and a `const` (`c`).
pub fn deep_e_and_c(levels: usize) -> Value {
    // Built twice: cloning a `Value` recurses.
    let v = || deep(Shape::Mixed, levels, Some(serde_json::json!(1)));
    let mut args = Map::new();
    args.insert("e".into(), v());
    args.insert("c".into(), v());
    Value::Object(args)
}

/// Drops a value without recursion (serde_json's `Value` drops recursively, past
/// a small stack for a deep value).
pub fn drop_deep(v: Value) {
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        match v {
            Value::Array(items) => stack.extend(items),
            Value::Object(m) => stack.extend(m.into_iter().map(|(_, v)| v)),
            _ => {}
        }
    }
}

/// The path of the container at level `level + 1` of a value of `shape`: where
/// a limit of `level` levels is crossed.
pub fn crossing(shape: Shape, level: usize) -> Path {
    let segs: Vec<Segment> = (1..=level)
        .map(|l| {
            let object = match shape {
                Shape::Objects => true,
                Shape::Arrays => false,
                Shape::Mixed => l % 2 == 1,
            };
            if object {
                Segment::Key(Cow::Borrowed("a"))
            } else {
                Segment::Index(0)
            }
        })
        .collect();
    Path::from(segs)
}

/// Runs `check` on a value built by `build`, `check` on a thread with a 2 MiB
/// stack (tokio's worker default), building and dropping on a thread with a big
/// one (serde_json's `Value` drops recursively).
pub fn on_small_stack<R: Send>(
    build: impl FnOnce() -> Value + Send,
    check: impl FnOnce(&Value) -> R + Send,
) -> R {
    on_stack(2 << 20, build, check)
}

/// The stack a limit of 1000 levels needs in a debug build, where the
/// interpreter's walk takes up to about 7.5 KB per level (an `anyOf` around the
/// `$ref`, reporting a violation at the bottom; see `examples/depth_stack.rs`):
/// 1000 levels do not fit 2 MiB there, while the default 128 does.
pub const STACK_FOR_1000: usize = 16 << 20;

/// [`on_small_stack`] with a check stack of `stack` bytes.
pub fn on_stack<R: Send>(
    stack: usize,
    build: impl FnOnce() -> Value + Send,
    check: impl FnOnce(&Value) -> R + Send,
) -> R {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn_scoped(s, || {
                let value = build();
                let out = std::thread::scope(|s| {
                    std::thread::Builder::new()
                        .stack_size(stack)
                        .spawn_scoped(s, || check(&value))
                        .expect("thread")
                        .join()
                        .expect("the check panicked")
                });
                drop(value);
                out
            })
            .expect("thread")
            .join()
            .expect("the build panicked")
    })
}

/// Runs `check` on a thread with a 2 MiB stack.
pub fn small_stack<R: Send>(check: impl FnOnce() -> R + Send) -> R {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn_scoped(s, check)
            .expect("thread")
            .join()
            .expect("the check panicked")
    })
}
