//! The fuzz targets' properties (`fuzz/`), bounded, in `cargo test`: random schemas
//! from a grammar (types, enums, bounds, properties, items, anyOf/allOf/oneOf/not,
//! `$defs`/`$ref` with recursion and shared definitions, some malformed keywords)
//! -> `Schema::parse` (Ok or a `SchemaError`, never a panic) -> random values ->
//! `validate`, `is_valid` agreeing with it, `validate_str` of the value's text giving
//! the same report, the streaming checker fed the text (compact, pretty, escaped)
//! whole and in chunks giving it too (never doomed on a valid text, doomed at one
//! byte whatever the chunks), every format rendering, every export answering Ok or
//! Err within a size bound. Seeded xorshift: the same cases on every run; a failure
//! names its seed (`HOSTILE_SEED=n` reruns that case alone; `HOSTILE_TRACE=1` names
//! each seed before running it, for a case that aborts).
//!
//! The test binary's allocator refuses to hold more than 1 GiB at once, so a
//! blow-up aborts the test at once instead of exhausting the machine.

#[path = "support/hostile_gen.rs"]
mod gen;

use gen::{Source, Xorshift};
use serde_json::json;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The most this test binary may hold at once.
const CAP: usize = 1 << 30;

struct Capped;

static HELD: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Capped {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if HELD.fetch_add(layout.size(), Ordering::Relaxed) + layout.size() > CAP {
            HELD.fetch_sub(layout.size(), Ordering::Relaxed);
            return std::ptr::null_mut();
        }
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size() {
            let grow = new_size - layout.size();
            if HELD.fetch_add(grow, Ordering::Relaxed) + grow > CAP {
                HELD.fetch_sub(grow, Ordering::Relaxed);
                return std::ptr::null_mut();
            }
        } else {
            HELD.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
        }
        let p = System.realloc(ptr, layout, new_size);
        if p.is_null() && new_size > layout.size() {
            HELD.fetch_sub(new_size - layout.size(), Ordering::Relaxed);
        }
        p
    }
}

#[global_allocator]
static GLOBAL: Capped = Capped;

/// Schemas per run, and values per schema.
const CASES: u64 = 1000;
const VALUES: usize = 6;

fn run_case(seed: u64) -> gen::Outcome {
    let mut rng = Xorshift::new(seed);
    let schema = gen::schema(&mut rng, 4);
    let (mut names, mut scalars) = (Vec::new(), Vec::new());
    gen::vocabulary(&schema, &mut names, &mut scalars);
    // Half from the schema's vocabulary (mostly invalid), half shaped by the schema
    // (mostly valid).
    let values: Vec<_> = (0..VALUES)
        .map(|i| match i % 2 {
            0 => gen::value(&mut rng, &names, &scalars, 0),
            _ => gen::instance(&mut rng, &schema, &schema, 0),
        })
        .collect();
    if std::env::var_os("HOSTILE_TRACE").is_some() {
        eprintln!("schema: {schema}");
        for v in &values {
            eprintln!("value: {v}");
        }
    }
    let result = std::panic::catch_unwind(|| gen::check(&schema, &values));
    match result {
        Ok(outcome) => outcome,
        Err(e) => {
            eprintln!("hostile_props: seed {seed} failed (HOSTILE_SEED={seed} reruns it)\nschema: {schema}");
            std::panic::resume_unwind(e)
        }
    }
}

#[test]
fn random_schemas_and_values_keep_every_property() {
    let seeds: Vec<u64> = match std::env::var("HOSTILE_SEED") {
        Ok(s) => vec![s.parse().expect("HOSTILE_SEED is a number")],
        Err(_) => (1..=CASES).collect(),
    };
    let (mut parsed, mut values, mut invalid, mut ok, mut err) = (0, 0, 0, 0, 0);
    let trace = std::env::var_os("HOSTILE_TRACE").is_some();
    for seed in &seeds {
        if trace {
            eprintln!("seed {seed}");
        }
        let o = run_case(*seed);
        parsed += usize::from(o.parsed);
        values += o.values;
        invalid += o.invalid;
        ok += o.exports_ok;
        err += o.exports_err;
    }
    eprintln!(
        "{} schemas: {parsed} parsed, {values} validations ({invalid} invalid), exports {ok} Ok / {err} Err",
        seeds.len()
    );
    if seeds.len() > 1 {
        // The grammar reaches every outcome: not a test that passes by checking nothing.
        assert!(parsed > seeds.len() / 4, "too few schemas parsed: {parsed}");
        assert!(parsed < seeds.len(), "no schema refused");
        assert!(
            invalid > 0 && invalid < values,
            "{invalid} of {values} invalid"
        );
        assert!(ok > 0 && err > 0, "exports: {ok} Ok, {err} Err");
    }
}

/// The grammar is deterministic: the same seed, the same schema.
#[test]
fn the_generator_is_deterministic() {
    let a = gen::schema(&mut Xorshift::new(7), 4);
    let b = gen::schema(&mut Xorshift::new(7), 4);
    assert_eq!(a, b);
    let c = gen::schema(&mut Xorshift::new(8), 4);
    assert_ne!(a, c);
    // A source that has run dry ends the recursion.
    let mut dry = gen::Bytes::new(&[]);
    assert_eq!(dry.below(10), 0);
    let s = gen::schema(&mut dry, 64);
    assert_eq!(
        s,
        json!({"type": "object", "properties": {}, "additionalProperties": false})
    );
}

/// Every reproducer the fuzz targets found (`tests/data/fuzz-regressions/`, see its
/// README): a schema (`*.json`), or `{"schema": ..., "values": [...]}`, checked
/// with every property, values drawn from its vocabulary when none are given; on
/// a thread with a 2 MiB stack.
#[test]
fn fuzz_regressions_keep_every_property() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fuzz-regressions");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/data/fuzz-regressions")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no reproducers in {}", dir.display());
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a reproducer");
        let input: serde_json::Value = serde_json::from_str(&text).expect("a reproducer is JSON");
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        std::thread::Builder::new()
            .name(name.clone())
            .stack_size(2 << 20)
            .spawn(move || {
                let (schema, mut values) = match input.as_object() {
                    Some(m)
                        if m.len() == 2 && m.contains_key("schema") && m.contains_key("values") =>
                    {
                        (
                            m["schema"].clone(),
                            m["values"].as_array().expect("values is an array").clone(),
                        )
                    }
                    _ => (input, Vec::new()),
                };
                let (mut names, mut scalars) = (Vec::new(), Vec::new());
                gen::vocabulary(&schema, &mut names, &mut scalars);
                let mut rng = Xorshift::new(1);
                values.extend((0..VALUES).map(|i| match i % 2 {
                    0 => gen::value(&mut rng, &names, &scalars, 0),
                    _ => gen::instance(&mut rng, &schema, &schema, 0),
                }));
                gen::check(&schema, &values)
            })
            .expect("spawn")
            .join()
            .unwrap_or_else(|_| panic!("{name}: a property broke (see above)"));
    }
}

/// Fuzz finding (schema_parse_validate, session 3): a float made in code,
/// `1.01 * 3.0` = 3.0300000000000002, is written by serde_json as that shortest text,
/// which serde_json (without `float_roundtrip`) reads back as the float nearest 3.03.
/// `multipleOf: 1.01` rightly refuses the first and accepts the second, so the text
/// path is compared with the value read back from the same text, not with the value
/// the text was written from.
#[test]
fn a_float_that_reads_back_one_ulp_off_keeps_every_property() {
    let schema = serde_json::json!({
        "type": "object",
        "properties": {
            "b": {"type": "array", "uniqueItems": true,
                  "items": {"type": "number", "multipleOf": 1.01}}
        },
        "required": ["b", "c"]
    });
    let made = serde_json::json!({"b": [1.01 * 3.0, 1.01], "c": "\u{202e}\n\u{0}"});
    let text = made.to_string();
    let reread: serde_json::Value = serde_json::from_str(&text).unwrap();
    let parsed = tool_schema::Schema::parse(&schema).unwrap();
    // The two numbers differ, and the validators tell them apart.
    assert_ne!(made, reread);
    assert!(!parsed
        .validate(&made)
        .messages()
        .iter()
        .all(|m| !m.contains("multiple of")));
    assert_eq!(
        parsed
            .validate_str(&text, &Default::default())
            .unwrap()
            .messages(),
        parsed.validate(&reread).messages()
    );
    let out = gen::check_values(&schema, &[made]);
    assert!(out.parsed);
}
