//! `--target`: a provider format by name.

use tool_schema_engine::export::Target;

/// The target called `name`: a library id (`openai_chat_strict`), the same with
/// dashes (`openai-chat-strict`), or a short name (`openai` and `openai-strict` are
/// Chat Completions).
pub fn parse(name: &str) -> Option<Target> {
    let id = name.trim().to_ascii_lowercase().replace('-', "_");
    let id = match id.as_str() {
        "openai" => "openai_chat",
        "openai_strict" => "openai_chat_strict",
        other => other,
    };
    Target::ALL.into_iter().find(|t| t.id() == id)
}

/// Every name [`parse`] takes, for messages: the ids with dashes.
pub fn names() -> String {
    let mut names: Vec<String> = vec!["openai".into(), "openai-strict".into()];
    names.extend(Target::ALL.iter().map(|t| t.id().replace('_', "-")));
    names.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_ids_dashes_and_short_names() {
        assert_eq!(parse("openai-strict"), Some(Target::OpenAiChatStrict));
        assert_eq!(
            parse("openai_responses_strict"),
            Some(Target::OpenAiResponsesStrict)
        );
        assert_eq!(parse("gemini-json-schema"), Some(Target::GeminiJsonSchema));
        assert_eq!(parse("MCP"), Some(Target::Mcp));
        assert_eq!(parse("claude"), None);
        for t in Target::ALL {
            assert_eq!(parse(t.id()), Some(t));
            assert_eq!(parse(&t.id().replace('_', "-")), Some(t));
        }
        assert!(names().contains("openai-strict, anthropic, anthropic-strict"));
    }
}
