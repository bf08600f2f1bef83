//! The providers' stream events, read into [`CallStreams`]: each event as the
//! `serde_json::Value` of one server-sent event's data.
//!
//! | provider | a call starts | its arguments grow |
//! |---|---|---|
//! | Anthropic | `content_block_start` whose `content_block` is `{"type": "tool_use", "id", "name"}` (the block's `index`) | `content_block_delta` whose `delta` is `{"type": "input_json_delta", "partial_json"}` |
//! | OpenAI Chat | a chunk's `choices[0].delta.tool_calls[i]` with `index`, `id` and `function.name` | the same entry (by `index`) with `function.arguments` pieces |
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
