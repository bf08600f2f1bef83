//! The standard types' validators (`ToolArgs` for `u8`, `String`, `Vec<T>`,
//! `Option<T>`, tuples, maps, ...: the runtime walks their values) against the
//! interpreter on each type's schema text: the same report, violation for
//! violation, over values of every JSON type and several option sets, at the
//! root and nested. (chrono's, uuid's and url's types: `tests/derive_foreign.rs`
//! at the workspace root, which has those crates.)

use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use tool_schema_engine::{Options, Schema, ToolArgs, Undeclared};

/// Values of every JSON type, at the edges of the standard types' ranges.
fn values() -> Vec<Value> {
    let mut out = vec![
        json!(null),
        json!(true),
        json!(0),
        json!(-1),
        json!(127),
        json!(128),
        json!(-129),
        json!(255),
        json!(256),
        json!(65536),
        json!(4294967296u64),
        json!(-2147483649i64),
        json!(i64::MAX),
        json!(u64::MAX),
        json!(1.0),
        json!(2.5),
        json!(-0.5),
        json!(3.5e38),
        json!(-3.5e38),
        json!(1e300),
        json!(""),
        json!("a"),
        json!("ab"),
        json!("é"),
        json!("192.168.0.1"),
        json!("::1"),
        json!("999.1.1.1"),
        json!("12:30:00"),
        json!("25:00:00"),
        json!("2024-01-02"),
        json!("2024-01-02T03:04:05Z"),
        json!("https://example.com/a"),
        json!("not a url"),
        json!("67e55044-10b1-426f-9247-bb680e5fe0c8"),
        json!([]),
        json!([1]),
        json!([1, 2]),
        json!([1, 1]),
        json!([1, "a"]),
        json!([null, 2, 300]),
        json!(["a", "b", "c"]),
        json!([1, 2, 3, 4]),
        json!([[1, 2], [3]]),
        json!({}),
        json!({"a": 1}),
        json!({"a": "x", "b": null}),
        json!({"a": 300, "b": -1}),
        json!({"a": [1, 2], "b": {"c": 1}}),
    ];
    // Each value nested once, as an array's item.
    let nested: Vec<Value> = out.iter().map(|v| json!([v])).collect();
    out.extend(nested);
    out
}

/// The option sets every value is checked under.
fn option_sets() -> Vec<Options> {
    let base = Options::default();
    vec![
        base,
        base.integer_floats(true),
        base.formats(true),
        base.null_is_absent(true),
        base.object_root(false),
        base.undeclared(Undeclared::RejectIfForbidden),
        base.max_violations(1),
        base.max_depth(2),
    ]
}

/// Every value under every option set: `T`'s report equals the interpreter's
/// on `T`'s schema.
fn agree<T: ToolArgs>() -> usize {
    let schema = Schema::parse(T::schema())
        .unwrap_or_else(|e| panic!("{}: schema refused: {e}", std::any::type_name::<T>()));
    let mut checked = 0;
    for options in option_sets() {
        for value in values() {
            let walked = T::validate_with(&value, &options);
            let interpreted = schema.validate_with(&value, &options);
            assert_eq!(
                walked,
                interpreted,
                "{} on {value} with {options:?}: schema {}",
                std::any::type_name::<T>(),
                T::SCHEMA_JSON
            );
            assert_eq!(
                T::is_valid_with(&value, &options),
                interpreted.is_valid(),
                "{} on {value}",
                std::any::type_name::<T>()
            );
            checked += 1;
        }
    }
    checked
}

macro_rules! agree_all {
    ($($ty:ty),* $(,)?) => {{
        let mut n = 0;
        $(n += agree::<$ty>();)*
        n
    }};
}

#[test]
fn scalars_agree_with_the_interpreter() {
    let n = agree_all!(
        u8,
        u16,
        u32,
        u64,
        u128,
        usize,
        i8,
        i16,
        i32,
        i64,
        i128,
        isize,
        f32,
        f64,
        bool,
        String,
        char,
        Value,
        std::path::PathBuf,
        IpAddr,
        Ipv4Addr,
        Ipv6Addr,
    );
    assert!(n > 20 * 8 * 90, "{n}");
}

#[test]
fn containers_agree_with_the_interpreter() {
    agree_all!(
        Vec<u8>,
        Vec<Vec<i8>>,
        HashSet<u16>,
        BTreeSet<String>,
        HashMap<String, u8>,
        BTreeMap<String, Vec<char>>,
        Box<u8>,
        Box<Vec<bool>>,
        (u8,),
        (u8, String),
        (bool, i8, Value),
        [u8; 2],
        [String; 0],
        Vec<(u8, u8)>,
        Vec<[i16; 1]>,
    );
}

#[test]
fn options_of_every_form_agree_with_the_interpreter() {
    agree_all!(
        Option<u8>,
        Option<String>,
        Option<char>,
        Option<Value>,
        Option<Option<u8>>,
        Option<IpAddr>,
        Option<Vec<u8>>,
        Option<HashSet<u8>>,
        Option<BTreeMap<String, u8>>,
        Option<(u8, bool)>,
        Option<[u8; 1]>,
        Option<Box<u8>>,
        Box<Option<u8>>,
        Vec<Option<u8>>,
        Vec<Option<IpAddr>>,
        HashMap<String, Option<f32>>,
        (Option<u8>, Option<String>),
    );
}
