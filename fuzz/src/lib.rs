//! What the fuzz targets share: the fixed schemas (the four benchmark schemas and
//! four recursive / applicator ones in `fuzz/schemas/`), compiled by `tool_schema!`
//! and interpreted, the schema/value grammar of `tests/support/hostile_gen.rs`
//! (the property test's), and a duplicate-key check of JSON text.

#[path = "../../tests/support/hostile_gen.rs"]
pub mod gen;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use std::collections::HashSet;
use std::sync::OnceLock;
use tool_schema::{Options, Report, Schema, ToolArgs};

/// The fixed schemas, compiled.
pub mod compiled {
    tool_schema::tool_schema! {
        pub Weather = include!("../bench/data/weather.json");
        pub Search = include!("../bench/data/search.json");
        pub Order = include!("../bench/data/order.json");
        pub Job = include!("../bench/data/job.json");
        pub Tree = include!("schemas/tree.json");
        pub Expr = include!("schemas/expr.json");
        pub Mixed = include!("schemas/mixed.json");
        pub Shared = include!("schemas/shared.json");
    }
}

/// One fixed schema: its name, its text, and its compiled tool's entry points.
pub struct Fixed {
    pub name: &'static str,
    pub text: &'static str,
    pub validate_with: fn(&Value, &Options) -> Report,
    pub is_valid_with: fn(&Value, &Options) -> bool,
    pub validate_str_with: fn(&str, &Options) -> Result<Report, tool_schema::TextError>,
}

macro_rules! fixed {
    ($name:literal, $path:literal, $ty:ty) => {
        Fixed {
            name: $name,
            text: include_str!($path),
            validate_with: <$ty as ToolArgs>::validate_with,
            is_valid_with: <$ty as ToolArgs>::is_valid_with,
            validate_str_with: tool_schema::validate_str_with::<$ty>,
        }
    };
}

/// The fixed schemas, in the order the first input byte picks them.
pub static FIXED: [Fixed; 8] = [
    fixed!(
        "weather",
        "../../bench/data/weather.json",
        compiled::Weather
    ),
    fixed!("search", "../../bench/data/search.json", compiled::Search),
    fixed!("order", "../../bench/data/order.json", compiled::Order),
    fixed!("job", "../../bench/data/job.json", compiled::Job),
    fixed!("tree", "../schemas/tree.json", compiled::Tree),
    fixed!("expr", "../schemas/expr.json", compiled::Expr),
    fixed!("mixed", "../schemas/mixed.json", compiled::Mixed),
    fixed!("shared", "../schemas/shared.json", compiled::Shared),
];

struct Parsed {
    value: Value,
    schema: Schema,
    names: Vec<String>,
    scalars: Vec<Value>,
}

fn parsed(i: usize) -> &'static Parsed {
    static CELLS: [OnceLock<Parsed>; 8] = [const { OnceLock::new() }; 8];
    CELLS[i].get_or_init(|| {
        let value: Value = serde_json::from_str(FIXED[i].text).expect("fixed schema is JSON");
        let schema = Schema::parse(&value).expect("fixed schema parses");
        let (mut names, mut scalars) = (Vec::new(), Vec::new());
        gen::vocabulary(&value, &mut names, &mut scalars);
        Parsed {
            value,
            schema,
            names,
            scalars,
        }
    })
}

/// Fixed schema `i`, interpreted.
pub fn schema(i: usize) -> &'static Schema {
    &parsed(i).schema
}

/// Fixed schema `i` as JSON.
pub fn schema_value(i: usize) -> &'static Value {
    &parsed(i).value
}

/// A value built from `src` for fixed schema `i`: out of its vocabulary (mostly
/// invalid) or shaped by it (mostly valid), as the first choice says.
pub fn value_for<S: gen::Source>(i: usize, src: &mut S) -> Value {
    let p = parsed(i);
    if src.chance(1, 2) {
        gen::instance(src, &p.value, &p.value, 0)
    } else {
        gen::value(src, &p.names, &p.scalars, 0)
    }
}

/// The options a choice picks: tool-call mode, spec mode, tool-call mode without
/// formats, or with integer floats.
pub fn options(choice: u8) -> Options {
    match choice % 4 {
        0 => Options::default(),
        1 => Options::SPEC,
        2 => Options::default().formats(false),
        _ => Options::default().integer_floats(true),
    }
}

/// Whether JSON `text` repeats a member name in some object (`None`: not JSON).
pub fn has_duplicate_keys(text: &str) -> Option<bool> {
    let mut de = serde_json::Deserializer::from_str(text);
    let dup = DupCheck::deserialize(&mut de).ok()?;
    de.end().ok()?;
    Some(dup.0)
}

struct DupCheck(bool);

impl<'de> Deserialize<'de> for DupCheck {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<DupCheck, D::Error> {
        d.deserialize_any(DupVisitor)
    }
}

struct DupVisitor;

impl<'de> Visitor<'de> for DupVisitor {
    type Value = DupCheck;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("JSON")
    }
    fn visit_bool<E: de::Error>(self, _: bool) -> Result<DupCheck, E> {
        Ok(DupCheck(false))
    }
    fn visit_i64<E: de::Error>(self, _: i64) -> Result<DupCheck, E> {
        Ok(DupCheck(false))
    }
    fn visit_u64<E: de::Error>(self, _: u64) -> Result<DupCheck, E> {
        Ok(DupCheck(false))
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<DupCheck, E> {
        Ok(DupCheck(false))
    }
    fn visit_str<E: de::Error>(self, _: &str) -> Result<DupCheck, E> {
        Ok(DupCheck(false))
    }
    fn visit_unit<E: de::Error>(self) -> Result<DupCheck, E> {
        Ok(DupCheck(false))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<DupCheck, A::Error> {
        let mut dup = false;
        while let Some(DupCheck(d)) = seq.next_element()? {
            dup |= d;
        }
        Ok(DupCheck(dup))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<DupCheck, A::Error> {
        let mut seen = HashSet::new();
        let mut dup = false;
        while let Some(key) = map.next_key::<String>()? {
            dup |= !seen.insert(key);
            let DupCheck(d) = map.next_value()?;
            dup |= d;
        }
        Ok(DupCheck(dup))
    }
}

/// A deterministic seed from input bytes (FNV-1a).
pub fn seed_of(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}
