//! Tests of the `alias` keyword decisions (`tool_schema_runtime::keywords::alias`) on
//! models the parser builds.

use crate::keywords::alias::*;
use crate::schema::Schema;
use serde_json::{json, Map, Value};

fn node() -> Schema {
    Schema::parse(&json!({
        "type": "object",
        "properties": {"city": {"type": "string"}, "days": {"type": "integer"}},
        "required": ["city"],
        KEYWORD: {"city": ["town", "place"]}
    }))
    .unwrap()
}

fn map(v: Value) -> Map<String, Value> {
    v.as_object().unwrap().clone()
}

#[test]
fn a_property_is_present_under_any_of_its_names() {
    let s = node();
    let (d, names) = s.root().alias_groups().next().unwrap();
    assert_eq!(d, 0);
    assert_eq!(names.clone().collect::<Vec<_>>(), ["city", "town", "place"]);
    assert!(group_present(names.clone(), &map(json!({"place": "Oslo"}))));
    assert!(!group_present(names, &map(json!({"days": 1}))));
}

#[test]
fn two_names_of_one_property_are_refused() {
    let s = node();
    let groups = || s.root().alias_groups().map(|(_, g)| g);
    assert!(one_name_each(
        groups(),
        &map(json!({"town": "a", "days": 1}))
    ));
    assert!(!one_name_each(
        groups(),
        &map(json!({"town": "a", "city": "b"}))
    ));
    assert!(!one_name_each(
        groups(),
        &map(json!({"place": "a", "town": "b"}))
    ));
}

#[test]
fn did_you_mean_leaves_out_a_property_given_under_another_name() {
    let s = node();
    let root = s.root();
    let entries = || {
        let props = root.properties.as_deref().unwrap();
        props
            .iter()
            .enumerate()
            .map(|(i, p)| (p.name.as_str(), p.canonical(i)))
    };
    let m = map(json!({"town": "a"}));
    assert_eq!(open_names(entries(), 2, &m), ["days"]);
    let m = map(json!({"x": 1}));
    assert_eq!(
        open_names(entries(), 2, &m),
        ["city", "days", "town", "place"]
    );
}

#[test]
fn the_model_holds_aliases_after_the_properties() {
    let s = node();
    let root = s.root();
    assert!(root.has_aliases());
    assert_eq!(root.declared_properties().len(), 2);
    let (d, town) = root.property("town").unwrap();
    assert_eq!((d, town.alias_of), (2, Some(0)));
    assert_eq!(town.node, root.property("city").unwrap().1.node);
}

fn messages(s: &Schema, args: Value) -> Vec<String> {
    let report = s.validate(&args);
    let text = s
        .validate_str(&args.to_string(), &crate::Options::default())
        .unwrap();
    assert_eq!(report, text, "the text path agrees on {args}");
    assert_eq!(report.is_valid(), s.is_valid(&args), "{args}");
    report.messages()
}

#[test]
fn the_interpreter_reads_a_property_under_its_aliases() {
    let s = node();
    assert!(messages(&s, json!({"town": "Oslo"})).is_empty());
    assert!(messages(&s, json!({"place": "Oslo", "days": 2})).is_empty());
    assert_eq!(
        messages(&s, json!({"town": 7})),
        ["argument 'town' should be string, got integer"]
    );
    assert_eq!(
        messages(&s, json!({"days": 2})),
        ["missing required argument 'city'"]
    );
    assert_eq!(
        messages(&s, json!({"city": "a", "town": "b", "place": "c"})),
        [
            "'city' and 'town' name the same argument: send one",
            "'city' and 'place' name the same argument: send one"
        ]
    );
    let r = s.validate(&json!({"town": "b", "city": "a"}));
    let v = &r.violations[0];
    assert_eq!(v.kind.code(), "same-argument");
    assert_eq!(v.path.to_pointer(), "/town");
    assert_eq!(v.position.argument, Some(0));
    assert_eq!(v.position.declared, Some(0));
}

#[test]
fn did_you_mean_offers_an_alias_and_not_a_property_given() {
    let s = node();
    assert_eq!(
        messages(&s, json!({"towm": "Oslo"})),
        [
            "missing required argument 'city'",
            "unexpected argument 'towm' (did you mean 'town'?)"
        ]
    );
    let m = messages(&s, json!({"town": "Oslo", "cty": 1}));
    assert_eq!(m, ["unexpected argument 'cty'"]);
}

#[test]
fn many_properties_and_aliases_agree_with_the_small_case() {
    // Past the interpreter's indexed lookup and the 64 bits of `seen`.
    let mut props = Map::new();
    let mut aliases = Map::new();
    for i in 0..70 {
        props.insert(format!("p{i}"), json!({"type": "integer"}));
        aliases.insert(format!("p{i}"), json!([format!("a{i}")]));
    }
    let required: Vec<String> = (0..70).map(|i| format!("p{i}")).collect();
    let s = Schema::parse(&json!({
        "type": "object", "properties": props, "required": required, KEYWORD: aliases
    }))
    .unwrap();
    let mut args: Map<String, Value> = (0..70).map(|i| (format!("a{i}"), json!(i))).collect();
    assert!(messages(&s, Value::Object(args.clone())).is_empty());
    args.remove("a69");
    args.insert("p3".into(), json!(3));
    assert_eq!(
        messages(&s, Value::Object(args)),
        [
            "missing required argument 'p69'",
            "'p3' and 'a3' name the same argument: send one"
        ]
    );
}

#[test]
fn many_aliases_all_given_twice() {
    // Linear walks: every property given under both names, the report capped.
    let n = 3000;
    let props: Map<String, Value> = (0..n).map(|i| (format!("p{i}"), json!({}))).collect();
    let aliases: Map<String, Value> = (0..n)
        .map(|i| (format!("p{i}"), json!([format!("a{i}")])))
        .collect();
    let s = Schema::parse(&json!({"properties": props, KEYWORD: aliases})).unwrap();
    let call: Map<String, Value> = (0..n)
        .flat_map(|i| [(format!("p{i}"), json!(i)), (format!("a{i}"), json!(i))])
        .collect();
    let call = Value::Object(call);
    assert!(!s.is_valid(&call));
    let report = s.validate(&call);
    assert!(report
        .violations
        .iter()
        .all(|v| v.kind.code() == "same-argument"));
    assert_eq!(report.violations[0].position.argument, Some(1));
    assert_eq!(report.violations.len() + report.omitted, n);
}

fn errors(v: Value) -> Vec<String> {
    match Schema::parse(&v) {
        Ok(_) => Vec::new(),
        Err(e) => e
            .problems
            .iter()
            .map(|d| format!("{}: {}", d.pointer, d.message))
            .collect(),
    }
}

#[test]
fn the_parser_refuses_aliases_it_cannot_honour() {
    let props = json!({"a": {}, "b": {}});
    let at =
        |aliases: Value| errors(json!({"properties": props, "required": ["a"], KEYWORD: aliases}));
    assert_eq!(
        at(json!({"a": ["b"]})),
        ["/x-tool-schema-aliases/a/0: alias \"b\" is the name of another property: each name may read one property"]
    );
    assert_eq!(
        at(json!({"a": ["a"]})),
        ["/x-tool-schema-aliases/a/0: alias \"a\" is the property's own name: each name may read one property"]
    );
    assert_eq!(
        at(json!({"a": ["c"], "b": ["c"]})),
        ["/x-tool-schema-aliases/b/0: alias \"c\" is already an alias of \"a\": each name may read one property"]
    );
    assert_eq!(
        at(json!({"z": ["c"]})),
        ["/x-tool-schema-aliases/z: \"z\" is not a property declared in properties"]
    );
    assert_eq!(
        at(json!({"a": "c"})),
        ["/x-tool-schema-aliases/a: expected an array of aliases, got a string"]
    );
    assert_eq!(
        at(json!({"a": [1]})),
        ["/x-tool-schema-aliases/a/0: expected an alias (a string), got a number"]
    );
    assert_eq!(
        at(json!(["a"])),
        ["/x-tool-schema-aliases: expected an object mapping property names to lists of aliases, got an array"]
    );
    assert_eq!(
        errors(json!({"properties": props, "required": ["c"], KEYWORD: {"a": ["c"]}})),
        ["/required/0: required names \"c\", an alias of \"a\": require \"a\" (any of its names then satisfies it)"]
    );
    assert_eq!(
        errors(json!({"type": "object", KEYWORD: {"a": ["c"]}})),
        ["/x-tool-schema-aliases: aliases name properties: this schema declares no properties"]
    );
}

#[test]
fn the_model_writes_the_keyword_back_and_exports_remove_it() {
    let s = node();
    let v = s.to_value();
    assert_eq!(
        v["properties"],
        json!({"city": {"type": "string"}, "days": {"type": "integer"}})
    );
    assert_eq!(v[KEYWORD], json!({"city": ["town", "place"]}));
    assert_eq!(Schema::parse(&v).unwrap(), s);
    use crate::export::{self, ExportOptions, Target, ToolSpec};
    let spec = ToolSpec {
        name: "weather",
        title: None,
        description: "",
        schema: &v,
    };
    for target in Target::ALL {
        let e = export::export(target, &spec, &ExportOptions::default()).unwrap();
        let text = e.value.to_string();
        assert!(
            !text.contains("town") && !text.contains(KEYWORD),
            "{target:?}: {text}"
        );
        assert!(text.contains("city"), "{target:?}");
    }
    let strict = export::strict::openai(&v, &ExportOptions::default()).unwrap();
    assert!(!strict.schema.to_string().contains("town"));
}
