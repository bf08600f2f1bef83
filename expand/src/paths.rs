//! The one place the paths generated code names are spelled: the runtime's
//! hidden module, which every generated item reaches through the facade crate.

use proc_macro2::TokenStream;
use quote::quote;

/// `::tool_schema::__private`: the runtime as generated code sees it.
pub(crate) fn private() -> TokenStream {
    quote!(::tool_schema::__private)
}
