//! The cases of one tool: for each numeric field, the ends of its type's range and the
//! first values beyond them (and the ends of the field's own bounds), each put into a
//! valid argument object, with the verdict of the field's Rust type.

use serde_json::Value;

/// A numeric Rust type.
#[derive(Clone, Copy)]
pub enum Ty {
    U8,
    U16,
    U32,
    U64,
    Usize,
    I8,
    I16,
    I32,
    I64,
    Isize,
    F32,
    F64,
}

impl Ty {
    fn name(self) -> &'static str {
        match self {
            Ty::U8 => "u8",
            Ty::U16 => "u16",
            Ty::U32 => "u32",
            Ty::U64 => "u64",
            Ty::Usize => "usize",
            Ty::I8 => "i8",
            Ty::I16 => "i16",
            Ty::I32 => "i32",
            Ty::I64 => "i64",
            Ty::Isize => "isize",
            Ty::F32 => "f32",
            Ty::F64 => "f64",
        }
    }

    /// The type's range, for the integer types.
    fn ends(self) -> Option<(i128, i128)> {
        Some(match self {
            Ty::U8 => (u8::MIN.into(), u8::MAX.into()),
            Ty::U16 => (u16::MIN.into(), u16::MAX.into()),
            Ty::U32 => (u32::MIN.into(), u32::MAX.into()),
            Ty::U64 => (u64::MIN.into(), u64::MAX.into()),
            Ty::Usize => (usize::MIN as i128, usize::MAX as i128),
            Ty::I8 => (i8::MIN.into(), i8::MAX.into()),
            Ty::I16 => (i16::MIN.into(), i16::MAX.into()),
            Ty::I32 => (i32::MIN.into(), i32::MAX.into()),
            Ty::I64 => (i64::MIN.into(), i64::MAX.into()),
            Ty::Isize => (isize::MIN as i128, isize::MAX as i128),
            Ty::F32 | Ty::F64 => return None,
        })
    }

    /// Whether the type holds the integer `v`.
    fn holds_int(self, v: i128) -> bool {
        match self {
            Ty::U8 => u8::try_from(v).is_ok(),
            Ty::U16 => u16::try_from(v).is_ok(),
            Ty::U32 => u32::try_from(v).is_ok(),
            Ty::U64 => u64::try_from(v).is_ok(),
            Ty::Usize => usize::try_from(v).is_ok(),
            Ty::I8 => i8::try_from(v).is_ok(),
            Ty::I16 => i16::try_from(v).is_ok(),
            Ty::I32 => i32::try_from(v).is_ok(),
            Ty::I64 => i64::try_from(v).is_ok(),
            Ty::Isize => isize::try_from(v).is_ok(),
            Ty::F32 | Ty::F64 => unreachable!("not an integer type"),
        }
    }

    /// Whether the float type reads the number `text` as a finite value.
    fn holds_float(self, text: &str) -> bool {
        match self {
            Ty::F32 => text.parse::<f32>().unwrap().is_finite(),
            Ty::F64 => text.parse::<f64>().unwrap().is_finite(),
            _ => false,
        }
    }
}

/// A numeric field: where it is in the argument object, its type, its own bounds.
pub struct Field {
    at: &'static str,
    ty: Ty,
    bounds: Option<(i128, i128)>,
    nullable: bool,
}

impl Field {
    pub fn new(at: &'static str, ty: Ty) -> Field {
        Field {
            at,
            ty,
            bounds: None,
            nullable: false,
        }
    }

    /// The field is an `Option`: `null` is valid.
    pub fn nullable(self) -> Field {
        Field {
            nullable: true,
            ..self
        }
    }

    /// The field has `#[schemars(range(min, max))]`.
    pub fn within(self, min: i128, max: i128) -> Field {
        Field {
            bounds: Some((min, max)),
            ..self
        }
    }
}

/// One argument object (as its exact text) and its verdict.
pub struct Case {
    field: &'static str,
    ty: Ty,
    value: String,
    why: String,
    valid: bool,
    args: String,
}

impl Case {
    /// The JSONL line; `text` is the argument object's exact text (numbers as written).
    pub fn line(&self) -> String {
        format!(
            "{{\"field\":{},\"type\":\"{}\",\"value\":{},\"why\":{},\"valid\":{},\"text\":{}}}",
            Value::from(self.field),
            self.ty.name(),
            Value::from(self.value.as_str()),
            Value::from(self.why.as_str()),
            self.valid,
            Value::from(self.args.as_str()),
        )
    }
}

const HOLE: &str = "\u{1}HOLE\u{1}";

/// Every case of a tool whose valid argument object is `base`.
pub fn all(base: &Value, fields: &[Field]) -> Vec<Case> {
    let mut cases = Vec::new();
    for field in fields {
        let mut with_hole = base.clone();
        *with_hole
            .pointer_mut(field.at)
            .expect("field in the base object") = Value::from(HOLE);
        let template = serde_json::to_string(&with_hole).unwrap();
        let hole = serde_json::to_string(HOLE).unwrap();
        for (value, why, valid) in values(field) {
            let args = template.replace(&hole, &value);
            cases.push(Case {
                field: field.at,
                ty: field.ty,
                value,
                why,
                valid,
                args,
            });
        }
    }
    cases
}

/// The values tried in a field, why, and the verdict of its type (and bounds).
fn values(field: &Field) -> Vec<(String, String, bool)> {
    let ty = field.ty;
    let mut out = Vec::new();
    if let Some((min, max)) = ty.ends() {
        let in_bounds = |v: i128| field.bounds.is_none_or(|(lo, hi)| lo <= v && v <= hi);
        let mut int =
            |v: i128, why: String| out.push((v.to_string(), why, ty.holds_int(v) && in_bounds(v)));
        let name = ty.name();
        int(min, format!("{name}::MIN"));
        int(min - 1, format!("{name}::MIN - 1"));
        int(max, format!("{name}::MAX"));
        int(max + 1, format!("{name}::MAX + 1"));
        if let Some((lo, hi)) = field.bounds {
            int(lo, "the field's minimum".into());
            int(lo - 1, "the field's minimum - 1".into());
            int(hi, "the field's maximum".into());
            int(hi + 1, "the field's maximum + 1".into());
        }
        out.push(("1.5".into(), "not an integer".into(), false));
    } else {
        let mut float = |text: &str, why: &str| {
            out.push((text.to_string(), why.to_string(), ty.holds_float(text)))
        };
        match ty {
            Ty::F32 => {
                // f32::MAX as serde_json writes an f32 (shortest f32 text) ...
                let max = serde_json::to_string(&f32::MAX).unwrap();
                float(&max, "f32::MAX as serde_json writes an f32");
                float(&format!("-{max}"), "f32::MIN as serde_json writes an f32");
                // ... and as it writes an f64.
                let max = serde_json::to_string(&f64::from(f32::MAX)).unwrap();
                float(&max, "f32::MAX as serde_json writes an f64");
                float(&format!("-{max}"), "f32::MIN as serde_json writes an f64");
                float("3.4e38", "just under f32::MAX");
                float("3.5e38", "beyond f32::MAX");
                float("-3.5e38", "beyond f32::MIN");
                float("1e300", "far beyond f32::MAX");
            }
            _ => {
                float("1.7976931348623157e308", "f64::MAX");
                float("-1.7976931348623157e308", "f64::MIN");
                float("3.5e38", "beyond f32::MAX");
            }
        }
        float("0.25", "a fraction");
        float("0", "zero");
    }
    if field.nullable {
        out.push(("null".into(), "None".into(), true));
    }
    out
}
