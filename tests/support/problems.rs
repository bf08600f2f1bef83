//! The target problems of a standard type (`ToolArgs::__TARGET_PROBLEMS`) against
//! the derive's for a field of that type (a newtype `Field` holding it).

/// Whether `own` (a standard type's) says what `field` (its newtype `Field`'s)
/// says, `Field` read as `name`; an empty list and one of empty pairs alike.
pub fn same_problems(own: &[(&str, &str)], field: &[(&str, &str)], name: &str) -> bool {
    let named = |s: &str| s.replace("`Field`", &format!("`{name}`"));
    let field: Vec<(String, String)> = field.iter().map(|(r, l)| (named(r), named(l))).collect();
    let own: Vec<(String, String)> = own
        .iter()
        .map(|(r, l)| (r.to_string(), l.to_string()))
        .collect();
    let none = |l: &[(String, String)]| l.iter().all(|(r, l)| r.is_empty() && l.is_empty());
    own == field || (none(&own) && none(&field))
}
