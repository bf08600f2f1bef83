//! `#[derive(ToolArgs)]` with constraints on parts of a value, a custom check, a
//! standard type read from a string, a field's schema written out, and a type
//! of one's own given a schema by hand.
//!
//! ```text
//! cargo run --example derive_checks
//! ```
//!
//! (`chrono`, `uuid` and `url` fields work the same way, with the features of
//! those names: see the derive's docs, "Foreign types".)

use serde::Deserialize;
use serde_json::json;
use std::collections::BTreeMap;
use std::net::IpAddr;
use tool_schema::custom::Problems;
use tool_schema::{impl_tool_args, json_report, ToolArgs};

/// A port number a service may listen on.
#[derive(Deserialize, Debug)]
#[serde(transparent)]
struct Port(u16);

impl_tool_args! {
    /// An unprivileged port.
    Port = { "type": "integer", "minimum": 1024, "maximum": 65535 }
}

/// Open firewall ports for a host.
#[derive(ToolArgs, Deserialize, Debug)]
#[tool(validate = check_rule)]
struct OpenPorts {
    /// The host's address.
    host: IpAddr,
    /// Who asked, for the log.
    #[arg(format = "email")]
    requested_by: String,
    /// The ports, at least one.
    #[arg(min_items = 1, max_items = 8)]
    ports: Vec<Port>,
    /// Labels, each a lowercase word.
    #[arg(keys(pattern = "^[a-z]+$"), values(min_length = 1, max_length = 32))]
    labels: BTreeMap<String, String>,
    /// How long the rule lasts, as serde reads a `Duration`.
    #[arg(schema = {
        "type": "object",
        "properties": {"secs": {"type": "integer", "minimum": 60}, "nanos": {"type": "integer", "minimum": 0, "maximum": 0}},
        "required": ["secs", "nanos"]
    })]
    lasts: std::time::Duration,
}

/// What the schema cannot say: no port twice, and no public host for long.
fn check_rule(rule: &OpenPorts, problems: &mut Problems) {
    for (i, port) in rule.ports.iter().enumerate() {
        if rule.ports[..i].iter().any(|p| p.0 == port.0) {
            let path = tool_schema::Path::root().key("ports").index(i);
            problems.add(path, "repeated-port", format!("repeats port {}", port.0));
        }
    }
    let public = match rule.host {
        IpAddr::V4(a) => !a.is_private() && !a.is_loopback(),
        IpAddr::V6(a) => !a.is_loopback(),
    };
    if public && rule.lasts.as_secs() > 3600 {
        problems.add(
            "lasts",
            "too-long-for-public-host",
            "should be at most an hour for a public host",
        );
    }
}

fn main() {
    println!(
        "{}\n",
        serde_json::to_string_pretty(OpenPorts::schema()).unwrap()
    );

    let calls = [
        json!({"host": "10.0.0.7", "requested_by": "ops@example.com", "ports": [8080, 8443],
               "labels": {"team": "web"}, "lasts": {"secs": 600, "nanos": 0}}),
        // The schema's problems: the model hears all of them.
        json!({"host": "10.0.0.300", "requested_by": "ops", "ports": [80],
               "labels": {"Team": ""}, "lasts": {"secs": 5, "nanos": 0}}),
        // Valid for the schema; the custom check finds two problems.
        json!({"host": "8.8.8.8", "requested_by": "ops@example.com", "ports": [8080, 8080],
               "labels": {}, "lasts": {"secs": 86400, "nanos": 0}}),
    ];
    for call in calls {
        println!("call: {call}");
        match OpenPorts::parse(&call) {
            Ok(rule) => println!(
                "  ok: {} ports on {} for {:?}, asked by {}, labels {:?}",
                rule.ports.len(),
                rule.host,
                rule.lasts,
                rule.requested_by,
                rule.labels
            ),
            Err(report) => {
                for line in report.messages() {
                    println!("  {line}");
                }
                let codes: Vec<String> = json_report(&report)["violations"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| format!("{}:{}", v["kind"], v["pointer"]))
                    .collect();
                println!("  json_report: {}", codes.join(" "));
            }
        }
    }
}
