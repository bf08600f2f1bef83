//! The benchmark suite's shared parts: the inputs, our compiled tools, the
//! hand-written validators (the "limit" row), the serde types, and the 50 BFCL
//! tools. The benchmarks are in `benches/suite.rs`; `tests/suite.rs` checks that
//! every contender reads the inputs as intended.

pub mod derived;
pub mod hand;
pub mod hostile;
pub mod typed;

use serde_json::Value;
use tool_schema::{Report, Schema, ToolArgs, ToolArgsExt};

/// One of the four hand-made benchmark schemas (`data/*.json`, from the shared
/// `bench/` folder) with its inputs.
#[derive(Clone, Copy)]
pub struct Bench {
    pub name: &'static str,
    pub schema: &'static str,
    pub valid: &'static str,
    pub invalid: &'static str,
}

macro_rules! bench {
    ($name:literal) => {
        Bench {
            name: $name,
            schema: include_str!(concat!("../data/", $name, ".json")),
            valid: include_str!(concat!("../data/", $name, "_valid.json")),
            invalid: include_str!(concat!("../data/", $name, "_invalid.json")),
        }
    };
}

pub const BENCHES: [Bench; 4] = [
    bench!("weather"),
    bench!("search"),
    bench!("order"),
    bench!("job"),
];

/// Our compiled validators of the four schemas.
pub mod compiled {
    tool_schema::tool_schema! {
        pub Weather = include!("data/weather.json");
        pub Search = include!("data/search.json");
        pub Order = include!("data/order.json");
        pub Job = include!("data/job.json");
    }
}

/// jsonschema's compile-time validators of the four schemas (feature
/// `contenders`): the criterion suite's and `probe_contenders`'.
#[cfg(feature = "contenders")]
pub mod js_compiled {
    #[jsonschema::validator(path = "data/weather.json")]
    pub struct Weather;
    #[jsonschema::validator(path = "data/search.json")]
    pub struct Search;
    #[jsonschema::validator(path = "data/order.json")]
    pub struct Order;
    #[jsonschema::validator(path = "data/job.json")]
    pub struct Job;
}

/// Our compiled validator of benchmark `name`: every violation.
pub fn compiled_validate(name: &str) -> fn(&Value) -> Report {
    match name {
        "weather" => <compiled::Weather as ToolArgs>::validate,
        "search" => <compiled::Search as ToolArgs>::validate,
        "order" => <compiled::Order as ToolArgs>::validate,
        "job" => <compiled::Job as ToolArgs>::validate,
        _ => panic!("no benchmark {name}"),
    }
}

/// Our compiled tool's yes/no answer (`ToolArgs::is_valid`).
pub fn compiled_is_valid(name: &str) -> fn(&Value) -> bool {
    match name {
        "weather" => <compiled::Weather as ToolArgs>::is_valid,
        "search" => <compiled::Search as ToolArgs>::is_valid,
        "order" => <compiled::Order as ToolArgs>::is_valid,
        "job" => <compiled::Job as ToolArgs>::is_valid,
        _ => panic!("no benchmark {name}"),
    }
}

/// A text-path validator: the arguments as JSON text, every violation, no `Value`.
pub type TextValidator = fn(&str) -> Result<Report, tool_schema::TextError>;

/// Our compiled tool's text path (`ToolArgs::validate_str`).
pub fn compiled_validate_str(name: &str) -> TextValidator {
    match name {
        "weather" => <compiled::Weather as ToolArgsExt>::validate_str,
        "search" => <compiled::Search as ToolArgsExt>::validate_str,
        "order" => <compiled::Order as ToolArgsExt>::validate_str,
        "job" => <compiled::Job as ToolArgsExt>::validate_str,
        _ => panic!("no benchmark {name}"),
    }
}

/// Our compiled tool's streaming checker (`ToolArgs::stream`).
pub fn compiled_stream(name: &str) -> fn() -> tool_schema::stream::Checker<'static> {
    match name {
        "weather" => <compiled::Weather as ToolArgsExt>::stream,
        "search" => <compiled::Search as ToolArgsExt>::stream,
        "order" => <compiled::Order as ToolArgsExt>::stream,
        "job" => <compiled::Job as ToolArgsExt>::stream,
        _ => panic!("no benchmark {name}"),
    }
}

/// The hand-written validator of benchmark `name`, if there is one (all errors as
/// the default messages).
pub fn hand_validate(name: &str) -> Option<fn(&Value) -> Vec<String>> {
    match name {
        "weather" => Some(hand::weather),
        "search" => Some(hand::search),
        "order" => Some(hand::order),
        "job" => Some(hand::job),
        _ => None,
    }
}

/// `serde_json::from_str` into the hand-written serde type of benchmark `name`:
/// whether it deserialised (serde stops at the first error).
pub fn typed_parse(name: &str) -> fn(&str) -> bool {
    match name {
        "weather" => |s| serde_json::from_str::<typed::Weather>(s).is_ok(),
        "search" => |s| serde_json::from_str::<typed::Search>(s).is_ok(),
        "order" => |s| serde_json::from_str::<typed::Order>(s).is_ok(),
        "job" => |s| serde_json::from_str::<typed::Job>(s).is_ok(),
        _ => panic!("no benchmark {name}"),
    }
}

/// `tool_schema::parse_str` into the derived type of benchmark `name`
/// (`derived.rs`): whether the call is valid; when not, every violation as a
/// string.
pub fn derived_parse_str(name: &str) -> fn(&str) -> Result<(), Vec<String>> {
    fn parse<T: ToolArgs + serde::de::DeserializeOwned + 'static>(
        s: &str,
    ) -> Result<(), Vec<String>> {
        match tool_schema::parse_str::<T>(s) {
            Ok(value) => {
                std::hint::black_box(value);
                Ok(())
            }
            Err(e) => Err(e.messages()),
        }
    }
    match name {
        "weather" => parse::<derived::Weather>,
        "search" => parse::<derived::Search>,
        "order" => parse::<derived::Order>,
        "job" => parse::<derived::Job>,
        _ => panic!("no benchmark {name}"),
    }
}

/// The 50 BFCL tools (`data/bfcl/`): generated declarations.
pub mod bfcl {
    include!("bfcl_tools.rs");
}

/// One BFCL tool of the sample, with its two calls.
pub struct BfclCase {
    pub id: String,
    pub name: String,
    /// The definition translated into JSON Schema (`data/bfcl/schemas/NN.json`).
    pub schema: Value,
    pub valid: Value,
    pub invalid: Value,
}

/// The BFCL sample, in order (index `i` is `bfcl::VALIDATE[i]`).
pub fn bfcl_cases() -> Vec<BfclCase> {
    let text = include_str!("../data/bfcl/sample.jsonl");
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            let row: Value = serde_json::from_str(line).expect("sample line");
            BfclCase {
                id: row["id"].as_str().unwrap_or_default().to_string(),
                name: row["name"].as_str().unwrap_or_default().to_string(),
                schema: serde_json::from_str(bfcl::SCHEMAS[i]).expect("translated schema"),
                valid: row["valid"].clone(),
                invalid: row["invalid"].clone(),
            }
        })
        .collect()
}

/// `parameters` of a BFCL definition as the JSON Schema the benchmarks compile:
/// the BFCL dialect's translation, with `"additionalProperties": false` on every
/// object that declares `properties`, so that validators reading JSON Schema's
/// rules (jsonschema, boon) reject undeclared arguments as our tool-call mode does
/// (for our validators it changes nothing).
pub fn bfcl_schema(parameters: &Value) -> Value {
    fn close(v: &mut Value) {
        let Value::Object(m) = v else { return };
        if let Some(Value::Object(props)) = m.get_mut("properties") {
            for p in props.values_mut() {
                close(p);
            }
            m.insert("additionalProperties".into(), Value::Bool(false));
        }
        if let Some(items) = m.get_mut("items") {
            close(items);
        }
    }
    let mut schema = tool_schema::Dialect::Bfcl
        .to_json_schema(parameters)
        .expect("the sample holds only BFCL definitions that translate");
    close(&mut schema);
    schema
}

/// Our interpreter's schema of a benchmark schema's text.
pub fn interpreted(schema: &str) -> Schema {
    Schema::parse(&serde_json::from_str(schema).expect("schema JSON")).expect("valid schema")
}
