//! Calls to results: a call routed by name to its tool, its arguments read with
//! the target's options, its handler run; one turn's async handlers run
//! concurrently.

use super::calls::{Call, ShapeError};
use super::join::{block_on, JoinAll, Slot};
use super::outcome::{Failure, Outcome};
use super::registry::{Invocation, Toolbox};
use crate::export::Target;
use crate::violation::Report;
use serde_json::Value;

impl Toolbox {
    /// Runs one call made against the tools as exported for `target` (whose
    /// options it is read with: [`Toolbox::options_for`]). An async handler is
    /// run to completion on this thread by a minimal executor: one that needs a
    /// runtime's reactor (tokio's timers or sockets) must go through
    /// [`Toolbox::run_async`] inside that runtime.
    pub fn run(&self, target: Target, call: Call) -> Outcome {
        let (id, name, invocation) = self.start(target, call);
        let result = match invocation {
            Invocation::Done(result) => result,
            Invocation::Pending(future) => block_on(future),
        };
        Outcome { id, name, result }
    }

    /// Runs one call; an async handler is awaited.
    pub async fn run_async(&self, target: Target, call: Call) -> Outcome {
        let (id, name, invocation) = self.start(target, call);
        let result = match invocation {
            Invocation::Done(result) => result,
            Invocation::Pending(future) => future.await,
        };
        Outcome { id, name, result }
    }

    /// Runs several calls (one turn's), their async handlers concurrently (plain
    /// handlers run one after the other as the calls are started); the outcomes
    /// in the calls' order.
    pub async fn run_all_async(&self, target: Target, calls: Vec<Call>) -> Vec<Outcome> {
        let mut heads = Vec::with_capacity(calls.len());
        let mut slots = Vec::with_capacity(calls.len());
        for call in calls {
            let (id, name, invocation) = self.start(target, call);
            heads.push((id, name));
            slots.push(match invocation {
                Invocation::Done(result) => Slot::Ready(Some(result)),
                Invocation::Pending(future) => Slot::Pending(future),
            });
        }
        let results = JoinAll::new(slots).await;
        heads
            .into_iter()
            .zip(results)
            .map(|((id, name), result)| Outcome { id, name, result })
            .collect()
    }

    /// Dispatches one call in `target`'s JSON (an Anthropic `tool_use` block, an
    /// OpenAI Chat `tool_calls` entry, an OpenAI Responses `function_call` item, a
    /// Gemini `functionCall` part, MCP `tools/call` params: see [`Call`]) and
    /// answers with the provider's result JSON ([`Outcome::to_provider`]). An
    /// unknown tool, arguments text that is not JSON, invalid arguments and a
    /// handler's error are error results carrying the messages.
    ///
    /// # Errors
    ///
    /// A [`ShapeError`] when `call` is not the provider's call shape.
    pub fn dispatch(&self, target: Target, call: &Value) -> Result<Value, ShapeError> {
        let call = Call::from_provider(target, call)?;
        Ok(self.run(target, call).to_provider(target))
    }

    /// [`Toolbox::dispatch`], an async handler awaited.
    ///
    /// # Errors
    ///
    /// As [`Toolbox::dispatch`].
    pub async fn dispatch_async(&self, target: Target, call: &Value) -> Result<Value, ShapeError> {
        let call = Call::from_provider(target, call)?;
        Ok(self.run_async(target, call).await.to_provider(target))
    }

    /// Dispatches every call of one model turn (see [`Call::from_turn`]: the
    /// assistant message, its content, ...); the results in the calls' order.
    /// [`super::reply`] wraps them in the message to send back. Async handlers
    /// run concurrently on this thread, as [`Toolbox::run`] runs one (futures
    /// that need no runtime of their own; otherwise use
    /// [`Toolbox::dispatch_turn_async`] inside the runtime).
    ///
    /// # Errors
    ///
    /// A [`ShapeError`] when `turn`, or one of its calls, is not the provider's
    /// shape; then no handler has run.
    pub fn dispatch_turn(&self, target: Target, turn: &Value) -> Result<Vec<Value>, ShapeError> {
        block_on(self.dispatch_turn_async(target, turn))
    }

    /// [`Toolbox::dispatch_turn`], awaited: the async handlers run concurrently
    /// on the caller's executor; the results in the calls' order.
    ///
    /// # Errors
    ///
    /// As [`Toolbox::dispatch_turn`].
    pub async fn dispatch_turn_async(
        &self,
        target: Target,
        turn: &Value,
    ) -> Result<Vec<Value>, ShapeError> {
        let calls = Call::from_turn(target, turn)?;
        let outcomes = self.run_all_async(target, calls).await;
        Ok(outcomes.iter().map(|o| o.to_provider(target)).collect())
    }

    /// Routes `call`, reads its arguments and starts its handler.
    fn start(&self, target: Target, call: Call) -> (Option<String>, String, Invocation) {
        let Call {
            id,
            name,
            arguments,
        } = call;
        let options = self.options_for(target);
        let invocation = match self.find(target, &name) {
            None => Invocation::Done(Err(self.unknown(target, &name, &options))),
            Some(tool) => (tool.invoke)(arguments, &options),
        };
        (id, name, invocation)
    }

    /// The failure of a call naming no tool: one
    /// [`Kind::UnknownTool`](crate::Kind::UnknownTool) violation listing the tools by the names the
    /// export for `target` gave them, written within `options`'
    /// [`Options::max_report_bytes`](crate::Options::max_report_bytes).
    fn unknown(&self, target: Target, name: &str, options: &crate::Options) -> Failure {
        let known = self.called_names(target);
        let report = Report::unknown_tool(name, known, options);
        Failure::UnknownTool(report)
    }
}
