//! Literal tokens as JSON scalars: strings, and numbers built from their literal
//! text by `serde_json` (so `3` stays an integer and `3.0` a float).

use proc_macro2::{Literal, Span};
use serde_json::{Number, Value};
use syn::Lit;

use super::quoted;
use super::tokens::Parser;

impl Parser {
    /// The value of a literal token, `minus` being the span of a `-` before it. Errors
    /// are reported and give a `null` placeholder.
    pub(super) fn literal(&mut self, lit: &Literal, minus: Option<Span>) -> Value {
        let text = lit.to_string();
        match Lit::new(lit.clone()) {
            Lit::Int(_) | Lit::Float(_) => match self.number(lit, &text, minus) {
                Some(n) => Value::Number(n),
                None => Value::Null,
            },
            parsed => {
                if let Some(minus) = minus {
                    self.error(minus, "`-` can only come before a number");
                }
                match parsed {
                    Lit::Str(s) => {
                        if !s.suffix().is_empty() {
                            self.error(
                                lit.span(),
                                format!("unexpected suffix `{}` on a JSON string", s.suffix()),
                            );
                        }
                        return Value::String(s.value());
                    }
                    Lit::Char(c) => self.error(
                        lit.span(),
                        format!(
                            "character literals are not JSON: write the string {}",
                            quoted(&c.value().to_string())
                        ),
                    ),
                    Lit::ByteStr(b) => {
                        let hint = match String::from_utf8(b.value()) {
                            Ok(s) => format!(": write {}", quoted(&s)),
                            Err(_) => String::new(),
                        };
                        self.error(
                            lit.span(),
                            format!("byte strings are not JSON strings{hint}"),
                        );
                    }
                    Lit::CStr(_) => self.error(
                        lit.span(),
                        "C strings are not JSON strings: write a plain string literal",
                    ),
                    Lit::Byte(_) => self.error(
                        lit.span(),
                        "byte literals are not JSON: write a number or a string",
                    ),
                    _ => self.error(
                        lit.span(),
                        format!("expected a JSON value, found the literal `{text}`"),
                    ),
                }
                Value::Null
            }
        }
    }

    /// The JSON number of the integer or float literal `lit` (text `text`), negated
    /// when `minus` is the span of a `-` before it. Anything JSON would not accept
    /// (suffix, `_`, radix prefix, leading zero, `1.`, out of range) is reported.
    fn number(&mut self, lit: &Literal, text: &str, minus: Option<Span>) -> Option<Number> {
        let parsed = Lit::new(lit.clone());
        let (suffix, digits, is_int) = match &parsed {
            Lit::Int(i) => (i.suffix(), i.base10_digits(), true),
            Lit::Float(f) => (f.suffix(), f.base10_digits(), false),
            _ => ("", "", false),
        };
        let sign = if minus.is_some() { "-" } else { "" };
        let shown = format!("{sign}{text}");
        let body = text
            .get(..text.len().saturating_sub(suffix.len()))
            .unwrap_or(text);
        let unsigned = body.strip_prefix('-').unwrap_or(body);

        let mut problems = Vec::new();
        if !suffix.is_empty() {
            problems.push(format!("the type suffix `{suffix}` is not allowed"));
        }
        let radix = unsigned.get(..2).and_then(|prefix| match prefix {
            "0x" | "0X" => Some("hexadecimal"),
            "0o" | "0O" => Some("octal"),
            "0b" | "0B" => Some("binary"),
            _ => None,
        });
        if let Some(radix) = radix {
            problems.push(format!("{radix} notation is not allowed"));
        }
        if body.contains('_') {
            problems.push("digit separators `_` are not allowed".to_owned());
        }
        if problems.is_empty() {
            let full = format!("{sign}{body}");
            match serde_json::from_str::<Number>(&full) {
                // Integers beyond 64 bits would silently become floats.
                Ok(n) if is_int && n.as_f64().is_some_and(|f| f != 0.0) && n.is_f64() => {
                    problems.push(
                        "integers must fit in 64 bits (-9223372036854775808 to \
                         18446744073709551615)"
                            .to_owned(),
                    );
                }
                Ok(n) => return Some(n),
                Err(e) => {
                    let int_part = unsigned.split(['.', 'e', 'E']).next().unwrap_or("");
                    if int_part.len() > 1 && int_part.starts_with('0') {
                        problems.push("leading zeros are not allowed".to_owned());
                    } else if unsigned.ends_with('.') || unsigned.contains(".e") {
                        problems.push("a decimal point must be followed by digits".to_owned());
                    } else {
                        let reason = e.to_string();
                        let reason = reason.split(" at line ").next().unwrap_or("").to_owned();
                        problems.push(reason);
                    }
                }
            }
        }
        let fixed = format!("{sign}{}", clean_digits(digits, is_int));
        let hint = if fixed != shown && serde_json::from_str::<Number>(&fixed).is_ok() {
            format!("; write `{fixed}`")
        } else {
            String::new()
        };
        self.error(
            lit.span(),
            format!(
                "`{shown}` is not a JSON number: {}{hint}",
                problems.join(", ")
            ),
        );
        None
    }
}

/// Decimal digits as `syn` gives them (no `_`, no suffix, integers in base 10) made
/// JSON: no leading zeros, digits after a decimal point.
fn clean_digits(digits: &str, is_int: bool) -> String {
    let (negative, digits) = match digits.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", digits),
    };
    if is_int {
        let trimmed = digits.trim_start_matches('0');
        let trimmed = if trimmed.is_empty() { "0" } else { trimmed };
        return format!("{negative}{trimmed}");
    }
    let (mantissa, exponent) = match digits.find(['e', 'E']) {
        Some(i) => digits.split_at(i),
        None => (digits, ""),
    };
    let (int_part, frac) = match mantissa.find('.') {
        Some(i) => (&mantissa[..i], Some(&mantissa[i + 1..])),
        None => (mantissa, None),
    };
    let int_part = int_part.trim_start_matches('0');
    let int_part = if int_part.is_empty() { "0" } else { int_part };
    let frac = match frac {
        Some("") => ".0".to_owned(),
        Some(f) => format!(".{f}"),
        None => String::new(),
    };
    format!("{negative}{int_part}{frac}{exponent}")
}
