//! `properties!("path.json")`: the number of top-level properties of the schema in
//! the file (relative to the calling crate's manifest), read with serde_json.

use proc_macro::TokenStream;

#[proc_macro]
pub fn properties(input: TokenStream) -> TokenStream {
    let path = syn::parse_macro_input!(input as syn::LitStr).value();
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    let text = std::fs::read_to_string(std::path::Path::new(&dir).join(path)).expect("the schema file");
    let schema: serde_json::Value = serde_json::from_str(&text).expect("a JSON schema");
    let count = schema["properties"].as_object().map_or(0, |p| p.len());
    quote::quote!(#count).into()
}
