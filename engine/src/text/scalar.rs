//! Scalars (null, booleans, numbers, strings) checked where they are read, without
//! a `Value`: every keyword of a node, applicators included, decided exactly as the
//! interpreter decides it.

use super::Ctx;
use crate::json::{JsonType, ScalarProbe};
use crate::options::Options;
use crate::schema::NodeId;
use serde_json::Number;

/// A scalar as the JSON text holds it, borrowed.
#[derive(Clone, Debug)]
pub(crate) enum Scalar<'a> {
    Null,
    Bool(bool),
    Number(Number),
    Str(&'a str),
}

impl<'a> Scalar<'a> {
    /// A float token, as `serde_json::Value` keeps it (a non-finite float, which
    /// serde_json never reads from text, would be `null`).
    #[inline]
    pub fn float(f: f64) -> Scalar<'a> {
        Number::from_f64(f).map_or(Scalar::Null, Scalar::Number)
    }

    /// The JSON type under `options`, as [`Options::type_of`] reads the value.
    #[inline]
    fn json_type(&self, options: &Options) -> JsonType {
        match self {
            Scalar::Null => JsonType::Null,
            Scalar::Bool(_) => JsonType::Boolean,
            Scalar::Number(n) if n.is_f64() => match n.as_f64() {
                Some(f) if options.integer_floats && f.fract() == 0.0 => JsonType::Integer,
                _ => JsonType::Number,
            },
            Scalar::Number(_) => JsonType::Integer,
            Scalar::Str(_) => JsonType::String,
        }
    }

    /// The scalar as a look-up in a schema's values (JSON equality, as
    /// [`crate::json::json_eq`] decides).
    #[inline]
    fn probe(&self) -> ScalarProbe<'_> {
        match self {
            Scalar::Null => ScalarProbe::Null,
            Scalar::Bool(b) => ScalarProbe::Bool(*b),
            Scalar::Number(n) => ScalarProbe::Number(n),
            Scalar::Str(s) => ScalarProbe::Str(s),
        }
    }
}

impl Ctx<'_> {
    /// Whether scalar `s` satisfies node `id`: the interpreter's checks in its
    /// order, stopping at the first that fails.
    #[inline(always)]
    pub(crate) fn scalar_ok(&self, id: NodeId, s: &Scalar<'_>) -> bool {
        let plan = self.plan.node(id);
        if let Some(types) = plan.types {
            if !types.accepts(s.json_type(&self.options)) {
                return false;
            }
        }
        !plan.scalar_more || self.scalar_keywords(id, s)
    }

    /// [`Ctx::scalar_ok`] past the type.
    fn scalar_keywords(&self, id: NodeId, s: &Scalar<'_>) -> bool {
        let node = self.schema.node(id);
        if node.never {
            return false;
        }
        let plan = self.plan.node(id);
        let set = self.schema.facts(id).enum_set.as_deref();
        if !crate::schema::node_checks::enum_const::valid_by(node, set, &s.probe()) {
            return false;
        }
        let more = match s {
            Scalar::Number(n) if plan.number_keywords => {
                crate::schema::node_checks::number::valid(node, n, &self.options)
            }
            Scalar::Str(text) if plan.string_keywords => {
                crate::schema::node_checks::string::valid(node, text, &self.options)
            }
            _ => true,
        };
        if !more {
            return false;
        }
        if !plan.applicators {
            return true;
        }
        if let Some(target) = node.reference {
            if !self.scalar_ok(target, s) {
                return false;
            }
        }
        if !node.all_of.iter().all(|&b| self.scalar_ok(b, s)) {
            return false;
        }
        if !node.any_of.is_empty() && !node.any_of.iter().any(|&b| self.scalar_ok(b, s)) {
            return false;
        }
        if !node.one_of.is_empty()
            && node
                .one_of
                .iter()
                .filter(|&&b| self.scalar_ok(b, s))
                .count()
                != 1
        {
            return false;
        }
        if let Some(not) = node.not {
            if self.scalar_ok(not, s) {
                return false;
            }
        }
        match node.effective_if() {
            Some(condition) => node
                .branch(self.scalar_ok(condition, s))
                .is_none_or(|b| self.scalar_ok(b, s)),
            None => true,
        }
    }
}
