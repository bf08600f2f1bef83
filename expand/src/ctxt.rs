//! The error context of one macro invocation: every error found is collected, so
//! that all of them are reported together.
//!
//! As in serde_derive, a context must be consumed by [`Ctxt::check`] (or moved into
//! another with [`Ctxt::absorb`]): one dropped with its errors unread panics, so an
//! error cannot be collected and then lost.

use std::cell::RefCell;

use proc_macro2::TokenStream;

pub(crate) struct Ctxt {
    /// `None` once read by `check` or `absorb`.
    errors: RefCell<Option<Vec<syn::Error>>>,
}

impl Ctxt {
    pub(crate) fn new() -> Ctxt {
        Ctxt {
            errors: RefCell::new(Some(Vec::new())),
        }
    }

    pub(crate) fn push(&self, error: syn::Error) {
        self.errors
            .borrow_mut()
            .as_mut()
            .expect("Ctxt used after check")
            .push(error);
    }

    pub(crate) fn error(&self, span: proc_macro2::Span, message: impl std::fmt::Display) {
        self.push(syn::Error::new(span, message));
    }

    pub(crate) fn has_errors(&self) -> bool {
        self.errors.borrow().as_ref().is_some_and(|e| !e.is_empty())
    }

    /// Every collected error as `compile_error!` invocations (none: empty).
    pub(crate) fn check(self) -> TokenStream {
        self.take()
            .iter()
            .map(syn::Error::to_compile_error)
            .collect()
    }

    /// Moves `other`'s errors into this context.
    pub(crate) fn absorb(&self, other: Ctxt) {
        let errors = other.take();
        for e in errors {
            self.push(e);
        }
    }

    fn take(&self) -> Vec<syn::Error> {
        self.errors.borrow_mut().take().expect("Ctxt checked twice")
    }
}

impl Drop for Ctxt {
    fn drop(&mut self) {
        if !std::thread::panicking() && self.errors.borrow().is_some() {
            panic!("a Ctxt was dropped without check(): its errors would be lost");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proc_macro2::Span;

    #[test]
    fn check_gives_every_error() {
        let cx = Ctxt::new();
        assert!(!cx.has_errors());
        cx.error(Span::call_site(), "one");
        let other = Ctxt::new();
        other.error(Span::call_site(), "two");
        cx.absorb(other);
        assert!(cx.has_errors());
        let out = cx.check().to_string();
        assert!(out.contains("\"one\"") && out.contains("\"two\""), "{out}");
        assert!(Ctxt::new().check().is_empty());
    }

    #[test]
    #[should_panic(expected = "dropped without check()")]
    fn dropped_unchecked_panics() {
        let cx = Ctxt::new();
        cx.error(Span::call_site(), "lost");
        drop(cx);
    }
}
