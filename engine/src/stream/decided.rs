//! What the streaming checker decides by itself on an object or an array, and
//! so what lets `finish` answer from the stream's own decisions: a call whose
//! every container met only nodes of [`container`] (and alternatives expanded
//! whole), with no decision against it, is valid, and `finish` gives the
//! valid report without reading the text again. Anything else is left to
//! `validate_str` on the text kept.

use crate::schema::Node;

/// Whether the checker decides every keyword `node` asks of an object or an
/// array: `type`, `properties`, `patternProperties`, `additionalProperties`,
/// closed objects, `propertyNames`, `required`, `dependentRequired`,
/// `minProperties`,
/// `maxProperties`, `prefixItems`, `items`, `minItems`, `maxItems`, and the
/// in-place `$ref`, `allOf`, `anyOf` (as alternatives).
pub(super) fn container(node: &Node) -> bool {
    node.enum_values.is_none()
        && node.const_value.is_none()
        && node.not.is_none()
        && node.effective_if().is_none()
        && node.dependent_schemas.is_empty()
        && !node.unique_items
        && node.contains.is_none()
        && node.unevaluated_properties.is_none()
        && node.unevaluated_items.is_none()
        // `oneOf`: exactly one branch; the alternatives say at least one.
        && node.one_of.len() <= 1
        // A property read under two of its names is reported by the value path.
        && node.properties.iter().flatten().all(|p| p.alias_of.is_none())
}
