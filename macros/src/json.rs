//! JSON pointers (RFC 6901) as the macros write them.

/// One JSON pointer reference token: `~` as `~0`, `/` as `~1` (RFC 6901).
pub(crate) fn pointer_token(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// `pointer` with one more reference token, escaped: `("/properties", "a/b")` ->
/// `/properties/a~1b`.
pub(crate) fn push_token(pointer: &str, token: &str) -> String {
    format!("{pointer}/{}", pointer_token(token))
}

/// Whether `pointer` is `prefix` or a pointer under it.
pub(crate) fn at_or_under(pointer: &str, prefix: &str) -> bool {
    pointer
        .strip_prefix(prefix)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}
