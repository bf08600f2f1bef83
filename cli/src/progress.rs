//! A progress line on standard error, drawn only when standard error is a terminal
//! and the run has lasted long enough to need one: `[#####     ] 48%  1,234 lines`
//! (no percentage when the input's size is unknown, as for standard input).

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// Nothing is drawn before the run has lasted this long.
const FIRST_DRAW: Duration = Duration::from_millis(500);

/// The line is redrawn at most this often.
const REDRAW: Duration = Duration::from_millis(100);

/// The bar's width in characters.
const WIDTH: usize = 30;

/// The progress of a run over an input of `total` bytes (if known).
pub struct Progress {
    enabled: bool,
    total: Option<u64>,
    started: Instant,
    last: Option<Instant>,
}

impl Progress {
    /// A progress line, drawn only when standard error is a terminal.
    pub fn new(total: Option<u64>) -> Progress {
        Progress {
            enabled: std::io::stderr().is_terminal(),
            total,
            started: Instant::now(),
            last: None,
        }
    }

    /// Redraws the line if it is time to: `lines` read, `bytes` of the input.
    pub fn tick(&mut self, lines: usize, bytes: u64) {
        if !self.enabled {
            return;
        }
        let now = Instant::now();
        if now.duration_since(self.started) < FIRST_DRAW
            || self.last.is_some_and(|t| now.duration_since(t) < REDRAW)
        {
            return;
        }
        self.last = Some(now);
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r{}\x1b[K", line(self.total, lines, bytes));
        let _ = err.flush();
    }

    /// Clears the line (before the summary is written).
    pub fn finish(&mut self) {
        if self.last.take().is_some() {
            let _ = write!(std::io::stderr(), "\r\x1b[K");
        }
    }
}

/// The progress line's text.
fn line(total: Option<u64>, lines: usize, bytes: u64) -> String {
    let count = format!("{lines} lines");
    match total {
        Some(total) if total > 0 => {
            let done = bytes.min(total);
            let filled = (done as u128 * WIDTH as u128 / total as u128) as usize;
            let percent = done as u128 * 100 / total as u128;
            format!(
                "[{}{}] {percent:>3}%  {count}",
                "#".repeat(filled),
                " ".repeat(WIDTH - filled)
            )
        }
        _ => format!("checked {count}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_a_bar_when_the_size_is_known() {
        assert_eq!(
            line(Some(200), 7, 100),
            format!("[{}{}]  50%  7 lines", "#".repeat(15), " ".repeat(15))
        );
        assert_eq!(line(None, 7, 100), "checked 7 lines");
        assert!(line(Some(10), 1, 50).contains("100%"));
    }
}
