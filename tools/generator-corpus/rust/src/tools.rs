//! The tool-argument structs, written once and derived for one schemars version:
//! `tools!(crate_path)` expands them in the calling module with
//! `#[schemars(crate = ...)]` naming that version's crate.

macro_rules! tools {
    ($krate:tt) => {
        use serde::Serialize;

        /// Set every level of the mixer at once.
        #[derive(Serialize, JsonSchema)]
        #[schemars(crate = $krate)]
        pub struct SetLevels {
            pub u8_level: u8,
            pub u16_level: u16,
            pub u32_level: u32,
            pub u64_level: u64,
            pub usize_level: usize,
            pub i8_level: i8,
            pub i16_level: i16,
            pub i32_level: i32,
            pub i64_level: i64,
            pub isize_level: isize,
            pub f32_gain: f32,
            pub f64_gain: f64,
        }

        /// Change only the levels given.
        #[derive(Serialize, JsonSchema)]
        #[schemars(crate = $krate)]
        pub struct TuneLevels {
            pub u8_level: Option<u8>,
            pub u16_level: Option<u16>,
            pub u32_level: Option<u32>,
            pub u64_level: Option<u64>,
            pub usize_level: Option<usize>,
            pub i8_level: Option<i8>,
            pub i16_level: Option<i16>,
            pub i32_level: Option<i32>,
            pub i64_level: Option<i64>,
            pub isize_level: Option<isize>,
            pub f32_gain: Option<f32>,
            pub f64_gain: Option<f64>,
        }

        #[derive(Serialize, JsonSchema)]
        #[schemars(crate = $krate)]
        #[serde(rename_all = "snake_case")]
        #[allow(dead_code)] // only one variant is serialised
        pub enum Color {
            Red,
            Green,
            Blue,
        }

        #[derive(Serialize, JsonSchema)]
        #[schemars(crate = $krate)]
        #[serde(rename_all = "snake_case")]
        #[allow(dead_code)] // only one variant is serialised
        pub enum Finish {
            /// No shine at all.
            Matte,
            /// Some shine.
            Satin,
            /// A mirror.
            Gloss,
        }

        /// The brush to paint with.
        #[derive(Serialize, JsonSchema)]
        #[schemars(crate = $krate)]
        pub struct Brush {
            /// Width in millimetres.
            pub width_mm: u16,
            /// How many coats, one to ten.
            #[schemars(range(min = 1, max = 10))]
            pub coats: u8,
        }

        #[derive(Serialize, JsonSchema)]
        #[schemars(crate = $krate)]
        pub struct Point {
            pub x: i32,
            pub y: i32,
        }

        /// Paint a path.
        #[derive(Serialize, JsonSchema)]
        #[schemars(crate = $krate)]
        pub struct Paint {
            pub color: Color,
            pub finish: Finish,
            pub brush: Brush,
            pub path: Vec<Point>,
            /// Pause between strokes, in milliseconds.
            pub pauses_ms: Vec<u32>,
            pub opacity: Option<f32>,
        }

        /// One edit: an internally tagged enum.
        #[derive(Serialize, JsonSchema)]
        #[schemars(crate = $krate)]
        #[serde(tag = "action", rename_all = "snake_case")]
        #[allow(dead_code)] // only one variant is serialised
        pub enum Edit {
            Insert {
                text: String,
            },
            Delete {
                count: u32,
            },
            /// Undo the last edit.
            Undo,
        }

        /// Edit a document: one action per call.
        #[derive(Serialize, JsonSchema)]
        #[schemars(crate = $krate)]
        pub struct EditDoc {
            pub doc_id: String,
            pub edit: Edit,
            pub anchor: Option<Point>,
            pub retries: u8,
        }
    };
}
