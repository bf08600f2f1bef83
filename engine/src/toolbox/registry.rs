//! The [`Toolbox`]: its tools (name, description, schema, and how a call runs),
//! registered typed, async or dynamic, and exported for a target in one call.

use super::calls::Arguments;
use super::input::{read_value, ToolInput};
use super::join::BoxFuture;
use super::outcome::{Failure, HandlerOutput, Output};
use super::wire;
use crate::export::{
    self, CompiledExport, ExportError, ExportOptions, Exported, Naming, Target, ToolSpec,
};
use crate::options::Options;
use crate::schema::Schema;
use serde_json::Value;
use std::borrow::Cow;
use std::fmt;
use std::future::Future;
use std::sync::Arc;

/// A call's handler, started: its result, or the future of an async handler.
pub(crate) enum Invocation {
    Done(Result<Output, Failure>),
    Pending(BoxFuture<Result<Output, Failure>>),
}

/// Reads a call's arguments and starts its handler.
type Invoke = dyn Fn(Arguments, &Options) -> Invocation + Send + Sync;

/// One registered tool.
pub(crate) struct Entry {
    pub(crate) name: Cow<'static, str>,
    title: Option<Cow<'static, str>>,
    description: Cow<'static, str>,
    schema: Cow<'static, Value>,
    /// A typed tool's exports computed when it compiled (empty for a dynamic one).
    exports: &'static [CompiledExport],
    /// A typed tool's exports run once and kept, for the other targets.
    kept: export::Kept,
    pub(crate) invoke: Box<Invoke>,
}

impl Entry {
    fn spec(&self) -> ToolSpec<'_> {
        ToolSpec {
            name: &self.name,
            title: self.title.as_deref(),
            description: &self.description,
            schema: &self.schema,
        }
    }
}

/// The tools an agent offers a model: declared once, exported for any provider
/// in one call ([`Toolbox::export`]), and each provider's calls dispatched to
/// their handlers with the provider's result JSON back ([`Toolbox::dispatch`],
/// [`Toolbox::dispatch_turn_async`], ...).
///
/// Tools are typed (a type deriving `ToolArgs` and `Deserialize`, or
/// [`Validated<T>`](super::Validated) for a `tool_schema!` tool), with a plain
/// handler ([`Toolbox::tool`]) or an async one ([`Toolbox::tool_async`]), or
/// dynamic: a name, a description and a [`Schema`] known at run time, with a
/// handler on the JSON value ([`Toolbox::dynamic`], [`Toolbox::dynamic_async`]).
///
/// Register each name once: the first tool of a name gets its calls, and
/// [`Toolbox::export`] refuses a toolbox with two tools of one name. Cloning a
/// toolbox shares its tools.
#[derive(Clone, Default)]
pub struct Toolbox {
    tools: Vec<Arc<Entry>>,
    options: Options,
    naming: Naming,
}

impl fmt::Debug for Toolbox {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Toolbox")
            .field("tools", &self.names().collect::<Vec<_>>())
            .field("options", &self.options)
            .field("naming", &self.naming)
            .finish()
    }
}

impl Toolbox {
    /// An empty toolbox reading calls in tool-call mode (`Options::default()`).
    pub fn new() -> Toolbox {
        Toolbox::default()
    }

    /// The same toolbox reading calls with `options` (a report's size, `format`
    /// assertion, ...). Whatever they say, calls dispatched for an OpenAI strict
    /// target read a `null` for an optional argument as absent
    /// ([`Toolbox::options_for`]).
    pub fn with_options(mut self, options: Options) -> Toolbox {
        self.options = options;
        self
    }

    /// The same toolbox writing its tool names as `naming` says, in every export
    /// and in dispatch: with [`Naming::Map`], a name the provider refuses
    /// (`math.factorial` for Anthropic and OpenAI) is exported mapped to its
    /// pattern (`math_factorial`, each rename in the export's report), and a call
    /// naming the mapped name runs the tool (a call naming the tool's own name
    /// still does). Two tools mapped to one name make the export fail, naming
    /// both. The default, [`Naming::Keep`], exports the names as they are and
    /// refuses one the provider does.
    ///
    /// ```
    /// # use tool_schema_engine as tool_schema;
    /// use serde_json::{json, Value};
    /// use tool_schema::export::{Naming, Target};
    /// use tool_schema::toolbox::Toolbox;
    /// use tool_schema::Schema;
    ///
    /// let schema = Schema::parse(&json!({"type": "object", "properties": {"n": {"type": "integer"}}})).unwrap();
    /// let tools = Toolbox::new()
    ///     .naming(Naming::map())
    ///     .dynamic("math.factorial", "n!", schema, |args: Value| {
    ///         (1..=args["n"].as_u64().unwrap_or(0)).product::<u64>().to_string()
    ///     });
    /// let exported = tools.export(Target::OpenAiChat).unwrap();
    /// assert_eq!(exported.value[0]["function"]["name"], "math_factorial");
    /// assert_eq!(exported.report.to_string(), "tool 'math.factorial':\n  (root): the name 'math.factorial' is written 'math_factorial' (OpenAI: a function name is letters, digits, '_' and '-', at most 64 characters)");
    ///
    /// let result = tools.dispatch(Target::OpenAiChat, &json!({
    ///     "id": "call_1", "type": "function",
    ///     "function": {"name": "math_factorial", "arguments": "{\"n\": 5}"}
    /// })).unwrap();
    /// assert_eq!(result, json!({"role": "tool", "tool_call_id": "call_1", "content": "120"}));
    /// ```
    pub fn naming(mut self, naming: Naming) -> Toolbox {
        self.naming = naming;
        self
    }

    /// The name each tool has for `target` under this toolbox's naming, in
    /// registration order (see [`export::provider_names`]).
    ///
    /// # Errors
    ///
    /// As [`export::provider_names`]: two tools mapped to one name (naming both),
    /// an empty name that cannot be mapped, a name registered twice.
    pub fn provider_names(&self, target: Target) -> Result<Vec<String>, Vec<export::Problem>> {
        let names: Vec<&str> = self.names().collect();
        export::provider_names(target, &names, &self.naming)
    }

    /// The options calls dispatched for `target` are read with: this toolbox's,
    /// with [`Options::null_is_absent`] for OpenAI's strict targets (whose export
    /// makes optional arguments required and nullable, so the model sends `null`
    /// for each it leaves out).
    pub fn options_for(&self, target: Target) -> Options {
        wire::options_for(self.options, target)
    }

    /// Adds a typed tool whose handler runs when called: `A` is the tool's
    /// arguments type (it names the tool and gives its schema), `handler` returns
    /// a [`HandlerOutput`] (text, JSON, or a `Result` of either).
    pub fn tool<A, F, R>(self, handler: F) -> Toolbox
    where
        A: ToolInput,
        F: Fn(A) -> R + Send + Sync + 'static,
        R: HandlerOutput,
    {
        self.with_entry(
            A::spec(),
            (A::exports(), A::kept()),
            plain(A::read, handler),
        )
    }

    /// Adds a typed tool whose handler is async: any `Future` (the toolbox needs
    /// no runtime), `Send` so a turn's calls can run concurrently on any
    /// executor.
    pub fn tool_async<A, F, Fut>(self, handler: F) -> Toolbox
    where
        A: ToolInput,
        F: Fn(A) -> Fut + Send + Sync + 'static,
        Fut: Future + Send + 'static,
        Fut::Output: HandlerOutput,
    {
        self.with_entry(
            A::spec(),
            (A::exports(), A::kept()),
            asynchronous(A::read, handler),
        )
    }

    /// Adds a tool known at run time: its name, description and schema (from an
    /// MCP server, a config file, ...), with a handler on the arguments as JSON,
    /// which the schema has accepted (with [`Options::null_is_absent`], the `null`s
    /// read as absent left out).
    pub fn dynamic<F, R>(
        self,
        name: impl Into<String>,
        description: impl Into<String>,
        schema: Schema,
        handler: F,
    ) -> Toolbox
    where
        F: Fn(Value) -> R + Send + Sync + 'static,
        R: HandlerOutput,
    {
        let reader = DynamicReader::new(schema);
        let value = reader.value.clone();
        let invoke = plain(move |a, o| reader.read(a, o), handler);
        self.with_dynamic(name.into(), description.into(), value, invoke)
    }

    /// [`Toolbox::dynamic`] with an async handler.
    pub fn dynamic_async<F, Fut>(
        self,
        name: impl Into<String>,
        description: impl Into<String>,
        schema: Schema,
        handler: F,
    ) -> Toolbox
    where
        F: Fn(Value) -> Fut + Send + Sync + 'static,
        Fut: Future + Send + 'static,
        Fut::Output: HandlerOutput,
    {
        let reader = DynamicReader::new(schema);
        let value = reader.value.clone();
        let invoke = asynchronous(move |a, o| reader.read(a, o), handler);
        self.with_dynamic(name.into(), description.into(), value, invoke)
    }

    /// The tools' names, in registration order.
    pub fn names(&self) -> impl Iterator<Item = &str> + '_ {
        self.tools.iter().map(|t| &*t.name)
    }

    /// How many tools there are.
    pub fn len(&self) -> usize {
        self.tools.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.tools.is_empty()
    }

    /// Every tool as an export [`ToolSpec`], in registration order.
    pub fn specs(&self) -> Vec<ToolSpec<'_>> {
        self.tools.iter().map(|t| t.spec()).collect()
    }

    /// Every tool's definition for `target` as the provider's `tools` value, with
    /// the default export options and this toolbox's naming ([`Toolbox::naming`]):
    /// see [`export::toolbox`] (names distinct, the provider's name pattern and
    /// per-request limits checked, every change reported). A typed tool's definition and changes were computed when it
    /// compiled (`tool_schema!`, and a derived type the macro sees whole), so
    /// only the list is assembled here; a dynamic tool is exported now.
    ///
    /// # Errors
    ///
    /// An [`ExportError`] listing every problem of every tool.
    pub fn export(&self, target: Target) -> Result<Exported, ExportError> {
        self.export_with(target, &ExportOptions::default())
    }

    /// [`Toolbox::export`] with export options. Their
    /// [`naming`](ExportOptions::naming) is replaced by this toolbox's, so that
    /// dispatch knows the names the export wrote.
    ///
    /// # Errors
    ///
    /// As [`Toolbox::export`].
    pub fn export_with(
        &self,
        target: Target,
        options: &ExportOptions,
    ) -> Result<Exported, ExportError> {
        let listed: Vec<export::Listed<'_>> = self
            .tools
            .iter()
            .map(|t| (t.spec(), t.exports, t.kept))
            .collect();
        let options = options.clone().naming(self.naming.clone());
        export::toolbox_listed(target, &listed, &options)
    }

    /// The tool a call made against the export for `target` names `name`: the
    /// first registered under it, else (with [`Naming::Map`]) the first whose
    /// name is mapped to it.
    pub(crate) fn find(&self, target: Target, name: &str) -> Option<&Entry> {
        if let Some(t) = self.tools.iter().find(|t| t.name == name) {
            return Some(t);
        }
        if !self.naming.maps() {
            return None;
        }
        let table = export::naming_table(target, self.names(), &self.naming);
        let i = table.iter().position(|n| n.name == name)?;
        Some(&self.tools[i])
    }

    /// The tools' names as a call made against the export for `target` gives
    /// them: their own, or (with [`Naming::Map`]) their provider names.
    pub(crate) fn called_names(&self, target: Target) -> Vec<String> {
        if !self.naming.maps() {
            return self.names().map(str::to_owned).collect();
        }
        export::naming_table(target, self.names(), &self.naming)
            .into_iter()
            .zip(self.names())
            .map(|(n, own)| {
                if n.name.is_empty() {
                    own.to_owned()
                } else {
                    n.name
                }
            })
            .collect()
    }

    fn with_entry(
        mut self,
        spec: ToolSpec<'static>,
        (exports, kept): (&'static [CompiledExport], export::Kept),
        invoke: Box<Invoke>,
    ) -> Toolbox {
        self.tools.push(Arc::new(Entry {
            exports,
            kept,
            name: Cow::Borrowed(spec.name),
            title: spec.title.map(Cow::Borrowed),
            description: Cow::Borrowed(spec.description),
            schema: Cow::Borrowed(spec.schema),
            invoke,
        }));
        self
    }

    fn with_dynamic(
        mut self,
        name: String,
        description: String,
        schema: Value,
        invoke: Box<Invoke>,
    ) -> Toolbox {
        let title = schema
            .get("title")
            .and_then(Value::as_str)
            .map(|t| Cow::Owned(t.to_owned()));
        self.tools.push(Arc::new(Entry {
            exports: &[],
            kept: None,
            name: Cow::Owned(name),
            title,
            description: Cow::Owned(description),
            schema: Cow::Owned(schema),
            invoke,
        }));
        self
    }
}

/// How a tool with a plain handler runs a call: `read` the arguments, then the
/// handler on them.
fn plain<A, F, R>(
    read: impl Fn(Arguments, &Options) -> Result<A, Failure> + Send + Sync + 'static,
    handler: F,
) -> Box<Invoke>
where
    F: Fn(A) -> R + Send + Sync + 'static,
    R: HandlerOutput,
{
    Box::new(move |arguments, options| {
        Invocation::Done(
            read(arguments, options)
                .and_then(|args| handler(args).into_output().map_err(Failure::Handler)),
        )
    })
}

/// How a tool with an async handler runs a call: `read` the arguments, then the
/// handler's future, boxed, its output turned into the call's result.
fn asynchronous<A, F, Fut>(
    read: impl Fn(Arguments, &Options) -> Result<A, Failure> + Send + Sync + 'static,
    handler: F,
) -> Box<Invoke>
where
    F: Fn(A) -> Fut + Send + Sync + 'static,
    Fut: Future + Send + 'static,
    Fut::Output: HandlerOutput,
{
    Box::new(move |arguments, options| match read(arguments, options) {
        Ok(args) => {
            let future = handler(args);
            Invocation::Pending(Box::pin(async move {
                future.await.into_output().map_err(Failure::Handler)
            }))
        }
        Err(failure) => Invocation::Done(Err(failure)),
    })
}

/// A dynamic tool's schema, in the model (to validate) and as JSON (to export,
/// and to find the `null`s read as absent).
struct DynamicReader {
    schema: Schema,
    value: Value,
}

impl DynamicReader {
    fn new(schema: Schema) -> DynamicReader {
        let value = schema.to_value();
        DynamicReader { schema, value }
    }

    /// The arguments, accepted by the schema.
    fn read(&self, arguments: Arguments, options: &Options) -> Result<Value, Failure> {
        read_value(
            arguments,
            options,
            &self.value,
            |args| self.schema.validate_with(args, options),
            |text| self.schema.validate_str(text, options),
        )
    }
}
