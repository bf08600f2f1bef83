//! `tool-schema types`, run as a binary: the Rust the typed form of
//! `tool_schema!` declares for each definition.

mod support;

use predicates::prelude::*;
use support::{cmd, data};

#[test]
fn types_prints_each_tools_struct_and_enums() {
    cmd()
        .arg("types")
        .arg(data("tools/mcp.json"))
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "// get_weather (result.tools[0])\n/// Get the current weather for a city.\n",
        ))
        .stdout(predicate::str::contains(
            "pub struct GetWeather {\n    /// City name\n    pub city: ::std::string::String,\n",
        ))
        .stdout(predicate::str::contains(
            "    pub unit: ::core::option::Option<GetWeatherUnit>,\n",
        ))
        .stdout(predicate::str::contains(
            "pub enum GetWeatherUnit {\n    #[serde(rename = \"celsius\")]\n    Celsius,\n",
        ))
        .stdout(predicate::str::contains(
            "pub struct Search {\n    pub query: ::std::string::String,\n",
        ));
}

#[test]
fn a_root_the_typed_form_refuses_is_named_and_the_others_printed() {
    cmd()
        .arg("types")
        .arg(data("types_refused.json"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "tool 'either' (tools[0]): the typed form cannot read the arguments: its `oneOf` branches are not objects told apart by a required property's `const` (a tagged union, read as an enum) (at /oneOf)",
        ))
        .stdout(predicate::str::contains("// either").not())
        // `additionalProperties: false`: no field keeps undeclared members.
        .stdout(predicate::str::contains("pub struct Ping {\n}\n"));
}

#[test]
fn types_prints_constants_unions_tuples_and_definitions() {
    cmd()
        .arg("types")
        .arg(data("types_shapes.json"))
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "pub struct DrawVersion;\n::tool_schema::__private::typed_const!(DrawVersion, \"2\");\n",
        ))
        .stdout(predicate::str::contains(
            "#[serde(tag = \"kind\")]\npub enum DrawShape {\n    #[serde(rename = \"circle\")]\n    Circle(DrawShapeCircle),\n",
        ))
        .stdout(predicate::str::contains(
            "pub struct DrawShapeCircle {\n    pub radius: f64,\n}\n",
        ))
        .stdout(predicate::str::contains(
            "pub at: ::core::option::Option<(u8, ::std::string::String)>,\n",
        ))
        .stdout(predicate::str::contains(
            "pub limit: ::core::option::Option<::core::option::Option<u8>>,\n",
        ))
        .stdout(predicate::str::contains(
            "pub struct Tree {\n    pub label: ::std::string::String,\n",
        ))
        .stdout(predicate::str::contains(
            "pub next: ::core::option::Option<::std::boxed::Box<Tree>>,\n",
        ));
}

#[test]
fn types_prints_numeric_enums_maps_and_the_reason_for_each_value() {
    let reason = "/// Read as `serde_json::Value` (validated by the schema): ";
    cmd()
        .arg("types")
        .arg(data("types_enums.json"))
        .assert()
        .code(0)
        .stdout(predicate::str::contains("    pub level: u8,\n"))
        .stdout(predicate::str::contains(
            "    pub offset: ::core::option::Option<i16>,\n",
        ))
        .stdout(predicate::str::contains(
            "    pub ratio: ::core::option::Option<f64>,\n",
        ))
        .stdout(predicate::str::contains(format!(
            "{reason}the `enum` mixes integers and strings (serde reads one kind of value into a type).\n"
        )))
        .stdout(predicate::str::contains(
            "    pub headers: ::core::option::Option<::std::collections::BTreeMap<::std::string::String, ::std::string::String>>,\n",
        ))
        .stdout(predicate::str::contains(format!(
            "{reason}several `patternProperties` are not mapped (a member may have to meet more than one, and a map has one type of value).\n"
        )))
        .stdout(predicate::str::contains(format!(
            "{reason}`patternProperties` maps to a map of its schema's type where `additionalProperties` is `false` (other members would need another type).\n"
        )));
}

#[test]
fn an_unreadable_file_is_unusable() {
    cmd()
        .arg("types")
        .arg(data("no_such_file.json"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("tool-schema:"));
}
