//! Writes what schemars 0.8 and schemars 1.x derive for the tool-argument structs of
//! `tools.rs`, one schema per file, and next to each a JSONL of argument objects with
//! the verdict the Rust types give them: `cargo run -- ../../../tests/data/generators`.
//!
//! The verdicts come from the types, not from any validator: an integer case is valid
//! when `TryFrom<i128>` of the field's type takes it (and the field's own
//! `range(min, max)` holds), a float case when `str::parse::<f32>` (or `f64`) reads its text as a finite
//! value.

#[macro_use]
mod tools;
mod cases;

/// The structs derived with schemars 0.8.
mod v08 {
    use schemars08::JsonSchema;
    tools!("schemars08");
}

/// The structs derived with schemars 1.x.
mod v1 {
    use schemars::JsonSchema;
    tools!("schemars");
}

use cases::{Field, Ty};
use std::path::{Path, PathBuf};

fn main() {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .expect("usage: generator-corpus OUT_DIR"),
    );
    std::fs::create_dir_all(&dir).unwrap();

    let schemas08 = [
        (
            "schemars08_set_levels",
            serde_json::to_value(schemars08::schema_for!(v08::SetLevels)).unwrap(),
        ),
        (
            "schemars08_tune_levels",
            serde_json::to_value(schemars08::schema_for!(v08::TuneLevels)).unwrap(),
        ),
        (
            "schemars08_paint",
            serde_json::to_value(schemars08::schema_for!(v08::Paint)).unwrap(),
        ),
        (
            "schemars08_edit_doc",
            serde_json::to_value(schemars08::schema_for!(v08::EditDoc)).unwrap(),
        ),
    ];
    let schemas1 = [
        (
            "schemars1_set_levels",
            serde_json::to_value(schemars::schema_for!(v1::SetLevels)).unwrap(),
        ),
        (
            "schemars1_tune_levels",
            serde_json::to_value(schemars::schema_for!(v1::TuneLevels)).unwrap(),
        ),
        (
            "schemars1_paint",
            serde_json::to_value(schemars::schema_for!(v1::Paint)).unwrap(),
        ),
        (
            "schemars1_edit_doc",
            serde_json::to_value(schemars::schema_for!(v1::EditDoc)).unwrap(),
        ),
    ];
    // The same structs serialise alike under both derives: one base object per tool.
    let bases = [set_levels(), tune_levels(), paint(), edit_doc()];
    for ((name, schema), (base, fields)) in schemas08
        .iter()
        .chain(&schemas1)
        .zip(bases.iter().chain(&bases))
    {
        write(&dir, name, schema, base, fields);
    }
}

fn write(
    dir: &Path,
    name: &str,
    schema: &serde_json::Value,
    base: &serde_json::Value,
    fields: &[Field],
) {
    let text = serde_json::to_string_pretty(schema).unwrap() + "\n";
    std::fs::write(dir.join(format!("{name}.json")), text).unwrap();
    let lines: String = cases::all(base, fields)
        .iter()
        .map(|c| c.line() + "\n")
        .collect();
    std::fs::write(dir.join(format!("{name}.cases.jsonl")), lines).unwrap();
}

const LEVELS: [(&str, Ty); 12] = [
    ("/u8_level", Ty::U8),
    ("/u16_level", Ty::U16),
    ("/u32_level", Ty::U32),
    ("/u64_level", Ty::U64),
    ("/usize_level", Ty::Usize),
    ("/i8_level", Ty::I8),
    ("/i16_level", Ty::I16),
    ("/i32_level", Ty::I32),
    ("/i64_level", Ty::I64),
    ("/isize_level", Ty::Isize),
    ("/f32_gain", Ty::F32),
    ("/f64_gain", Ty::F64),
];

fn set_levels() -> (serde_json::Value, Vec<Field>) {
    let base = v1::SetLevels {
        u8_level: 1,
        u16_level: 1,
        u32_level: 1,
        u64_level: 1,
        usize_level: 1,
        i8_level: 1,
        i16_level: 1,
        i32_level: 1,
        i64_level: 1,
        isize_level: 1,
        f32_gain: 0.5,
        f64_gain: 0.5,
    };
    let fields = LEVELS.iter().map(|&(at, ty)| Field::new(at, ty)).collect();
    (serde_json::to_value(base).unwrap(), fields)
}

fn tune_levels() -> (serde_json::Value, Vec<Field>) {
    let base = v1::TuneLevels {
        u8_level: None,
        u16_level: None,
        u32_level: None,
        u64_level: None,
        usize_level: None,
        i8_level: None,
        i16_level: None,
        i32_level: None,
        i64_level: None,
        isize_level: None,
        f32_gain: None,
        f64_gain: None,
    };
    let fields = LEVELS
        .iter()
        .map(|&(at, ty)| Field::new(at, ty).nullable())
        .collect();
    (serde_json::to_value(base).unwrap(), fields)
}

fn paint() -> (serde_json::Value, Vec<Field>) {
    let base = v1::Paint {
        color: v1::Color::Red,
        finish: v1::Finish::Satin,
        brush: v1::Brush {
            width_mm: 12,
            coats: 2,
        },
        path: vec![v1::Point { x: 0, y: 0 }],
        pauses_ms: vec![100],
        opacity: Some(0.5),
    };
    let fields = vec![
        Field::new("/brush/width_mm", Ty::U16),
        Field::new("/brush/coats", Ty::U8).within(1, 10),
        Field::new("/path/0/x", Ty::I32),
        Field::new("/path/0/y", Ty::I32),
        Field::new("/pauses_ms/0", Ty::U32),
        Field::new("/opacity", Ty::F32).nullable(),
    ];
    (serde_json::to_value(base).unwrap(), fields)
}

fn edit_doc() -> (serde_json::Value, Vec<Field>) {
    let base = v1::EditDoc {
        doc_id: "d1".into(),
        edit: v1::Edit::Delete { count: 2 },
        anchor: Some(v1::Point { x: 1, y: 2 }),
        retries: 0,
    };
    let fields = vec![
        Field::new("/edit/count", Ty::U32),
        Field::new("/anchor/x", Ty::I32),
        Field::new("/retries", Ty::U8),
    ];
    (serde_json::to_value(base).unwrap(), fields)
}
