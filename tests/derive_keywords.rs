//! `#[derive(ToolArgs)]` mappings that use keywords beyond the first schema model:
//! `char` (`minLength`/`maxLength`), `[T; N]` (`minItems`/`maxItems`), sets
//! (`uniqueItems`), maps (`additionalProperties` as a schema), `Option` of a nested
//! type inside a container (`anyOf`), and `#[arg(min_length, max_length, pattern,
//! min_items, max_items)]`.
//!
//! (Kept apart from `derive_types.rs`: on a schema model without these keywords,
//! the derive refuses each with "keyword ... is not supported yet", and only this
//! file fails to compile.)

#[path = "support/agreement.rs"]
mod agreement;

use agreement::{check, Extras};
use serde::Deserialize;
use serde_json::json;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use tool_schema::{Schema, ToolArgs};

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Collections {
    initial: char,
    point: [f64; 2],
    tags: HashSet<String>,
    ordered_tags: BTreeSet<u8>,
    counts: HashMap<String, u32>,
    labels: BTreeMap<String, Colour>,
    maybe_colours: Vec<Option<Colour>>,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
enum Colour {
    Red,
    Green,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Constrained {
    #[arg(min_length = 1, max_length = 20, pattern = "^[a-z0-9-]+$")]
    slug: String,
    #[arg(min_items = 1, max_items = 3)]
    ids: Vec<u32>,
}

#[test]
fn collection_schemas() {
    let p = &Collections::schema()["properties"];
    assert_eq!(
        p["initial"],
        json!({"type": "string", "minLength": 1, "maxLength": 1})
    );
    assert_eq!(
        p["point"],
        json!({"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2})
    );
    assert_eq!(
        p["tags"],
        json!({"type": "array", "items": {"type": "string"}, "uniqueItems": true})
    );
    assert_eq!(
        p["counts"],
        json!({"type": "object", "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 4294967295u32}})
    );
    assert_eq!(
        p["labels"],
        json!({"type": "object", "additionalProperties": {"type": "string", "enum": ["red", "green"]}})
    );
    assert_eq!(
        p["maybe_colours"],
        json!({"type": "array", "items": {"anyOf": [{"type": "string", "enum": ["red", "green"]}, {"type": "null"}]}})
    );
    assert_eq!(
        Constrained::schema()["properties"],
        json!({
            "slug": {"type": "string", "minLength": 1, "maxLength": 20, "pattern": "^[a-z0-9-]+$"},
            "ids": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 4294967295u32}, "minItems": 1, "maxItems": 3}
        })
    );
}

#[test]
fn collection_values() {
    let good = json!({
        "initial": "é",
        "point": [1, 2.5],
        "tags": ["a", "b"],
        "ordered_tags": [3, 1],
        "counts": {"a": 1},
        "labels": {"x": "red"},
        "maybe_colours": ["green", null]
    });
    let parsed = Collections::parse(&good).unwrap();
    assert_eq!(parsed.initial, 'é');
    assert_eq!(parsed.maybe_colours, [Some(Colour::Green), None]);

    let interp = Schema::parse(Collections::schema()).unwrap();
    for (field, bad) in [
        ("initial", json!("ab")),
        ("initial", json!("")),
        ("point", json!([1])),
        ("point", json!([1, 2, 3])),
        ("tags", json!(["a", "a"])),
        ("counts", json!({"a": -1})),
        ("labels", json!({"x": "blue"})),
        ("maybe_colours", json!([1])),
    ] {
        let mut call = good.clone();
        call[field] = bad;
        let report = Collections::validate(&call);
        assert!(!report.is_valid(), "{call}");
        assert_eq!(report, interp.validate(&call), "{call}");
        assert!(report.violations()[0].path.to_string().starts_with(field));
    }

    assert!(Constrained::parse(&json!({"slug": "a-1", "ids": [1]})).is_ok());
    for bad in [
        json!({"slug": "", "ids": [1]}),
        json!({"slug": "A", "ids": [1]}),
        json!({"slug": "a".repeat(21), "ids": [1]}),
        json!({"slug": "a", "ids": []}),
        json!({"slug": "a", "ids": [1, 2, 3, 4]}),
    ] {
        assert!(Constrained::parse(&bad).is_err(), "{bad}");
    }
}

/// The serde agreement of `derive_serde_agreement.rs`, for these mappings: the
/// lengths of `char` and `[T; N]` agree with serde exactly; sets are the one
/// extra constraint (serde merges duplicates).
#[test]
fn collections_agree_with_serde() {
    check::<Collections>(
        11,
        Extras {
            sets: &["tags", "ordered_tags"],
            ..Extras::default()
        },
    );
    check::<Constrained>(
        12,
        Extras {
            bounded: &["slug", "ids"],
            ..Extras::default()
        },
    );
}

/// `#[arg(values = [..])]`: the only values allowed, as JSON Schema's `enum`.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Choices {
    /// A Python `IntEnum` as an integer with its allowed values.
    #[arg(values = [1, 2, 4])]
    level: u8,
    #[arg(values = ["eu-west", "us-east"])]
    region: Option<String>,
    #[arg(values = [0.5, 1.0])]
    ratio: f64,
}

#[test]
fn allowed_values_are_an_enum() {
    let schema = Choices::schema();
    assert_eq!(schema["properties"]["level"]["enum"], json!([1, 2, 4]));
    assert_eq!(
        schema["properties"]["region"]["enum"],
        json!(["eu-west", "us-east", null])
    );
    let ok = json!({"level": 4, "region": "us-east", "ratio": 1});
    assert!(Choices::validate(&ok).is_valid());
    let parsed = Choices::parse(&ok).unwrap();
    assert_eq!(parsed.level, 4);
    let bad = json!({"level": 3, "region": "mars", "ratio": 0.25});
    assert_eq!(
        Choices::validate(&bad).messages(),
        [
            "argument 'level' should be one of 1, 2, 4, got 3",
            "argument 'region' should be one of \"eu-west\", \"us-east\", null, got \"mars\"",
            "argument 'ratio' should be one of 0.5, 1.0, got 0.25",
        ]
    );
    // The interpreter on the same schema says the same.
    let interp = Schema::parse(schema).unwrap();
    assert_eq!(interp.validate(&bad), Choices::validate(&bad));
    // The text path reads through the generic pass for it, with the same answers.
    assert!(tool_schema::parse_str::<Choices>(&ok.to_string()).is_ok());
    assert!(tool_schema::parse_str::<Choices>(&bad.to_string()).is_err());
    check::<Choices>(
        13,
        Extras {
            bounded: &["level", "region", "ratio"],
            ..Extras::default()
        },
    );
}
