// A toolbox reads each call's text with the tool's model.
use tool_schema::Toolbox;
use tool_schema_lean_tests::Deliver;

fn main() {
    let _ = Toolbox::new().tool(|deliver: Deliver| deliver.to.street);
}
