//! The library's messages in the command line's words: where a message names an
//! option of the library in Rust, the flag that sets it, or what the command
//! does in its place. Every message of the library the command prints goes
//! through [`cli_words`].

use std::fmt::Display;
use tool_schema_engine::OptionHint;

/// How the command line says what `hint` names. A new option of the library is a
/// compile error here until the command line words it.
fn name(hint: OptionHint) -> &'static str {
    match hint {
        OptionHint::LossyDescribe => "`--lossy describe`",
        OptionHint::InlineBudget => "fixed on the command line",
        OptionHint::SchemaDialect => "`export` writes no `$schema`",
        OptionHint::RegisterResource => {
            "a program of your own (the command line registers no documents)"
        }
    }
}

/// `message`, a message of the library (a problem, a change, a schema error, a
/// whole report or error as displayed), in the command line's words.
pub fn cli_words(message: impl Display) -> String {
    OptionHint::reword(&message.to_string(), name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_is_worded_without_rust() {
        for hint in OptionHint::ALL {
            let worded = cli_words(format!("see {}", hint.words()));
            assert!(!worded.contains("::"), "{worded}");
            assert!(!worded.contains("Options"), "{worded}");
        }
    }
}
