//! [`ToolArgs`] for the standard types a `#[derive(ToolArgs)]` field may have, so
//! that each is a generic argument too (`Pair<u8>`, `Page<String>`,
//! `Pair<Vec<u32>>`): a type parameter is a nested `ToolArgs` type to the derive
//! (see the derive's `generics`).
//!
//! Each type's schema text is the one the derive writes for a field of that type
//! (an integer's range, an `f32`'s, a `char`'s one character, a set's
//! `uniqueItems`, ...; `tests/derive_generics.rs` compares them); a container's
//! joins its parameters' texts as a generic derived type does (capacity tiers,
//! `constcat_fixed`). An `Option<T>` is `T` or `null` in the field's form
//! (`null` joining `T`'s `type`, else an `anyOf`: `constcat_null`), and optional
//! where a derived generic type's field has it (`ToolArgs::__OPTIONAL`). A value is
//! validated on values (`std_walk`: each type's schema is one of a few shapes,
//! walked with the interpreter's decisions, order and words), a container's
//! items by their own type's walk.

use super::std_problems as problems;
use super::std_walk::untyped;
use super::std_walk::{any_of, array_of, map_of, scalar, ArrayOf, Items, Limit, Scalar, Walk};
use super::ToolArgs;
use crate::collect::collect_report;
use crate::constcat::{concat_len, json_type, Defs, Reading, TargetProblems};
use crate::constcat_fixed::{
    fixed_concat, fixed_defs, fixed_list, fixed_schema, fixed_schema_len, fixed_str, Fixed,
    DEFS_TIERS, TIERS,
};
use crate::constcat_null::{null_form, nullable_pieces};
use crate::instances::instance_schema;
use crate::json::JsonType;
use crate::options::Options;
use crate::violation::{Position, Report, Sink, Trail};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::marker::PhantomData;

/// The schema text of a container type, in pieces (its parameters' texts
/// among them), and the definitions lists of its parameters.
trait Pieces {
    const PIECES: &'static [&'static str];
    const NESTED_DEFS: &'static [Defs];
}

/// A text joined from `P`'s pieces (and its whole schema with the definitions),
/// in the first capacity tier it fits.
struct Joined<P>(PhantomData<P>);

impl<P: Pieces> Joined<P> {
    const USE_0: Fixed<u8, { TIERS[0] }> = fixed_concat(P::PIECES);
    const USE_1: Fixed<u8, { TIERS[1] }> = fixed_concat(P::PIECES);
    const USE_2: Fixed<u8, { TIERS[2] }> = fixed_concat(P::PIECES);
    const USE_3: Fixed<u8, { TIERS[3] }> = fixed_concat(P::PIECES);

    /// The type's text where another schema nests it.
    const USE: &'static str = {
        let len = concat_len(P::PIECES);
        if len <= TIERS[0] {
            fixed_str(&Self::USE_0)
        } else if len <= TIERS[1] {
            fixed_str(&Self::USE_1)
        } else if len <= TIERS[2] {
            fixed_str(&Self::USE_2)
        } else if len <= TIERS[3] {
            fixed_str(&Self::USE_3)
        } else {
            panic!("tool-schema: the schema text of this standard type is longer than a generic type's limit")
        }
    };

    const DEFS_0: Fixed<(&'static str, &'static str), { DEFS_TIERS[0] }> =
        fixed_defs(P::NESTED_DEFS);
    const DEFS_1: Fixed<(&'static str, &'static str), { DEFS_TIERS[1] }> =
        fixed_defs(P::NESTED_DEFS);

    /// The parameters' definitions, each name once.
    const DEFS: Defs = {
        let n = crate::constcat::defs_count(P::NESTED_DEFS);
        if n <= DEFS_TIERS[0] {
            fixed_list(&Self::DEFS_0)
        } else if n <= DEFS_TIERS[1] {
            fixed_list(&Self::DEFS_1)
        } else {
            panic!("tool-schema: the definitions of this standard type are more than a generic type's limit")
        }
    };

    const WHOLE_0: Fixed<u8, { TIERS[0] }> = fixed_schema(Self::USE, Self::DEFS);
    const WHOLE_1: Fixed<u8, { TIERS[1] }> = fixed_schema(Self::USE, Self::DEFS);
    const WHOLE_2: Fixed<u8, { TIERS[2] }> = fixed_schema(Self::USE, Self::DEFS);
    const WHOLE_3: Fixed<u8, { TIERS[3] }> = fixed_schema(Self::USE, Self::DEFS);

    /// The type's whole schema: its text with the definitions at its root.
    const WHOLE: &'static str = {
        let len = fixed_schema_len(Self::USE, Self::DEFS);
        if len <= TIERS[0] {
            fixed_str(&Self::WHOLE_0)
        } else if len <= TIERS[1] {
            fixed_str(&Self::WHOLE_1)
        } else if len <= TIERS[2] {
            fixed_str(&Self::WHOLE_2)
        } else if len <= TIERS[3] {
            fixed_str(&Self::WHOLE_3)
        } else {
            panic!("tool-schema: the schema text of this standard type is longer than a generic type's limit")
        }
    };
}

/// The items of `ToolArgs` every standard type shares: its schema read once per
/// type, validated by `$walk` (`fn(nullable, value, trail, position, options,
/// out)`: the type's checks, `null` accepted too where `nullable`, as the type's
/// text does where `Option<Self>` writes it).
macro_rules! walked {
    ($walk:expr) => {
        const DESCRIPTION: &'static str = "";

        fn schema() -> &'static Value {
            instance_schema(<Self as ToolArgs>::SCHEMA_JSON)
        }

        fn validate_with(args: &Value, options: &Options) -> Report {
            // Whether the root declares a `type` matters only to a root that is
            // not an object (`collect_report`'s first check): the schema is
            // looked at for that call alone.
            let has_type = args.is_object() || Self::schema().get("type").is_some();
            let walk: Walk = <Self as ToolArgs>::__validate_at;
            collect_report(args, options, has_type, false, |_| None, walk)
        }

        fn __validate_at(
            args: &Value,
            trail: &Trail<'_>,
            position: Position,
            options: &Options,
            out: &mut Sink<'_>,
        ) {
            ($walk)(false, args, trail, position, options, out)
        }

        fn __validate_or_null_at(
            args: &Value,
            trail: &Trail<'_>,
            position: Position,
            options: &Options,
            out: &mut Sink<'_>,
        ) {
            ($walk)(true, args, trail, position, options, out)
        }
    };
}

/// `ToolArgs` for a type of a fixed schema: `(type, name, schema text, reading,
/// target problems, its walk)`.
macro_rules! leaf {
    (@walk $scalar:expr) => {
        |nullable, v: &Value, t: &Trail<'_>, p, o: &Options, out: &mut Sink<'_>| {
            scalar(&$scalar, nullable, v, t, p, o, out)
        }
    };
    (@form) => { null_form::JOIN_TYPE };
    (@form $form:expr) => { $form };
    ($($(#[$attr:meta])* $ty:ty => $name:literal, $schema:literal, $reading:expr, $problems:expr, $walk:expr $(, $form:expr)?;)*) => {$(
        $(#[$attr])*
        impl ToolArgs for $ty {
            const NAME: &'static str = $name;
            const SCHEMA_JSON: &'static str = $schema;
            const __READING: Reading = $reading;
            const __TARGET_PROBLEMS: TargetProblems = $problems;
            const __NULL_FORM: u8 = leaf!(@form $($form)?);
            walked!($walk);
        }
    )*};
}

use json_type::{BOOLEAN, FRACTION, INTEGER, STRING};

/// An integer type's walk: its range.
macro_rules! int {
    ($min:expr, $max:expr) => {
        leaf!(@walk Scalar::of(JsonType::Integer).range($min, $max))
    };
}

/// `{"type":"string","format":"ipv4"}`, and `ipv6`: `Ipv4Addr`, `Ipv6Addr` and
/// the branches of `IpAddr`.
const IPV4: Scalar = Scalar {
    format: Some("ipv4"),
    ..Scalar::of(JsonType::String)
};
const IPV6: Scalar = Scalar {
    format: Some("ipv6"),
    ..Scalar::of(JsonType::String)
};

fn ipv4(v: &Value, t: &Trail<'_>, p: Position, o: &Options, out: &mut Sink<'_>) {
    scalar(&IPV4, false, v, t, p, o, out)
}

fn ipv6(v: &Value, t: &Trail<'_>, p: Position, o: &Options, out: &mut Sink<'_>) {
    scalar(&IPV6, false, v, t, p, o, out)
}

leaf! {
    u8 => "u8", r#"{"type":"integer","minimum":0,"maximum":255}"#, Reading::exact(INTEGER), problems::U8, int!(Some(Limit::U(0)), Some(Limit::U(255)));
    u16 => "u16", r#"{"type":"integer","minimum":0,"maximum":65535}"#, Reading::exact(INTEGER), problems::U16, int!(Some(Limit::U(0)), Some(Limit::U(65535)));
    u32 => "u32", r#"{"type":"integer","minimum":0,"maximum":4294967295}"#, Reading::exact(INTEGER), problems::U32, int!(Some(Limit::U(0)), Some(Limit::U(4294967295)));
    u64 => "u64", r#"{"type":"integer","minimum":0}"#, Reading::exact(INTEGER), problems::U64, int!(Some(Limit::U(0)), None);
    u128 => "u128", r#"{"type":"integer","minimum":0}"#, Reading::exact(INTEGER), problems::U128, int!(Some(Limit::U(0)), None);
    // The 32-bit range on every target, as the derive writes it; serde reads 64 bits.
    usize => "usize", r#"{"type":"integer","minimum":0,"maximum":4294967295}"#, Reading::inexact(INTEGER), problems::USIZE, int!(Some(Limit::U(0)), Some(Limit::U(4294967295)));
    i8 => "i8", r#"{"type":"integer","minimum":-128,"maximum":127}"#, Reading::exact(INTEGER), problems::I8, int!(Some(Limit::I(-128)), Some(Limit::U(127)));
    i16 => "i16", r#"{"type":"integer","minimum":-32768,"maximum":32767}"#, Reading::exact(INTEGER), problems::I16, int!(Some(Limit::I(-32768)), Some(Limit::U(32767)));
    i32 => "i32", r#"{"type":"integer","minimum":-2147483648,"maximum":2147483647}"#, Reading::exact(INTEGER), problems::I32, int!(Some(Limit::I(-2147483648)), Some(Limit::U(2147483647)));
    i64 => "i64", r#"{"type":"integer","maximum":9223372036854775807}"#, Reading::exact(INTEGER), problems::I64, int!(None, Some(Limit::U(9223372036854775807)));
    i128 => "i128", r#"{"type":"integer"}"#, Reading::exact(INTEGER), problems::I128, int!(None, None);
    isize => "isize", r#"{"type":"integer","minimum":-2147483648,"maximum":2147483647}"#, Reading::inexact(INTEGER), problems::ISIZE, int!(Some(Limit::I(-2147483648)), Some(Limit::U(2147483647)));
    // serde reads a number past `f32::MAX` as an infinity.
    f32 => "f32", r#"{"type":"number","minimum":-3.4028235e+38,"maximum":3.4028235e+38}"#, Reading::partly_exact(INTEGER | FRACTION, INTEGER), problems::F32, leaf!(@walk Scalar::of(JsonType::Number).range(Some(Limit::F(-3.4028235e38)), Some(Limit::F(3.4028235e38))));
    f64 => "f64", r#"{"type":"number"}"#, Reading::exact(INTEGER | FRACTION), problems::F64, leaf!(@walk Scalar::of(JsonType::Number));
    bool => "bool", r#"{"type":"boolean"}"#, Reading::exact(BOOLEAN), problems::BOOL, leaf!(@walk Scalar::of(JsonType::Boolean));
    String => "string", r#"{"type":"string"}"#, Reading::exact(STRING), problems::STRING, leaf!(@walk Scalar::of(JsonType::String));
    char => "char", r#"{"type":"string","minLength":1,"maxLength":1}"#, Reading::exact(STRING), problems::CHAR, leaf!(@walk Scalar { one_char: true, ..Scalar::of(JsonType::String) });
    Value => "value", "{}", Reading::ANY, problems::VALUE, |_: bool, v: &Value, t: &Trail<'_>, p, o: &Options, out: &mut Sink<'_>| untyped(v, t, p, o, out), null_form::KEPT;
    std::path::PathBuf => "path_buf", r#"{"type":"string"}"#, Reading::exact(STRING), problems::PATHBUF, leaf!(@walk Scalar::of(JsonType::String));
    // The formats read strings the types' parsers refuse, and the other way.
    std::net::IpAddr => "ip_addr", r#"{"anyOf":[{"type":"string","format":"ipv4"},{"type":"string","format":"ipv6"}]}"#, Reading::inexact(STRING), problems::IPADDR, |nullable, v: &Value, t: &Trail<'_>, p, o: &Options, out: &mut Sink<'_>| {
        untyped(v, t, p, o, out);
        any_of(&[ipv4, ipv6], nullable, v, t, p, o, out)
    }, null_form::BRANCH;
    std::net::Ipv4Addr => "ipv4_addr", r#"{"type":"string","format":"ipv4"}"#, Reading::inexact(STRING), problems::IPV4ADDR, leaf!(@walk IPV4);
    std::net::Ipv6Addr => "ipv6_addr", r#"{"type":"string","format":"ipv6"}"#, Reading::inexact(STRING), problems::IPV6ADDR, leaf!(@walk IPV6);
}

// `DateTime<Utc>`, `DateTime<FixedOffset>` and `DateTime<Local>` (the time
// zones the derive takes, those serde reads from RFC 3339 text): every zone
// whose `DateTime` serde reads, so `Local` is covered where the user's chrono
// has its `clock` feature, without this crate turning it on.
#[cfg(feature = "chrono")]
impl<Tz: chrono::TimeZone + 'static> ToolArgs for chrono::DateTime<Tz>
where
    chrono::DateTime<Tz>: for<'de> serde::Deserialize<'de>,
{
    const NAME: &'static str = "date_time";
    const SCHEMA_JSON: &'static str = r#"{"type":"string","format":"date-time"}"#;
    const __READING: Reading = Reading::inexact(STRING);
    const __TARGET_PROBLEMS: TargetProblems = problems::DATETIME;
    const __NULL_FORM: u8 = null_form::JOIN_TYPE;
    walked!(leaf!(@walk Scalar { format: Some("date-time"), ..Scalar::of(JsonType::String) }));
}

#[cfg(feature = "chrono")]
leaf! {
    chrono::NaiveDate => "naive_date", r#"{"type":"string","format":"date"}"#, Reading::inexact(STRING), problems::NAIVEDATE, leaf!(@walk Scalar { format: Some("date"), ..Scalar::of(JsonType::String) });
}

// `chrono::NaiveTime`'s schema: the derive's pattern (JSON text, its `\`
// escaped).
/// `chrono::NaiveTime`'s pattern, compiled once.
#[cfg(feature = "chrono")]
fn naive_time_pattern() -> &'static crate::pattern::Pattern {
    static PATTERN: std::sync::OnceLock<crate::pattern::Pattern> = std::sync::OnceLock::new();
    super::std_walk::pattern_in(&PATTERN, <chrono::NaiveTime as ToolArgs>::schema())
}

#[cfg(feature = "chrono")]
leaf! {
    chrono::NaiveTime => "naive_time", r#"{"type":"string","pattern":"^(?:[01][0-9]|2[0-3]):[0-5][0-9]:(?:[0-5][0-9]|60)(?:\\.[0-9]{1,9})?$"}"#, Reading::inexact(STRING), problems::NAIVETIME, leaf!(@walk Scalar { pattern: Some(naive_time_pattern as super::std_walk::PatternOf), ..Scalar::of(JsonType::String) });
}

#[cfg(feature = "uuid")]
leaf! {
    uuid::Uuid => "uuid", r#"{"type":"string","format":"uuid"}"#, Reading::inexact(STRING), problems::UUID, leaf!(@walk Scalar { format: Some("uuid"), ..Scalar::of(JsonType::String) });
}

// `url::Url`: the derive's `format: uri` and the pattern of what `Url::parse`
// reads (the derive's `URL_PATTERN`, as JSON text).
/// `url::Url`'s pattern, compiled once.
#[cfg(feature = "url")]
fn url_pattern() -> &'static crate::pattern::Pattern {
    static PATTERN: std::sync::OnceLock<crate::pattern::Pattern> = std::sync::OnceLock::new();
    super::std_walk::pattern_in(&PATTERN, <url::Url as ToolArgs>::schema())
}

#[cfg(feature = "url")]
leaf! {
    url::Url => "url", r#"{"type":"string","format":"uri","pattern":"^(?:(?:[a-zA-Z][a-zA-Z0-9+.-]{0,2}|[a-zA-Z][a-zA-Z0-9+.-]{4,}|[a-eg-zA-EG-Z][a-zA-Z0-9+.-]{3}|[fF][a-hj-zA-HJ-Z0-9+.-][a-zA-Z0-9+.-]{2}|[fF][iI][a-km-zA-KM-Z0-9+.-][a-zA-Z0-9+.-]|[fF][iI][lL][a-df-zA-DF-Z0-9+.-])://(?:(?:[a-zA-Z0-9](?:-?[a-zA-Z0-9])*\\.)*[a-zA-Z](?:-?[a-zA-Z0-9])*|(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])(?:\\.(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3}|\\[[0-9a-fA-F:.]+\\])(?::(?:[0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?|[fF][iI][lL][eE]://(?:(?:[a-zA-Z0-9](?:-?[a-zA-Z0-9])*\\.)*[a-zA-Z](?:-?[a-zA-Z0-9])*|(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])(?:\\.(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3}|\\[[0-9a-fA-F:.]+\\])?)(?:[/?#].*)?$"}"#, Reading::inexact(STRING), problems::URL, leaf!(@walk Scalar { format: Some("uri"), pattern: Some(url_pattern as super::std_walk::PatternOf), ..Scalar::of(JsonType::String) });
}

/// `ToolArgs` for a container of `ToolArgs` types: `(impl generics, type, name,
/// pieces of its text, its parameters, reading, its own target problems, its
/// walk)`.
macro_rules! container {
    (@optional) => { false };
    (@optional $optional:expr) => { $optional };
    (@form) => { null_form::JOIN_TYPE };
    (@form $form:expr) => { $form };
    ($([$($g:ident),*] $ty:ty => $name:literal, [$($piece:expr),* $(,)?], ($($p:ident),*), $reading:expr, $own:expr, walk: $walk:expr $(, optional: $optional:expr, null: $form:expr)?;)*) => {$(
        impl<$($g: ToolArgs + 'static),*> Pieces for $ty {
            const PIECES: &'static [&'static str] = &[$($piece),*];
            const NESTED_DEFS: &'static [Defs] = &[$(<$p as ToolArgs>::__DEFS),*];
        }

        impl<$($g: ToolArgs + 'static),*> ToolArgs for $ty {
            const NAME: &'static str = $name;
            const SCHEMA_JSON: &'static str = Joined::<Self>::WHOLE;
            const __USE_JSON: &'static str = Joined::<Self>::USE;
            const __DEFS: Defs = Joined::<Self>::DEFS;
            const __TARGET_PROBLEMS: TargetProblems = &crate::constcat::first_problems::<
                { crate::export_records::Target::ALL.len() },
            >($own, &[$(<$p as ToolArgs>::__TARGET_PROBLEMS),*]);
            const __READING: Reading = $reading;
            const __OPTIONAL: bool = container!(@optional $($optional)?);
            const __NULL_FORM: u8 = container!(@form $($form)?);
            walked!($walk);
        }
    )*};
}

/// `T`'s text where another schema nests it.
const fn u<T: ToolArgs>() -> &'static str {
    T::__USE_JSON
}

/// `T`'s text taking `null` as well, in pieces (see `nullable_pieces`).
struct Nullable<T>(PhantomData<T>);

impl<T: ToolArgs> Nullable<T> {
    const PIECES: [&'static str; 4] = nullable_pieces(T::__USE_JSON, T::__NULL_FORM);
}

container! {
    [T] Vec<T> => "vec", [r#"{"type":"array","items":"#, u::<T>(), "}"], (T),
        Reading::array(T::__READING, true), &[], walk: items_of::<T>(false);
    [T] HashSet<T> => "hash_set",
        [r#"{"type":"array","items":"#, u::<T>(), r#","uniqueItems":true}"#], (T),
        Reading::array(T::__READING, false), problems::SET, walk: items_of::<T>(true);
    [T] BTreeSet<T> => "btree_set",
        [r#"{"type":"array","items":"#, u::<T>(), r#","uniqueItems":true}"#], (T),
        Reading::array(T::__READING, false), problems::SET, walk: items_of::<T>(true);
    [T] HashMap<String, T> => "hash_map",
        [r#"{"type":"object","additionalProperties":"#, u::<T>(), "}"], (T),
        Reading::map(T::__READING), problems::MAP, walk: values_of::<T>();
    [T] BTreeMap<String, T> => "btree_map",
        [r#"{"type":"object","additionalProperties":"#, u::<T>(), "}"], (T),
        Reading::map(T::__READING), problems::MAP, walk: values_of::<T>();
    // `T` or `null` in the form the derive writes a field `Option<T>`; read from
    // an absent member (`None`) as serde does.
    [T] Option<T> => "option", [
            Nullable::<T>::PIECES[0], Nullable::<T>::PIECES[1],
            Nullable::<T>::PIECES[2], Nullable::<T>::PIECES[3],
        ], (T),
        T::__READING.nullable(), &[],
        walk: |_, v: &Value, t: &Trail<'_>, p, o: &Options, out: &mut Sink<'_>| {
            T::__validate_or_null_at(v, t, p, o, out)
        },
        optional: true, null: null_form::KEPT;
    // serde reads a `Box<T>` as it reads `T`, an absent member included.
    [T] Box<T> => "box", [u::<T>()], (T), T::__READING, &[],
        walk: |nullable, v: &Value, t: &Trail<'_>, p, o: &Options, out: &mut Sink<'_>| {
            match nullable {
                true => T::__validate_or_null_at(v, t, p, o, out),
                false => T::__validate_at(v, t, p, o, out),
            }
        },
        optional: T::__OPTIONAL, null: T::__NULL_FORM;
}

/// The walk of an array of `T`s (each one once, with `unique`).
fn items_of<T: ToolArgs>(
    unique: bool,
) -> impl Fn(bool, &Value, &Trail<'_>, Position, &Options, &mut Sink<'_>) {
    move |nullable, v, t, p, o, out| {
        let shape = ArrayOf {
            items: Items::Each(T::__validate_at),
            min_items: None,
            max_items: None,
            unique,
        };
        array_of(&shape, nullable, v, t, p, o, out)
    }
}

/// The walk of a map of `T`s.
fn values_of<T: ToolArgs>() -> impl Fn(bool, &Value, &Trail<'_>, Position, &Options, &mut Sink<'_>)
{
    |nullable, v, t, p, o, out| map_of(T::__validate_at, nullable, v, t, p, o, out)
}

/// What serde reads as a tuple against its schema: arrays, exact on none (as the
/// derive says of a tuple field).
const TUPLE: Reading = Reading {
    reads: json_type::ARRAY,
    accepts: json_type::ARRAY,
    exact: 0,
    ..Reading::UNKNOWN
};

/// `ToolArgs` for the tuples of `$n` items (serde reads tuples up to 16).
macro_rules! tuples {
    ($($n:literal: $first:ident $(, $rest:ident)*;)*) => {$(
        container! {
            [$first $(, $rest)*] ($first, $($rest,)*) => "tuple",
                [
                    concat!(r#"{"type":"array","items":false,"minItems":"#, $n, r#","prefixItems":["#),
                    u::<$first>(), $(",", u::<$rest>(),)* "]}"
                ],
                ($first $(, $rest)*), TUPLE, problems::TUPLE,
                walk: |nullable, v: &Value, t: &Trail<'_>, p, o: &Options, out: &mut Sink<'_>| {
                    let walks: &[Walk] = &[$first::__validate_at $(, $rest::__validate_at)*];
                    let shape = ArrayOf {
                        items: Items::Fixed(walks),
                        min_items: Some($n),
                        max_items: None,
                        unique: false,
                    };
                    array_of(&shape, nullable, v, t, p, o, out)
                };
        }
    )*};
}

tuples! {
    1: A;
    2: A, B;
    3: A, B, C;
    4: A, B, C, D;
    5: A, B, C, D, E;
    6: A, B, C, D, E, F;
    7: A, B, C, D, E, F, G;
    8: A, B, C, D, E, F, G, H;
    9: A, B, C, D, E, F, G, H, I;
    10: A, B, C, D, E, F, G, H, I, J;
    11: A, B, C, D, E, F, G, H, I, J, K;
    12: A, B, C, D, E, F, G, H, I, J, K, L;
    13: A, B, C, D, E, F, G, H, I, J, K, L, M;
    14: A, B, C, D, E, F, G, H, I, J, K, L, M, N;
    15: A, B, C, D, E, F, G, H, I, J, K, L, M, N, O;
    16: A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P;
}

/// `[T; N]`: exactly `N` items of `T`, as the derive writes an array field
/// (`items`, then `minItems` and `maxItems` of `N`).
impl<T: ToolArgs + 'static, const N: usize> Pieces for [T; N] {
    const PIECES: &'static [&'static str] = &[
        r#"{"type":"array","items":"#,
        T::__USE_JSON,
        r#","minItems":"#,
        Decimal::<N>::TEXT,
        r#","maxItems":"#,
        Decimal::<N>::TEXT,
        "}",
    ];
    const NESTED_DEFS: &'static [Defs] = &[T::__DEFS];
}

impl<T: ToolArgs + 'static, const N: usize> ToolArgs for [T; N] {
    const NAME: &'static str = "array";
    const SCHEMA_JSON: &'static str = Joined::<Self>::WHOLE;
    const __USE_JSON: &'static str = Joined::<Self>::USE;
    const __DEFS: Defs = Joined::<Self>::DEFS;
    // The items' problems first: the derive walks `items` before the counts.
    const __TARGET_PROBLEMS: TargetProblems =
        &crate::constcat::first_problems::<{ crate::export_records::Target::ALL.len() }>(
            T::__TARGET_PROBLEMS,
            &[Decimal::<N>::ARRAY_PROBLEMS],
        );
    const __READING: Reading = Reading::array(T::__READING, true);
    const __NULL_FORM: u8 = null_form::JOIN_TYPE;
    walked!(
        |nullable, v: &Value, t: &Trail<'_>, p, o: &Options, out: &mut Sink<'_>| {
            let shape = ArrayOf {
                items: Items::Each(T::__validate_at),
                min_items: Some(N as u64),
                max_items: Some(N as u64),
                unique: false,
            };
            array_of(&shape, nullable, v, t, p, o, out)
        }
    );
}

/// The decimal text of `N`, and what the targets make of an array of exactly
/// `N` items.
struct Decimal<const N: usize>;

impl<const N: usize> Decimal<N> {
    /// `N`'s digits, right-aligned in 20 bytes (`usize::MAX` has 20), and
    /// their count.
    const DIGITS: ([u8; 20], usize) = {
        let mut digits = [0u8; 20];
        let (mut n, mut count) = (N, 0);
        loop {
            digits[19 - count] = b'0' + (n % 10) as u8;
            count += 1;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        (digits, count)
    };

    /// `N` in decimal.
    const TEXT: &'static str =
        crate::constcat::concat_str(Self::DIGITS.0.split_at(20 - Self::DIGITS.1).1);

    /// Anthropic strict's lossy change: the count it cannot say (`minItems`
    /// past 1, else `maxItems`), in the derive's words.
    const ANTHROPIC_LOSSY: Fixed<u8, 512> = {
        let keyword = if N > 1 { "minItems" } else { "maxItems" };
        fixed_concat(&[
            "would not enforce `array` at /",
            keyword,
            ": `",
            keyword,
            ": ",
            Self::TEXT,
            "` moved into the description; rule: Anthropic strict tool use supports no array constraint but `minItems` of 0 or 1; tool-schema's validator still enforces it; if the validator's check is enough, add #[tool(allow(lossy_export))] to the type declaring the target",
        ])
    };

    /// The array's own problems, per target.
    const ARRAY_PROBLEMS: TargetProblems = &problems::array(fixed_str(&Self::ANTHROPIC_LOSSY));
}
