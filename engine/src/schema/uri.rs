//! URI references (RFC 3986, section 5) resolved against a base, for `$id`, `$ref`
//! and `$dynamicRef`: the one place a relative reference becomes absolute. No
//! normalisation beyond the RFC's (no case folding, no percent-decoding of paths),
//! so `http://a/b` and `HTTP://a/b` name different resources, as most validators do.

/// The five components of a URI reference; `None` where the component is absent.
#[derive(Debug, PartialEq, Eq)]
struct Parts<'a> {
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

/// Splits a URI reference into its components (RFC 3986, appendix B).
fn split(s: &str) -> Parts<'_> {
    let (rest, fragment) = match s.split_once('#') {
        Some((r, f)) => (r, Some(f)),
        None => (s, None),
    };
    let (rest, query) = match rest.split_once('?') {
        Some((r, q)) => (r, Some(q)),
        None => (rest, None),
    };
    let scheme_end = rest.find([':', '/', '?', '#']);
    let (scheme, rest) = match scheme_end {
        Some(i)
            if i > 0
                && rest.as_bytes()[i] == b':'
                && rest[..i].starts_with(|c: char| c.is_ascii_alphabetic()) =>
        {
            (Some(&rest[..i]), &rest[i + 1..])
        }
        _ => (None, rest),
    };
    let (authority, path) = match rest.strip_prefix("//") {
        Some(after) => {
            let end = after.find('/').unwrap_or(after.len());
            (Some(&after[..end]), &after[end..])
        }
        None => (None, rest),
    };
    Parts {
        scheme,
        authority,
        path,
        query,
        fragment,
    }
}

/// RFC 3986, 5.2.4.
fn remove_dot_segments(path: &str) -> String {
    let mut input = path;
    let mut out: Vec<&str> = Vec::new();
    let absolute = path.starts_with('/');
    // Segments after the leading '/', with a trailing empty one when the path ends
    // in '/' or in a dot segment.
    let trimmed = input.strip_prefix('/').unwrap_or(input);
    input = trimmed;
    let segments: Vec<&str> = input.split('/').collect();
    let last = segments.len().saturating_sub(1);
    let mut trailing_slash = false;
    for (i, seg) in segments.iter().enumerate() {
        match *seg {
            "." => trailing_slash = i == last,
            ".." => {
                out.pop();
                trailing_slash = i == last;
            }
            s => {
                out.push(s);
                trailing_slash = false;
            }
        }
    }
    let mut s = String::with_capacity(path.len());
    if absolute {
        s.push('/');
    }
    s.push_str(&out.join("/"));
    if trailing_slash && !s.ends_with('/') {
        s.push('/');
    }
    s
}

fn compose(p: &Parts<'_>, path: &str) -> String {
    let mut s = String::new();
    if let Some(scheme) = p.scheme {
        s.push_str(scheme);
        s.push(':');
    }
    if let Some(a) = p.authority {
        s.push_str("//");
        s.push_str(a);
    }
    s.push_str(path);
    if let Some(q) = p.query {
        s.push('?');
        s.push_str(q);
    }
    if let Some(f) = p.fragment {
        s.push('#');
        s.push_str(f);
    }
    s
}

/// `reference` resolved against the absolute URI `base` (RFC 3986, 5.2.2).
pub(crate) fn resolve(base: &str, reference: &str) -> String {
    let r = split(reference);
    let b = split(base);
    if r.scheme.is_some() {
        let path = remove_dot_segments(r.path);
        return compose(&r, &path);
    }
    let (authority, path, query) = if r.authority.is_some() {
        (r.authority, remove_dot_segments(r.path), r.query)
    } else if r.path.is_empty() {
        (b.authority, b.path.to_string(), r.query.or(b.query))
    } else if r.path.starts_with('/') {
        (b.authority, remove_dot_segments(r.path), r.query)
    } else {
        let merged = if b.authority.is_some() && b.path.is_empty() {
            format!("/{}", r.path)
        } else {
            match b.path.rfind('/') {
                Some(i) => format!("{}{}", &b.path[..=i], r.path),
                None => r.path.to_string(),
            }
        };
        (b.authority, remove_dot_segments(&merged), r.query)
    };
    compose(
        &Parts {
            scheme: b.scheme,
            authority,
            path: &path,
            query,
            fragment: r.fragment,
        },
        &path,
    )
}

/// `uri` without its fragment, and the fragment (`""` when there is none or it is
/// empty).
pub(crate) fn split_fragment(uri: &str) -> (&str, &str) {
    match uri.split_once('#') {
        Some((u, f)) => (u, f),
        None => (uri, ""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc_3986_examples() {
        let base = "http://a/b/c/d;p?q";
        for (r, want) in [
            ("g:h", "g:h"),
            ("g", "http://a/b/c/g"),
            ("./g", "http://a/b/c/g"),
            ("g/", "http://a/b/c/g/"),
            ("/g", "http://a/g"),
            ("//g", "http://g"),
            ("?y", "http://a/b/c/d;p?y"),
            ("g?y", "http://a/b/c/g?y"),
            ("#s", "http://a/b/c/d;p?q#s"),
            ("g#s", "http://a/b/c/g#s"),
            ("", "http://a/b/c/d;p?q"),
            (".", "http://a/b/c/"),
            ("./", "http://a/b/c/"),
            ("..", "http://a/b/"),
            ("../", "http://a/b/"),
            ("../g", "http://a/b/g"),
            ("../..", "http://a/"),
            ("../../g", "http://a/g"),
            ("../../../g", "http://a/g"),
            ("/./g", "http://a/g"),
            ("g.", "http://a/b/c/g."),
            ("g/../h", "http://a/b/c/h"),
        ] {
            assert_eq!(resolve(base, r), want, "{r}");
        }
    }

    #[test]
    fn urns_and_fragments() {
        let urn = "urn:uuid:deadbeef-1234-ffff-ffff-4321feebdaed";
        assert_eq!(resolve(urn, "#/$defs/bar"), format!("{urn}#/$defs/bar"));
        assert_eq!(resolve("http://x/y.json", urn), urn);
        assert_eq!(split_fragment("http://x/y#a"), ("http://x/y", "a"));
        assert_eq!(split_fragment("http://x/y"), ("http://x/y", ""));
        assert_eq!(
            resolve("file:///folder/file.json", "#/$defs/x"),
            "file:///folder/file.json#/$defs/x"
        );
    }
}
