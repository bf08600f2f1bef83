//! The providers' stream events, read into [`CallStreams`]: each event as the
//! `serde_json::Value` of one server-sent event's data.
//!
//! | provider | a call starts | its arguments grow |
//! |---|---|---|
//! | Anthropic | `content_block_start` whose `content_block` is `{"type": "tool_use", "id", "name"}` (the block's `index`) | `content_block_delta` whose `delta` is `{"type": "input_json_delta", "partial_json"}` |
//! | OpenAI Chat | a chunk's `choices[0].delta.tool_calls[i]` with `index`, `id` and `function.name` | the same entry (by `index`) with `function.arguments` pieces |
//! | OpenAI Responses | `response.output_item.added` whose `item` is a `function_call` (`call_id`, `name`; by `output_index`) | `response.function_call_arguments.delta` (`delta`), then `.done` (the whole `arguments`) |
//! | Gemini (Vertex AI) | a `functionCall` part with a `name` | `functionCall` parts with `partialArgs` (`jsonPath`, a value, `willContinue`), until one whose `willContinue` is not `true` |
//!
//! Other events (text, thinking, pings, usage) change nothing.

use super::CallStreams;
use serde_json::Value;

impl CallStreams<'_> {
    /// Reads one Anthropic Messages stream event; returns the place (in
    /// [`CallStreams::calls`]) of the call it started or fed.
    pub fn anthropic(&mut self, event: &Value) -> Option<usize> {
        let index = event.get("index").and_then(Value::as_u64)?;
        match event.get("type").and_then(Value::as_str)? {
            "content_block_start" => {
                let block = event.get("content_block")?;
                if block.get("type").and_then(Value::as_str) != Some("tool_use") {
                    return None;
                }
                let id = block.get("id").and_then(Value::as_str).map(str::to_owned);
                let name = block.get("name").and_then(Value::as_str).unwrap_or("");
                Some(self.start(index, id, name))
            }
            "content_block_delta" => {
                let delta = event.get("delta")?;
                if delta.get("type").and_then(Value::as_str) != Some("input_json_delta") {
                    return None;
                }
                let piece = delta.get("partial_json").and_then(Value::as_str)?;
                let place = self.find(index)?;
                self.feed(place, piece);
                Some(place)
            }
            _ => None,
        }
    }

    /// Reads one OpenAI Chat Completions stream chunk (its first choice);
    /// returns the places of the calls it started or fed, in its order.
    pub fn openai_chat(&mut self, chunk: &Value) -> Vec<usize> {
        let mut places = Vec::new();
        let entries = chunk
            .pointer("/choices/0/delta/tool_calls")
            .and_then(Value::as_array);
        for entry in entries.into_iter().flatten() {
            let Some(index) = entry.get("index").and_then(Value::as_u64) else {
                continue;
            };
            let function = entry.get("function");
            let place = match self.find(index) {
                Some(place) => place,
                None => {
                    let id = entry.get("id").and_then(Value::as_str).map(str::to_owned);
                    let name = function
                        .and_then(|f| f.get("name"))
                        .and_then(Value::as_str)
                        .unwrap_or("");
                    self.start(index, id, name)
                }
            };
            if let Some(piece) = function
                .and_then(|f| f.get("arguments"))
                .and_then(Value::as_str)
            {
                self.feed(place, piece);
            }
            places.push(place);
        }
        places
    }
}

impl CallStreams<'_> {
    /// Reads one OpenAI Responses stream event; returns the place (in
    /// [`CallStreams::calls`]) of the call it started or fed. A call is an
    /// output item (by `output_index`): `response.output_item.added` with a
    /// `function_call` item (`call_id`, `name`) starts it,
    /// `response.function_call_arguments.delta` feeds it, and
    /// `response.function_call_arguments.done` (the whole `arguments`) feeds
    /// what the deltas did not.
    pub fn openai_responses(&mut self, event: &Value) -> Option<usize> {
        let index = event.get("output_index").and_then(Value::as_u64)?;
        match event.get("type").and_then(Value::as_str)? {
            "response.output_item.added" => {
                let item = event.get("item")?;
                if item.get("type").and_then(Value::as_str) != Some("function_call") {
                    return None;
                }
                let id = item
                    .get("call_id")
                    .and_then(Value::as_str)
                    .map(str::to_owned);
                let name = item.get("name").and_then(Value::as_str).unwrap_or("");
                let place = self.start(index, id, name);
                if let Some(text) = item.get("arguments").and_then(Value::as_str) {
                    self.feed(place, text);
                }
                Some(place)
            }
            "response.function_call_arguments.delta" => {
                let piece = event.get("delta").and_then(Value::as_str)?;
                let place = self.find(index)?;
                self.feed(place, piece);
                Some(place)
            }
            "response.function_call_arguments.done" => {
                let whole = event.get("arguments").and_then(Value::as_str)?;
                let place = self.find(index)?;
                self.feed_rest(place, whole);
                Some(place)
            }
            _ => None,
        }
    }

    /// Reads one Gemini (Vertex AI) `streamGenerateContent` response: each
    /// `functionCall` part of its first candidate. A part with a `name` starts
    /// a call (numbered in the turn from 0); its `partialArgs` pieces (a
    /// `jsonPath`, one of `stringValue`, `numberValue`, `boolValue`,
    /// `nullValue`, and `willContinue` for a string continued by the next
    /// piece) are written as the arguments' text in arrival order (see
    /// `json_path`); the call ends with the first part whose `willContinue` is
    /// not `true`. A part with whole `args` (a call not streamed) is fed at
    /// once. Returns the places of the calls it started or fed.
    pub fn gemini(&mut self, response: &Value) -> Vec<usize> {
        let mut places = Vec::new();
        let parts = response
            .pointer("/candidates/0/content/parts")
            .and_then(Value::as_array);
        for call in parts
            .into_iter()
            .flatten()
            .filter_map(|p| p.get("functionCall"))
        {
            let name = call.get("name").and_then(Value::as_str);
            let place = match (self.gemini_open, name) {
                (Some(place), None) => place,
                (open, Some(name)) => {
                    if let Some(place) = open {
                        self.gemini_end(place);
                    }
                    let index = self.gemini_calls;
                    self.gemini_calls += 1;
                    let id = call.get("id").and_then(Value::as_str).map(str::to_owned);
                    let place = self.start(index, id, name);
                    self.calls[place].writer = Some(Box::default());
                    place
                }
                (None, None) => continue,
            };
            self.gemini_open = Some(place);
            if let Some(args) = call
                .get("args")
                .filter(|a| a.as_object().is_some_and(|o| !o.is_empty()))
            {
                // Not streamed: the whole arguments at once.
                self.calls[place].writer = None;
                self.feed(place, &args.to_string());
            }
            for piece in call
                .get("partialArgs")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                self.gemini_piece(place, piece);
            }
            if call.get("willContinue").and_then(Value::as_bool) != Some(true) {
                self.gemini_end(place);
            }
            places.push(place);
        }
        places
    }
}
