//! serde's `rename_all` rules, applied exactly as `serde_derive` applies them, so
//! the schema names what serde reads.

/// One `rename_all` rule (named as serde names them).
#[allow(clippy::enum_variant_names)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RenameRule {
    LowerCase,
    UpperCase,
    PascalCase,
    CamelCase,
    SnakeCase,
    ScreamingSnakeCase,
    KebabCase,
    ScreamingKebabCase,
}

/// The rules by the names serde takes.
pub(crate) const RULES: [(&str, RenameRule); 8] = [
    ("lowercase", RenameRule::LowerCase),
    ("UPPERCASE", RenameRule::UpperCase),
    ("PascalCase", RenameRule::PascalCase),
    ("camelCase", RenameRule::CamelCase),
    ("snake_case", RenameRule::SnakeCase),
    ("SCREAMING_SNAKE_CASE", RenameRule::ScreamingSnakeCase),
    ("kebab-case", RenameRule::KebabCase),
    ("SCREAMING-KEBAB-CASE", RenameRule::ScreamingKebabCase),
];

impl RenameRule {
    pub(crate) fn from_name(name: &str) -> Option<RenameRule> {
        RULES.iter().find(|(n, _)| *n == name).map(|(_, r)| *r)
    }

    /// The name serde reads for the variant `variant` (written in PascalCase).
    pub(crate) fn apply_to_variant(self, variant: &str) -> String {
        use RenameRule::*;
        match self {
            PascalCase => variant.to_owned(),
            LowerCase => variant.to_ascii_lowercase(),
            UpperCase => variant.to_ascii_uppercase(),
            CamelCase => variant[..1].to_ascii_lowercase() + &variant[1..],
            SnakeCase => {
                let mut snake = String::new();
                for (i, ch) in variant.char_indices() {
                    if i > 0 && ch.is_uppercase() {
                        snake.push('_');
                    }
                    snake.push(ch.to_ascii_lowercase());
                }
                snake
            }
            ScreamingSnakeCase => SnakeCase.apply_to_variant(variant).to_ascii_uppercase(),
            KebabCase => SnakeCase.apply_to_variant(variant).replace('_', "-"),
            ScreamingKebabCase => ScreamingSnakeCase
                .apply_to_variant(variant)
                .replace('_', "-"),
        }
    }

    /// The name serde reads for the field `field` (written in snake_case).
    pub(crate) fn apply_to_field(self, field: &str) -> String {
        use RenameRule::*;
        match self {
            LowerCase | SnakeCase => field.to_owned(),
            UpperCase | ScreamingSnakeCase => field.to_ascii_uppercase(),
            PascalCase => {
                let mut pascal = String::new();
                let mut capitalize = true;
                for ch in field.chars() {
                    if ch == '_' {
                        capitalize = true;
                    } else if capitalize {
                        pascal.push(ch.to_ascii_uppercase());
                        capitalize = false;
                    } else {
                        pascal.push(ch);
                    }
                }
                pascal
            }
            CamelCase => {
                let pascal = PascalCase.apply_to_field(field);
                pascal[..1].to_ascii_lowercase() + &pascal[1..]
            }
            KebabCase => field.replace('_', "-"),
            ScreamingKebabCase => field.to_ascii_uppercase().replace('_', "-"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_and_fields() {
        let cases = [
            ("lowercase", "veryhot", "max_days"),
            ("UPPERCASE", "VERYHOT", "MAX_DAYS"),
            ("PascalCase", "VeryHot", "MaxDays"),
            ("camelCase", "veryHot", "maxDays"),
            ("snake_case", "very_hot", "max_days"),
            ("SCREAMING_SNAKE_CASE", "VERY_HOT", "MAX_DAYS"),
            ("kebab-case", "very-hot", "max-days"),
            ("SCREAMING-KEBAB-CASE", "VERY-HOT", "MAX-DAYS"),
        ];
        for (name, variant, field) in cases {
            let rule = RenameRule::from_name(name).unwrap();
            assert_eq!(rule.apply_to_variant("VeryHot"), variant, "{name}");
            assert_eq!(rule.apply_to_field("max_days"), field, "{name}");
        }
        assert_eq!(RenameRule::from_name("Camel"), None);
    }
}
