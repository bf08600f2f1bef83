//! The checking pass of [`Schema::validate_str`](crate::Schema::validate_str):
//! the text read once by the byte [`Reader`], each value decided against its
//! schema node where it stands (the decisions of [`Ctx::scalar_at`],
//! [`ObjectState`] and [`ArrayState`], which the typed pass shares). It says
//! only whether the call is valid: at the first violation, or anything the
//! reader leaves to serde_json, it stops and the exact path answers.

use super::object::{ArrayState, ObjectState};
use super::plan::Compound;
use super::scalar::Scalar;
use super::scan::{Bail, Reader};
use super::{At, Ctx};
use crate::schema::NodeId;
use serde_json::Value;

/// Whether `text` is one JSON value that the pass finds valid at `at` (the
/// root), with nothing after it but white space. A root read into a value (an
/// `anyOf` at the root, ...) is kept in `cx` for the caller to validate.
pub(crate) fn accepts(cx: &Ctx<'_>, text: &str, at: At) -> bool {
    let mut r = Reader::new(text);
    value(cx, &mut r, at).is_ok() && r.at_end()
}

/// `Ok` when `valid`.
#[inline(always)]
fn ok(valid: bool) -> Result<(), Bail> {
    if valid {
        Ok(())
    } else {
        Err(Bail)
    }
}

/// Reads the next value and checks it at `at`.
fn value(cx: &Ctx<'_>, r: &mut Reader<'_>, at: At) -> Result<(), Bail> {
    if at.node.is_none() {
        return r.skip();
    }
    let scalar = match r.peek()? {
        b'"' => {
            let s = r.string()?;
            return ok(cx.scalar_at(at, &Scalar::Str(s)));
        }
        b'{' => return object(cx, r, at),
        b'[' => return array(cx, r, at),
        b't' => {
            r.literal(b"true")?;
            Scalar::Bool(true)
        }
        b'f' => {
            r.literal(b"false")?;
            Scalar::Bool(false)
        }
        b'n' => {
            r.literal(b"null")?;
            Scalar::Null
        }
        b'-' | b'0'..=b'9' => Scalar::Number(r.number()?),
        _ => return Err(Bail),
    };
    ok(cx.scalar_at(at, &scalar))
}

/// An object or array (next byte its bracket) walked as `plan` says: `Ok(None)`
/// when already settled (skipped or buffered), else the driving node, the bracket
/// consumed.
#[inline(always)]
fn open(cx: &Ctx<'_>, r: &mut Reader<'_>, at: At, plan: Compound) -> Result<Option<NodeId>, Bail> {
    match plan {
        Compound::Fail => Err(Bail),
        Compound::Open => r.skip().map(|()| None),
        Compound::Buffer => buffered(cx, r, at).map(|()| None),
        Compound::Drive(driver) => {
            r.bump();
            r.enter()?;
            Ok(Some(driver))
        }
    }
}

/// An object (next byte `{`) at `at`.
fn object(cx: &Ctx<'_>, r: &mut Reader<'_>, at: At) -> Result<(), Bail> {
    let Some(driver) = open(cx, r, at, cx.object_plan(at))? else {
        return Ok(());
    };
    let mut state = ObjectState::new(cx, driver, at.root);
    if r.first(b'}')? {
        loop {
            if r.peek()? != b'"' {
                return Err(Bail);
            }
            let name = state.key(cx, r.string()?).map_err(|()| Bail)?;
            r.expect(b':')?;
            let at = state.enter(name).ok_or(Bail)?;
            value(cx, r, at)?;
            if !r.more(b'}')? {
                break;
            }
        }
    }
    r.leave();
    ok(state.finish())
}

/// An array (next byte `[`) at `at`.
fn array(cx: &Ctx<'_>, r: &mut Reader<'_>, at: At) -> Result<(), Bail> {
    let Some(driver) = open(cx, r, at, cx.array_plan(at))? else {
        return Ok(());
    };
    let mut state = ArrayState::new(cx, driver);
    if r.first(b']')? {
        loop {
            value(cx, r, state.next(cx))?;
            state.count += 1;
            if !r.more(b']')? {
                break;
            }
        }
    }
    r.leave();
    ok(state.finish())
}

/// A value read into a `serde_json::Value` (the reader checked it is well formed
/// and repeats no name): kept for the report at the root, else checked by the
/// interpreter.
#[cold]
fn buffered(cx: &Ctx<'_>, r: &mut Reader<'_>, at: At) -> Result<(), Bail> {
    let value: Value = serde_json::from_str(r.raw()?).map_err(|_| Bail)?;
    if at.root {
        cx.keep_root(value);
        return Ok(());
    }
    ok(cx.value_ok(at, &value))
}
