//! Features `chrono`, `uuid` and `url`: derived fields of those crates' types get
//! the string formats their `Deserialize` reads (`date-time`, `date`, `uuid`,
//! `uri`), so a bad value is every violation in words, before serde sees it.
//!
//! ```text
//! cargo run --features chrono,uuid,url --example foreign_types
//! ```

use chrono::{DateTime, NaiveDate, Utc};
use serde::Deserialize;
use serde_json::json;
use tool_schema::ToolArgs;
use url::Url;
use uuid::Uuid;

/// Book a meeting room.
#[derive(ToolArgs, Deserialize)]
struct BookRoom {
    /// The room's identifier.
    room: Uuid,
    /// When the meeting starts.
    start: DateTime<Utc>,
    /// A day to book instead, if the start is taken.
    fallback: Option<NaiveDate>,
    /// The meeting's agenda.
    agenda: Url,
}

fn main() {
    let properties = &BookRoom::schema()["properties"];
    for name in ["room", "start", "fallback", "agenda"] {
        println!("{name}: format {}", properties[name]["format"]);
    }
    assert_eq!(properties["room"]["format"], "uuid");
    assert_eq!(properties["start"]["format"], "date-time");

    let bad = json!({
        "room": "room 7",
        "start": "tomorrow at ten",
        "fallback": "2026-02-30",
        "agenda": "agenda.txt"
    });
    let report = BookRoom::validate(&bad);
    for message in report.messages() {
        println!("invalid: {message}");
    }
    // Each of the four arguments is refused (`agenda` also by the pattern a `Url`
    // field carries, which spells out the URI grammar).
    for name in ["room", "start", "fallback", "agenda"] {
        assert!(report
            .violations()
            .iter()
            .any(|v| v.path.to_string() == name));
    }

    let good = json!({
        "room": "123e4567-e89b-12d3-a456-426614174000",
        "start": "2026-12-04T10:00:00Z",
        "agenda": "https://example.com/agenda"
    });
    let booking = BookRoom::parse(&good).expect("a valid call");
    println!(
        "parsed: room {} at {}, fallback {:?}, agenda {}",
        booking.room, booking.start, booking.fallback, booking.agenda
    );
    assert_eq!(booking.agenda.host_str(), Some("example.com"));
}
