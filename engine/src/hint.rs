//! [`OptionHint`]: the options of the library that its messages name, in one
//! place, so that a program setting them another way can word them its way.

/// An option of the library that a message names: the export option that would
/// lift a refusal ([`Problem`](crate::export::Problem)) or that is behind a change
/// ([`Change`](crate::export::Change)), or the registry a schema's `$ref` could be
/// resolved from ([`SchemaError`](crate::SchemaError)). The messages name it in
/// Rust ([`OptionHint::words`]); a program whose users set the options another
/// way (the `tool-schema` command, with flags) puts its own words in their place
/// with [`OptionHint::reword`].
///
/// ```
/// use tool_schema_engine::{export, OptionHint};
///
/// let schema = serde_json::json!({
///     "type": "object",
///     "properties": {"city": {"type": "string", "maxLength": 40}}
/// });
/// let refused = export::openai_chat_strict("get_weather", "", &schema).unwrap_err();
/// let text = refused.to_string();
/// assert!(text.contains(OptionHint::LossyDescribe.words()));
/// let flags = OptionHint::reword(&text, |hint| match hint {
///     OptionHint::LossyDescribe => "--lossy describe",
///     _ => "a setting of the library",
/// });
/// assert!(flags.contains("(--lossy describe would move it into the description)"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OptionHint {
    /// `ExportOptions::lossy(Lossy::Describe)`: a constraint the provider cannot
    /// take moved into the description instead of refused.
    LossyDescribe,
    /// `ExportOptions::inline_budget`: how many JSON values inlining `$ref`s may
    /// copy.
    InlineBudget,
    /// `ExportOptions::schema_dialect`: the `$schema` an export writes.
    SchemaDialect,
    /// `Schema::builder().resource(uri, document)`: a document a `$ref` names,
    /// registered.
    RegisterResource,
}

impl OptionHint {
    /// Every option a message may name.
    pub const ALL: [OptionHint; 4] = [
        OptionHint::LossyDescribe,
        OptionHint::InlineBudget,
        OptionHint::SchemaDialect,
        OptionHint::RegisterResource,
    ];

    /// How the messages name the option: the Rust that sets it.
    pub const fn words(self) -> &'static str {
        match self {
            OptionHint::LossyDescribe => "ExportOptions::lossy(Lossy::Describe)",
            OptionHint::InlineBudget => "ExportOptions::inline_budget",
            OptionHint::SchemaDialect => "ExportOptions::schema_dialect",
            OptionHint::RegisterResource => "Schema::builder().resource(uri, document)",
        }
    }

    /// `text` (a message, a rule, a reason, or a whole report or error as
    /// displayed) with each option's [`words`](OptionHint::words) replaced by
    /// `name(option)`.
    pub fn reword<'a>(text: &str, name: impl Fn(OptionHint) -> &'a str) -> String {
        OptionHint::ALL.iter().fold(text.to_owned(), |text, &hint| {
            text.replace(hint.words(), name(hint))
        })
    }
}
