//! The one recogniser of Rust types: what a field's type is, as the derive maps
//! it. The schema writer (`ty`), the typed text path (`text`) and serde's reading
//! (`reading`) all consume [`RustShape`], so a type they take is taken by all
//! three alike (see `ty` for the schema of each).

use std::borrow::Cow;

use syn::{GenericArgument, Ident, PathArguments, Type};

/// What a Rust type is, one level deep (the type arguments are types still to
/// recognise).
#[derive(Clone)]
pub(crate) enum RustShape<'a> {
    /// `Self`, or the derived type's own name: the root of its own schema.
    Own,
    /// An integer type, with its range (see [`INTEGERS`]).
    Integer {
        name: &'static str,
        min: i128,
        max: i128,
    },
    F32,
    F64,
    String,
    Char,
    Bool,
    /// `serde_json::Value`: any value.
    Value,
    Box(&'a Type),
    Option(&'a Type),
    /// `Vec<T>`.
    Vec(&'a Type),
    /// `HashSet<T>`, `BTreeSet<T>`.
    Set(&'a Type),
    /// `HashMap<K, V>`, `BTreeMap<K, V>`.
    Map {
        key: &'a Type,
        value: &'a Type,
    },
    /// `[T; N]`.
    Fixed(&'a syn::TypeArray),
    /// A type serde reads from a string of some form (see [`Foreign`]).
    Foreign(Foreign),
    /// `(A, B, ..)`: exactly those items.
    Tuple(Vec<&'a Type>),
    /// Any other path: a type deriving `ToolArgs`.
    External,
    /// A type the derive refuses, with what to write instead.
    Refused(Cow<'static, str>),
}

/// The integer types with their ranges. `usize`/`isize` get the 32-bit range on
/// every target, so a tool's schema does not depend on where it is compiled and a
/// valid value always fits.
pub(crate) const INTEGERS: [(&str, i128, i128); 12] = [
    ("u8", 0, u8::MAX as i128),
    ("u16", 0, u16::MAX as i128),
    ("u32", 0, u32::MAX as i128),
    ("u64", 0, u64::MAX as i128),
    ("u128", 0, u64::MAX as i128),
    ("usize", 0, u32::MAX as i128),
    ("i8", i8::MIN as i128, i8::MAX as i128),
    ("i16", i16::MIN as i128, i16::MAX as i128),
    ("i32", i32::MIN as i128, i32::MAX as i128),
    ("i64", i64::MIN as i128, i64::MAX as i128),
    ("i128", i64::MIN as i128, u64::MAX as i128),
    ("isize", i32::MIN as i128, i32::MAX as i128),
];

/// What `ty` is. `own` is the derived type's name (`None`: only `Self` is the
/// type's own).
pub(crate) fn recognise<'a>(ty: &'a Type, own: Option<&Ident>) -> RustShape<'a> {
    let path = match ungroup(ty) {
        Type::Path(p) if p.qself.is_none() => &p.path,
        Type::Array(a) => return RustShape::Fixed(a),
        Type::Reference(_) => return refused(
            "borrowed types cannot hold arguments deserialised from a call; use an owned type (String, Vec<T>, ...)",
        ),
        Type::Tuple(t) if t.elems.is_empty() => {
            return refused("`()` carries nothing; leave the field out")
        }
        Type::Tuple(t) => return RustShape::Tuple(t.elems.iter().collect()),
        Type::Slice(_) => return refused("use Vec<T>"),
        _ => return refused("not a plain type"),
    };
    let Some(last) = path.segments.last() else {
        return refused("not a plain type");
    };
    if path.segments.len() == 1
        && (last.ident == "Self" || own.is_some_and(|own| last.ident == *own))
        && last.arguments.is_empty()
    {
        return RustShape::Own;
    }
    if let Some(foreign) = foreign(path) {
        return RustShape::Foreign(foreign);
    }
    let Some(seg) = std_segment(path) else {
        return RustShape::External;
    };
    let name = seg.ident.to_string();
    if let Some((name, min, max)) = INTEGERS.iter().find(|(n, _, _)| *n == name) {
        return RustShape::Integer {
            name,
            min: *min,
            max: *max,
        };
    }
    let args = type_args(seg);
    let one = |make: fn(&'a Type) -> RustShape<'a>| match args.as_slice() {
        [t] => make(t),
        _ => RustShape::Refused(format!("`{name}` takes one type argument").into()),
    };
    match name.as_str() {
        "String" => RustShape::String,
        "char" => RustShape::Char,
        "bool" => RustShape::Bool,
        "f32" => RustShape::F32,
        "f64" => RustShape::F64,
        "Value" if path.segments.len() == 1 || path.segments[0].ident == "serde_json" => {
            RustShape::Value
        }
        "Box" => one(RustShape::Box),
        "Option" => one(RustShape::Option),
        "Vec" => one(RustShape::Vec),
        "HashSet" | "BTreeSet" => one(RustShape::Set),
        "HashMap" | "BTreeMap" => match args.as_slice() {
            [key, value] => RustShape::Map { key, value },
            _ => RustShape::Refused(format!("`{name}` takes a key and a value type").into()),
        },
        other => match refused_std(other) {
            Some(hint) => refused(hint),
            None => RustShape::External,
        },
    }
}

fn refused(hint: &'static str) -> RustShape<'static> {
    RustShape::Refused(Cow::Borrowed(hint))
}

/// Whether a map's key type is `String` (the keys of a JSON object are strings).
pub(crate) fn is_string_key(key: &Type) -> bool {
    matches!(ungroup(key), Type::Path(p)
        if p.qself.is_none() && std_segment(&p.path).is_some_and(|s| s.ident == "String" && s.arguments.is_empty()))
}

/// `Option<T>` -> `T`, looking through `Box` (serde reads a missing field of both
/// `Option<T>` and `Box<Option<T>>` as `None`).
pub(crate) fn option_inner(ty: &Type) -> Option<&Type> {
    match recognise(ty, None) {
        RustShape::Option(inner) => Some(inner),
        RustShape::Box(inner) => option_inner(inner),
        _ => None,
    }
}

/// `ty` without the invisible and parenthesised groups around it.
pub(crate) fn ungroup(ty: &Type) -> &Type {
    match ty {
        Type::Group(g) => ungroup(&g.elem),
        Type::Paren(p) => ungroup(&p.elem),
        t => t,
    }
}

/// Whether `path` names a type of the standard library (or `serde_json::Value`) by
/// its plain name or its full path, and if so the last segment.
fn std_segment(path: &syn::Path) -> Option<&syn::PathSegment> {
    let last = path.segments.last()?;
    if path.segments.len() == 1 && path.leading_colon.is_none() {
        return Some(last);
    }
    let first = path.segments.first()?.ident.to_string();
    matches!(first.as_str(), "std" | "core" | "alloc" | "serde_json").then_some(last)
}

/// The type arguments of a path segment: `Vec<T>` -> `[T]`.
fn type_args(seg: &syn::PathSegment) -> Vec<&Type> {
    match &seg.arguments {
        PathArguments::AngleBracketed(a) => a
            .args
            .iter()
            .filter_map(|a| match a {
                GenericArgument::Type(t) => Some(t),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// Why a standard type is not supported, with what to write instead.
fn refused_std(name: &str) -> Option<&'static str> {
    Some(match name {
        "str" | "Cow" | "Path" | "OsString" | "OsStr" | "CString" | "CStr" => "use String",
        "Rc" | "Arc" => "use the type itself or Box<T>",
        "Cell" | "RefCell" | "Mutex" | "RwLock" => {
            "a model sends plain values: use the type itself"
        }
        "Duration" | "SystemTime" | "Instant" => {
            "use an integer (seconds or milliseconds) and describe the unit"
        }
        "PhantomData" => "mark the field #[serde(skip)]",
        "VecDeque" | "LinkedList" | "BinaryHeap" => "use Vec<T>",
        "NonZeroU8" | "NonZeroU16" | "NonZeroU32" | "NonZeroU64" | "NonZeroU128"
        | "NonZeroUsize" | "NonZeroI8" | "NonZeroI16" | "NonZeroI32" | "NonZeroI64"
        | "NonZeroI128" | "NonZeroIsize" | "NonZero" => {
            "use the integer type with #[arg(minimum = 1)]"
        }
        "SocketAddr" | "SocketAddrV4" | "SocketAddrV6" => "use String, or an IpAddr and a port",
        "Result" | "Range" | "RangeInclusive" | "Bound" | "Wrapping" | "Saturating" | "Reverse"
        | "Ordering" => "use a struct deriving ToolArgs",
        _ => return None,
    })
}

/// A type of the standard library or of a well-known crate that serde reads from
/// a string of one form: its schema is a string of that format (`ty`), which the
/// type's own `Deserialize` must read whenever the format check accepts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Foreign {
    /// `chrono::DateTime<Utc>` (or `<FixedOffset>`, `<Local>`): `date-time`.
    DateTime,
    /// `chrono::NaiveDate`: `date`.
    NaiveDate,
    /// `chrono::NaiveTime`: a time of day without an offset (a pattern: JSON
    /// Schema's `time` requires one, which `NaiveTime` refuses).
    NaiveTime,
    /// `uuid::Uuid`: `uuid`.
    Uuid,
    /// `url::Url`: `uri`, narrowed by a pattern to what `Url::parse` reads.
    Url,
    /// `std::net::IpAddr`: `ipv4` or `ipv6`.
    IpAddr,
    /// `std::net::Ipv4Addr`: `ipv4`.
    Ipv4Addr,
    /// `std::net::Ipv6Addr`: `ipv6`.
    Ipv6Addr,
    /// `std::path::PathBuf`: any string.
    PathBuf,
}

/// The foreign type `path` names: by its plain name (`Uuid`, `DateTime<Utc>`)
/// or its path from its crate (`uuid::Uuid`, `chrono::DateTime<chrono::Utc>`,
/// `std::net::IpAddr`). A path from elsewhere (`crate::Url`, `self::Uuid`) is
/// the user's own type.
fn foreign(path: &syn::Path) -> Option<Foreign> {
    let last = path.segments.last()?;
    let name = last.ident.to_string();
    let krate = match path.segments.len() {
        1 if path.leading_colon.is_none() => None,
        1 => return None,
        _ => Some(path.segments.first()?.ident.to_string()),
    };
    let from = |crates: &[&str]| krate.as_deref().is_none_or(|k| crates.contains(&k));
    let plain = last.arguments.is_empty();
    let found = match name.as_str() {
        "DateTime" if from(&["chrono"]) => match type_args(last).as_slice() {
            [zone] if is_time_zone(zone) => Foreign::DateTime,
            _ => return None,
        },
        "NaiveDate" if plain && from(&["chrono"]) => Foreign::NaiveDate,
        "NaiveTime" if plain && from(&["chrono"]) => Foreign::NaiveTime,
        "Uuid" if plain && from(&["uuid"]) => Foreign::Uuid,
        "Url" if plain && from(&["url"]) => Foreign::Url,
        "IpAddr" if plain && from(&["std", "core"]) => Foreign::IpAddr,
        "Ipv4Addr" if plain && from(&["std", "core"]) => Foreign::Ipv4Addr,
        "Ipv6Addr" if plain && from(&["std", "core"]) => Foreign::Ipv6Addr,
        "PathBuf" if plain && from(&["std"]) => Foreign::PathBuf,
        _ => return None,
    };
    Some(found)
}

/// Whether `ty` is one of chrono's time zones whose `DateTime` serde reads from
/// RFC 3339 text: `Utc`, `FixedOffset`, `Local`.
fn is_time_zone(ty: &Type) -> bool {
    matches!(ungroup(ty), Type::Path(p) if p.qself.is_none()
    && p.path.segments.last().is_some_and(|s| {
        s.arguments.is_empty() && ["Utc", "FixedOffset", "Local"].iter().any(|z| s.ident == z)
    }))
}
