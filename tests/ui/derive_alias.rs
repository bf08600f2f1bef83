// `#[serde(alias)]`: an alias is one more name of its field, so one that another
// field (or alias, or the tag) is read as, or the field's own name, is refused at
// the alias; so is an alias that names nothing (on a flattened or skipped field)
// and an alias on a variant.
use std::collections::HashMap;
use tool_schema::ToolArgs;

#[derive(ToolArgs)]
#[serde(rename_all = "camelCase")]
struct Clashes {
    #[serde(alias = "town")]
    city: String,
    #[serde(alias = "town")]
    place: String,
    #[serde(alias = "cityName")]
    city_name: String,
    #[serde(alias = "city")]
    region: String,
    #[serde(alias = "zip", alias = "zip")]
    postcode: String,
    zip: String,
}

#[derive(ToolArgs)]
struct NamesNothing {
    #[serde(flatten, alias = "extra")]
    rest: HashMap<String, u32>,
    #[serde(skip, alias = "hidden")]
    internal: u32,
}

#[derive(ToolArgs)]
#[serde(tag = "action")]
enum Tagged {
    Go {
        #[serde(alias = "action")]
        to: String,
    },
    #[serde(alias = "halt")]
    Stop,
}

fn main() {}
