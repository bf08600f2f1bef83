//! A Markdown code fence around JSON text (` ```json ... ``` `), as models
//! sometimes write arguments.

/// The text inside a Markdown code fence that is the whole of `text` (white
/// space around it aside): an opening line of three or more backticks or tildes
/// with an optional info string (`json`), the closing line of the same fence.
/// `None` when `text` is not one fenced block.
pub(super) fn unfenced(text: &str) -> Option<&str> {
    let text = text.trim();
    let fence_char = text.chars().next().filter(|c| matches!(c, '`' | '~'))?;
    // In bytes (as the slicing below wants): the fence characters are ASCII.
    let fence_len = text.len() - text.trim_start_matches(fence_char).len();
    if fence_len < 3 {
        return None;
    }
    let (opening, rest) = text.split_once('\n')?;
    let info = opening[fence_len..].trim();
    if info.contains(fence_char) || info.contains(char::is_whitespace) {
        return None;
    }
    let body = rest.trim_end();
    let closing_len = body.len() - body.trim_end_matches(fence_char).len();
    if closing_len < fence_len {
        return None;
    }
    let inner = &body[..body.len() - closing_len];
    // The closing fence stands on its own line.
    if !(inner.is_empty() || inner.ends_with('\n')) {
        return None;
    }
    Some(inner.trim())
}

#[cfg(test)]
mod tests {
    use super::unfenced;

    #[test]
    fn fenced_blocks_only() {
        assert_eq!(unfenced("```json\n{\"a\": 1}\n```"), Some("{\"a\": 1}"));
        assert_eq!(unfenced("  ```\n[1]\n```\n"), Some("[1]"));
        assert_eq!(unfenced("~~~~JSON\n{}\n~~~~"), Some("{}"));
        assert_eq!(unfenced("{\"a\": 1}"), None);
        assert_eq!(unfenced("```json {\"a\": 1}```"), None);
        assert_eq!(unfenced("```json\n{}\n``"), None);
        assert_eq!(unfenced("Here it is:\n```json\n{}\n```"), None);
        assert_eq!(unfenced("```json\n{}```"), None);
    }
}
