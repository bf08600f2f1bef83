// usage: stackprobe HOPS DEPTH MODE(valid|report|isvalid|text) KIND(allof|ref|anyof|oneof|not)
use serde_json::{json, Value};
use tool_schema_runtime::Schema;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let hops: usize = a[1].parse().unwrap();
    let depth: usize = a[2].parse().unwrap();
    let mode = a[3].clone();
    let kind = a.get(4).cloned().unwrap_or("allof".into());
    let mut defs = serde_json::Map::new();
    for k in 0..hops {
        let next = json!({"$ref": format!("#/$defs/d{}", k + 1)});
        let d = match kind.as_str() {
            "allof" => json!({"allOf": [next]}),
            "anyof" => json!({"anyOf": [next]}),
            "oneof" => json!({"oneOf": [next]}),
            "ref" => json!({"$ref": format!("#/$defs/d{}", k + 1), "minProperties": 0}),
            _ => panic!(),
        };
        defs.insert(format!("d{k}"), d);
    }
    defs.insert(format!("d{hops}"), json!({"type": "object", "properties": {"a": {"$ref": "#/$defs/d0"}}}));
    let schema = Schema::parse(&json!({"$ref": "#/$defs/d0", "$defs": defs})).unwrap();
    let mut v = if mode == "report" { json!(5) } else { json!({}) };
    for _ in 0..depth { v = json!({"a": v}); }
    let v: Value = v;
    let t = std::thread::Builder::new().stack_size(2 << 20).spawn(move || {
        match mode.as_str() {
            "isvalid" => { schema.is_valid_with(&v, &tool_schema_runtime::Options::SPEC); }
            "text" => { let s = v.to_string(); let _ = schema.validate_str(&s, &tool_schema_runtime::Options::SPEC); }
            _ => { let r = schema.validate_with(&v, &tool_schema_runtime::Options::SPEC); assert_eq!(r.is_valid(), mode == "valid"); }
        }
        std::mem::forget(v);
    }).unwrap();
    t.join().unwrap();
    println!("ok");
}
