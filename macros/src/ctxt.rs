//! Collects the errors of one invocation so they are all reported together.

use std::cell::RefCell;

#[derive(Default)]
pub(crate) struct Ctxt {
    errors: RefCell<Vec<syn::Error>>,
}

impl Ctxt {
    pub(crate) fn push(&self, error: syn::Error) {
        self.errors.borrow_mut().push(error);
    }

    pub(crate) fn error(&self, span: proc_macro2::Span, message: impl std::fmt::Display) {
        self.push(syn::Error::new(span, message));
    }

    pub(crate) fn has_errors(&self) -> bool {
        !self.errors.borrow().is_empty()
    }

    /// Every collected error as `compile_error!` invocations.
    pub(crate) fn into_compile_errors(self) -> proc_macro2::TokenStream {
        self.errors
            .into_inner()
            .into_iter()
            .map(|e| e.to_compile_error())
            .collect()
    }
}

impl Ctxt {
    /// Moves `other`'s errors into this context.
    pub(crate) fn absorb(&self, other: Ctxt) {
        self.errors.borrow_mut().extend(other.errors.into_inner());
    }
}
