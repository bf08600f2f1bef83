//! Feature `schemars`: types declared with `#[derive(ToolArgs)]` or `tool_schema!`
//! implement `schemars::JsonSchema` with tool-schema's own schema, so
//! `schemars::schema_for!` (and whatever else takes a `JsonSchema`: rmcp's
//! `Parameters<T>`, OpenAPI generators) carries it. Run with
//! `cargo test --features schemars --test schemars`.

use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde_json::{json, Value};
use std::borrow::Cow;
use tool_schema::{tool_schema, Schema as Model, ToolArgs};

tool_schema! {
    /// Get the current weather for a city.
    pub GetWeather = {
        "type": "object",
        "properties": {
            "city": { "type": "string", "minLength": 1 },
            "unit": { "type": "string", "enum": ["celsius", "fahrenheit"] }
        },
        "required": ["city"],
        "additionalProperties": false
    }
}

/// Place an order.
#[derive(ToolArgs)]
#[allow(dead_code)]
struct PlaceOrder {
    /// The article number.
    #[arg(pattern = "^[A-Z]{3}-[0-9]{4}$")]
    sku: String,
    #[arg(minimum = 1, maximum = 100)]
    quantity: u32,
    gift: Option<bool>,
}

/// A recursive model.
#[derive(ToolArgs)]
#[allow(dead_code)]
struct TreeNode {
    label: String,
    children: Vec<TreeNode>,
}

/// A type nesting the recursive one: its schema has `$defs`.
#[derive(ToolArgs)]
#[allow(dead_code)]
struct Forest {
    trees: Vec<TreeNode>,
    tallest: Option<TreeNode>,
}

/// `value` without the members schemars adds at a document's root.
fn without_root_meta(mut value: Value) -> Value {
    let m = value.as_object_mut().unwrap();
    m.remove("$schema");
    m.remove("title");
    value
}

/// Each value gets the same messages from the type's compiled validator and from
/// the interpreter of the schema schemars produced.
fn agree<T: ToolArgs>(schema: &Schema, values: &[Value]) {
    let model = Model::parse(schema.as_value()).expect("schemars' schema parses");
    for v in values {
        assert_eq!(
            model.validate(v).messages(),
            T::validate(v).messages(),
            "{v}"
        );
    }
}

#[test]
fn schema_for_a_tool_schema_tool_is_its_schema() {
    let schema = schemars::schema_for!(GetWeather);
    assert_eq!(
        schema.get("$schema"),
        Some(&json!("https://json-schema.org/draft/2020-12/schema"))
    );
    assert_eq!(schema.get("title"), Some(&json!("GetWeather")));
    assert_eq!(
        without_root_meta(schema.as_value().clone()),
        GetWeather::schema().clone()
    );
}

#[test]
fn schema_for_a_derived_type_is_its_schema() {
    let schema = schemars::schema_for!(PlaceOrder);
    assert_eq!(
        without_root_meta(schema.as_value().clone()),
        PlaceOrder::schema().clone()
    );
    assert_eq!(schema.get("required"), Some(&json!(["sku", "quantity"])));
    agree::<PlaceOrder>(
        &schema,
        &[
            json!({"sku": "ABC-1234", "quantity": 3}),
            json!({"sku": "abc", "quantity": 0, "gift": "yes", "note": 1}),
            json!({}),
        ],
    );
}

#[test]
fn a_recursive_type_refers_to_its_definition() {
    // Our schema refers to its root (`#`); schemars' document keeps a copy of it
    // among its definitions, so the reference holds nested as well as at the root.
    assert_eq!(
        TreeNode::schema()["properties"]["children"]["items"],
        json!({"$ref": "#"})
    );
    let schema = schemars::schema_for!(TreeNode);
    let value = schema.as_value().clone();
    assert_eq!(value["type"], "object");
    assert_eq!(
        value["properties"]["children"]["items"],
        json!({"$ref": "#/$defs/TreeNode"})
    );
    assert_eq!(
        value["$defs"]["TreeNode"]["properties"],
        value["properties"]
    );
    agree::<TreeNode>(
        &schema,
        &[
            json!({"label": "a", "children": [{"label": "b", "children": []}]}),
            json!({"label": "a", "children": [{"label": 2, "children": [{"label": "c"}]}]}),
        ],
    );
}

#[test]
fn nested_definitions_move_to_the_document() {
    let schema = schemars::schema_for!(Forest);
    let value = schema.as_value().clone();
    assert_eq!(
        value["properties"]["trees"]["items"],
        json!({"$ref": "#/$defs/TreeNode"})
    );
    assert!(value["$defs"]["TreeNode"].is_object());
    assert_eq!(value["$defs"].as_object().unwrap().len(), 1);
    agree::<Forest>(
        &schema,
        &[
            json!({"trees": [{"label": "a", "children": []}]}),
            json!({"trees": [{"label": "a", "children": [{"children": []}]}], "tallest": 1}),
        ],
    );
}

/// A type schemars knows, written by hand, holding two of ours: what a schemars
/// derive or an OpenAPI generator does with them.
struct Envelope;

impl JsonSchema for Envelope {
    fn schema_name() -> Cow<'static, str> {
        "Envelope".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let forest = generator.subschema_for::<Forest>();
        let order = generator.subschema_for::<PlaceOrder>();
        let node = generator.subschema_for::<TreeNode>();
        schemars::json_schema!({
            "type": "object",
            "properties": {"forest": forest, "order": order, "node": node},
            "required": ["forest", "order", "node"]
        })
    }
}

#[test]
fn nested_in_another_schemars_type_and_draft_07() {
    let schema = schemars::schema_for!(Envelope);
    let value = schema.as_value().clone();
    assert_eq!(value["properties"]["order"], PlaceOrder::schema().clone());
    // `TreeNode` (from `Forest`'s `$defs`) and the copy of `TreeNode` itself are
    // the same definition: one entry.
    assert_eq!(
        value["$defs"]
            .as_object()
            .unwrap()
            .keys()
            .collect::<Vec<_>>(),
        ["TreeNode"]
    );
    let model = Model::parse(&value).unwrap();
    let call = json!({
        "forest": {"trees": [{"label": "x", "children": [{"label": 1, "children": []}]}]},
        "order": {"sku": "ABC-1234", "quantity": 1},
        "node": {"label": "y", "children": [{"label": "z"}]}
    });
    assert_eq!(
        model.validate(&call).messages(),
        [
            "argument 'forest.trees[0].children[0].label' should be string, got integer",
            "missing required argument 'node.children[0].children'",
        ]
    );

    // Draft 7 keeps definitions under `definitions`; references follow.
    let generator = SchemaSettings::draft07().into_generator();
    let value = generator.into_root_schema_for::<Forest>().to_value();
    assert_eq!(
        value["properties"]["trees"]["items"],
        json!({"$ref": "#/definitions/TreeNode"})
    );
    assert!(value["definitions"]["TreeNode"].is_object());
}

/// A field with aliases: the validator's, not handed on.
#[derive(ToolArgs)]
#[allow(dead_code)]
struct Aliased {
    #[serde(alias = "town")]
    city: String,
}

#[test]
fn aliases_are_not_handed_on() {
    let schema = schemars::schema_for!(Aliased);
    assert!(Aliased::schema().get("x-tool-schema-aliases").is_some());
    assert_eq!(schema.get("x-tool-schema-aliases"), None);
    assert_eq!(
        schema.get("properties"),
        Some(&json!({"city": {"type": "string"}}))
    );
}

/// A generic derived type: each instantiation its own schema for schemars (one id
/// per Rust type, so `Pair<Pair<Item>>` is not read as recursion).
#[derive(tool_schema::ToolArgs, serde::Deserialize)]
#[allow(dead_code)]
struct Pair<T> {
    left: T,
    right: T,
}

#[derive(tool_schema::ToolArgs, serde::Deserialize)]
#[allow(dead_code)]
struct Item {
    #[arg(minimum = 1)]
    n: u32,
}

#[test]
fn schema_for_a_generic_instantiation_is_its_schema() {
    let schema = schemars::schema_for!(Pair<Pair<Item>>);
    assert_eq!(
        without_root_meta(schema.as_value().clone()),
        <Pair<Pair<Item>>>::schema().clone()
    );
    let inner = schemars::schema_for!(Pair<Item>);
    assert_eq!(
        without_root_meta(inner.as_value().clone()),
        <Pair<Item>>::schema().clone()
    );
}
