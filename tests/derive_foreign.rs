//! Fields of foreign types (`chrono`, `uuid`, `url`, `std::net`, `PathBuf`): their
//! schemas, and the agreement of the format check with the type's own
//! `Deserialize` on generated strings: what the validator accepts, serde reads
//! (`parse`, `parse_str`). Run with `--features chrono,uuid,url`.

#[path = "support/problems.rs"]
mod problems;

use chrono::{DateTime, FixedOffset, Local, NaiveDate, NaiveTime, Utc};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::net::{IpAddr, Ipv4Addr};
use std::path::PathBuf;
use tool_schema::{parse_str, ToolArgs};
use url::Url;
use uuid::Uuid;

/// Every foreign type, spelled both ways.
#[derive(ToolArgs, Deserialize, Debug)]
#[allow(dead_code)]
struct Event {
    at: DateTime<Utc>,
    local: chrono::DateTime<chrono::FixedOffset>,
    day: NaiveDate,
    time: chrono::NaiveTime,
    id: uuid::Uuid,
    link: Url,
    ip: IpAddr,
    v4: Ipv4Addr,
    v6: std::net::Ipv6Addr,
    path: PathBuf,
    maybe: Option<Uuid>,
    days: Vec<NaiveDate>,
}

#[test]
fn schemas_name_the_formats() {
    let p = &Event::schema()["properties"];
    assert_eq!(p["at"], json!({"type": "string", "format": "date-time"}));
    assert_eq!(p["local"], p["at"]);
    assert_eq!(p["day"], json!({"type": "string", "format": "date"}));
    assert_eq!(p["time"]["type"], "string");
    assert!(p["time"]["pattern"].is_string());
    assert_eq!(p["id"], json!({"type": "string", "format": "uuid"}));
    assert_eq!(p["link"]["format"], "uri");
    assert_eq!(
        p["ip"],
        json!({"anyOf": [{"type": "string", "format": "ipv4"}, {"type": "string", "format": "ipv6"}]})
    );
    assert_eq!(p["v4"], json!({"type": "string", "format": "ipv4"}));
    assert_eq!(p["v6"], json!({"type": "string", "format": "ipv6"}));
    assert_eq!(p["path"], json!({"type": "string"}));
    assert_eq!(p["days"]["items"], p["day"]);
    let required = Event::schema()["required"].as_array().unwrap().len();
    assert_eq!(required, 11, "all but the Option");
}

#[test]
fn a_valid_call_parses() {
    let call = json!({
        "at": "2016-12-31T23:59:60Z", "local": "2024-05-31t09:30:00.5+02:00",
        "day": "2024-02-29", "time": "09:30:00", "id": "123e4567-e89b-12d3-a456-426614174000",
        "link": "https://example.com:8443/a?b#c", "ip": "::1", "v4": "192.168.0.1",
        "v6": "2001:db8::1", "path": "/tmp/x", "days": ["2024-01-01"]
    });
    let e = Event::parse(&call).unwrap();
    assert_eq!(e.at.to_rfc3339(), "2016-12-31T23:59:60+00:00");
    assert_eq!(e.ip, "::1".parse::<IpAddr>().unwrap());
    let text: Event = parse_str(&call.to_string()).unwrap();
    assert_eq!(text.link.port(), Some(8443));
    let bad = json!({"at": "2024-05-31 09:30:00Z", "id": "123e4567e89b12d3a456426614174000",
        "ip": "1.2.3.04", "time": "09:30:00Z", "link": "http:"});
    let messages = Event::validate(&bad).messages();
    for name in ["at", "id", "ip", "time", "link"] {
        assert!(
            messages
                .iter()
                .any(|m| m.contains(&format!("argument '{name}'"))),
            "{name}: {messages:?}"
        );
    }
}

/// A small deterministic generator (xorshift).
struct Gen(u64);

impl Gen {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }

    fn digits(&mut self, n: usize) -> String {
        (0..n)
            .map(|_| char::from(b'0' + self.below(10) as u8))
            .collect()
    }

    /// A two-digit number up to `max`, sometimes past it.
    fn two(&mut self, max: usize) -> String {
        format!("{:02}", self.below(max + 3))
    }
}

/// For each string: accepted by `T`'s validator (as the argument `v`), as by the
/// interpreter, means read by serde, from the value and from the text. Returns
/// how many were accepted, of how many. And what serde writes of the value read
/// is accepted too.
fn agree<T: ToolArgs + DeserializeOwned + Serialize + std::fmt::Debug + 'static>(
    strings: impl IntoIterator<Item = String>,
) -> (usize, usize) {
    let (mut valid, mut all, mut narrower) = (0, 0, 0);
    // The interpreter, over the exported schema, answers as the compiled validator.
    let interpreted = tool_schema::Schema::parse(T::schema()).unwrap();
    for s in strings {
        all += 1;
        let call = json!({ "v": s });
        let ok = T::is_valid(&call);
        assert_eq!(ok, interpreted.validate(&call).is_valid(), "{s:?}");
        if !ok {
            // (Counted: what the schema's narrowing costs.)
            narrower += usize::from(serde_json::from_value::<T>(call).is_ok());
            continue;
        }
        valid += 1;
        let value = match serde_json::from_value::<T>(call.clone()) {
            Ok(v) => v,
            Err(e) => panic!(
                "{} accepts {s:?}, serde refuses it: {e}",
                std::any::type_name::<T>()
            ),
        };
        // What serde writes back (the type's own form) is valid too.
        let written = serde_json::to_value(&value).unwrap();
        assert!(T::is_valid(&written), "{s:?} written back as {written}");
        assert!(parse_str::<T>(&call.to_string()).is_ok(), "{s:?}");
    }
    eprintln!(
        "{}: {valid} of {all} accepted; {narrower} refused that serde reads",
        std::any::type_name::<T>()
    );
    (valid, all)
}

macro_rules! one {
    ($name:ident, $ty:ty) => {
        #[derive(ToolArgs, Deserialize, Serialize, Debug)]
        #[allow(dead_code)]
        struct $name {
            v: $ty,
        }
    };
}

one!(AtUtc, DateTime<Utc>);
one!(AtOffset, DateTime<FixedOffset>);
one!(Day, NaiveDate);
one!(Time, NaiveTime);
one!(Id, Uuid);
one!(Link, Url);
one!(Ip, IpAddr);
one!(V4, Ipv4Addr);
one!(V6, std::net::Ipv6Addr);
one!(File, PathBuf);

fn dates(g: &mut Gen) -> String {
    let year = g.pick(&["0000", "1970", "2000", "2016", "2024", "2100", "9999"]);
    format!("{year}-{}-{}", g.two(12), g.two(31))
}

fn times(g: &mut Gen) -> String {
    let mut t = format!("{}:{}:{}", g.two(23), g.two(59), g.two(60));
    if g.below(5) == 0 {
        t = "23:59:60".to_string();
    }
    if g.below(2) == 0 {
        let n = g.below(13);
        t = format!("{t}.{}", g.digits(n));
    }
    t
}

#[test]
fn date_times_agree_with_chrono() {
    let mut g = Gen(0x9e37_79b9_7f4a_7c15);
    let strings: Vec<String> = (0..20_000)
        .map(|_| {
            let sep = g.pick(&["T", "t", " ", "T"]);
            let offset = match g.below(4) {
                0 => g.pick(&["Z", "z", ""]).to_string(),
                _ => format!("{}{}:{}", g.pick(&["+", "-"]), g.two(23), g.two(59)),
            };
            format!("{}{sep}{}{offset}", dates(&mut g), times(&mut g))
        })
        .collect();
    let (valid, _) = agree::<AtUtc>(strings.clone());
    assert!(valid > 2_000, "{valid} valid");
    agree::<AtOffset>(strings);
}

#[test]
fn dates_and_times_agree_with_chrono() {
    let mut g = Gen(12345);
    let (valid, _) = agree::<Day>((0..5_000).map(|_| dates(&mut g)));
    assert!(valid > 1_000, "{valid} valid");
    let (valid, _) = agree::<Time>((0..5_000).map(|_| {
        let t = times(&mut g);
        match g.below(4) {
            0 => format!("{t}Z"),
            1 => t[..5].to_string(),
            _ => t,
        }
    }));
    assert!(valid > 1_000, "{valid} valid");
}

#[test]
fn uuids_agree_with_uuid() {
    let mut g = Gen(777);
    // Mostly hex digits, now and then a letter that is not one.
    let hex = "0123456789abcdefABCDEF0123456789abcdefABCDEF0123456789abcdefABCDEFg";
    let (valid, _) = agree::<Id>((0..5_000).map(|_| {
        let len = 32 + g.below(2);
        let mut s: String = (0..len)
            .map(|_| char::from(hex.as_bytes()[g.below(hex.len())]))
            .collect();
        if g.below(4) != 0 {
            for at in [8, 13, 18, 23] {
                s.insert(at.min(s.len()), '-');
            }
        }
        match g.below(6) {
            0 => format!("{{{s}}}"),
            1 => format!("urn:uuid:{s}"),
            _ => s,
        }
    }));
    assert!(valid > 500, "{valid} valid");
}

#[test]
fn addresses_agree_with_std() {
    let mut g = Gen(4242);
    let quad = |g: &mut Gen| {
        let parts: Vec<String> = (0..3 + g.below(3))
            .map(|_| match g.below(5) {
                0 => format!("0{}", g.below(10)),
                _ => g.below(300).to_string(),
            })
            .collect();
        parts.join(".")
    };
    let v6 = |g: &mut Gen| {
        let groups: Vec<&str> = (0..1 + g.below(9))
            .map(|_| g.pick(&["0", "1", "db8", "ffff", "2001", "", "12345", "g"]))
            .collect();
        let mut s = groups.join(":");
        if g.below(4) == 0 {
            s.push_str(":1.2.3.4");
        }
        if g.below(8) == 0 {
            s.push_str("%eth0");
        }
        s
    };
    let strings: Vec<String> = (0..10_000)
        .map(|i| if i % 2 == 0 { quad(&mut g) } else { v6(&mut g) })
        .collect();
    let (valid, _) = agree::<Ip>(strings.clone());
    assert!(valid > 400, "{valid} valid");
    agree::<V4>(strings.clone());
    agree::<V6>(strings.clone());
    assert_eq!(agree::<File>(strings.clone()).0, strings.len());
}

#[test]
fn urls_agree_with_url() {
    let schemes = [
        "http", "HTTPS", "ws", "ftp", "file", "File", "a", "git+ssh", "fil", "files", "mailto",
        "1x",
    ];
    let after = ["://", ":", ":/", ":///"];
    let users = ["", "u:p@"];
    let hosts = [
        "example.com",
        "Example.COM",
        "[2001:DB8::A]",
        "a.1",
        "1.2.3.4",
        "1.2.3.256",
        "01.2.3.4",
        "[::1]",
        "[::ffff:1.2.3.4]",
        "xn--a",
        "xn--bcher-kva",
        "a-b",
        "-a",
        "localhost",
        "",
        "a_b",
        "0x7f",
        "1a.com",
        "a..b",
        "%41",
        "a%25b",
    ];
    let ports = ["", ":80", ":65535", ":65536", ":", ":0", ":080"];
    let rests = [
        "", "/", "/a b", "/%41", "/%zz", "?q=1", "#f", "/a/../b", "/[x]",
    ];
    let mut strings = Vec::new();
    for s in schemes {
        for a in after {
            for u in users {
                for h in hosts {
                    for p in ports {
                        for r in rests {
                            strings.push(format!("{s}{a}{u}{h}{p}{r}"));
                        }
                    }
                }
            }
        }
    }
    let (valid, all) = agree::<Link>(strings);
    assert!(valid > 1_000, "{valid} of {all} valid");
}

/// A type of the user's own named `Url`: by a path from elsewhere than `url`,
/// it is a nested `ToolArgs` type.
mod mine {
    #[derive(tool_schema::ToolArgs, serde::Deserialize)]
    #[allow(dead_code)]
    pub struct Url {
        pub host: String,
    }
}

#[test]
fn a_users_own_type_of_the_same_name_by_its_path() {
    #[derive(ToolArgs, Deserialize)]
    #[allow(dead_code)]
    struct Fetch {
        target: mine::Url,
    }
    assert_eq!(
        Fetch::schema()["properties"]["target"]["properties"]["host"],
        json!({"type": "string"})
    );
}

#[test]
fn values_are_not_strings_are_type_errors() {
    let v: Value = json!({"v": 3});
    assert_eq!(
        Id::validate(&v).messages(),
        ["argument 'v' should be string, got integer"]
    );
}

/// The provider targets a tool with foreign fields declares: checked when the
/// crate compiles. Every format here is one the strict modes keep.
#[derive(ToolArgs, Deserialize)]
#[tool(targets(anthropic, openai_strict, openai_responses_strict, mcp))]
#[allow(dead_code)]
struct Targeted {
    at: DateTime<Utc>,
    day: NaiveDate,
    time: NaiveTime,
    id: Uuid,
    ip: IpAddr,
    v4: Ipv4Addr,
    path: PathBuf,
}

/// Where a provider moves a format or pattern into the description (OpenAI
/// strict: `uri`; Gemini `parameters`: all but `date-time`; its
/// `parametersJsonSchema`: `pattern`), a declared target is a compile error
/// unless `allow(lossy_export)`: the validator still checks them.
#[derive(ToolArgs, Deserialize)]
#[tool(
    targets(openai_strict, gemini, gemini_json_schema),
    allow(lossy_export)
)]
#[allow(dead_code)]
struct Lossy {
    link: Url,
    time: NaiveTime,
    id: Uuid,
}

/// A generic tool over the foreign types (issue #29).
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Either2<T> {
    one: T,
    other: Option<T>,
}

macro_rules! foreign_arguments {
    ($($ty:ty => $name:literal, $ok:expr, $bad:expr;)*) => {$({
        #[derive(ToolArgs)]
        #[allow(dead_code)]
        struct Field($ty);
        assert_eq!(
            <$ty as ToolArgs>::SCHEMA_JSON,
            <Field as ToolArgs>::SCHEMA_JSON,
            "{}",
            stringify!($ty)
        );
        // The targets' problems of a field of the type, named after the type.
        assert!(
            problems::same_problems(
                <$ty as ToolArgs>::__TARGET_PROBLEMS,
                <Field as ToolArgs>::__TARGET_PROBLEMS,
                $name
            ),
            "{}",
            stringify!($ty)
        );
        let ok = json!({"one": $ok, "other": $ok});
        assert!(<Either2<$ty>>::validate(&ok).is_valid(), "{}", stringify!($ty));
        <Either2<$ty>>::parse(&ok).unwrap();
        let bad = json!({"one": $bad});
        assert!(!<Either2<$ty>>::validate(&bad).is_valid(), "{}", stringify!($ty));
    })*};
}

#[test]
fn foreign_types_are_generic_arguments_with_their_schemas() {
    foreign_arguments! {
        DateTime<Utc> => "DateTime", "2024-01-01T10:00:00Z", "2024-01-01";
        DateTime<FixedOffset> => "DateTime", "2024-01-01T10:00:00+02:00", "noon";
        DateTime<Local> => "DateTime", "2024-01-01T10:00:00-05:00", "noon";
        NaiveDate => "NaiveDate", "2024-02-29", "2023-02-29";
        NaiveTime => "NaiveTime", "09:30:00", "9:30";
        Uuid => "Uuid", "67e55044-10b1-426f-9247-bb680e5fe0c8", "67e55044";
        Url => "Url", "https://example.com/a", "mailto:x";
    }
}
