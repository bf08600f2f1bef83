//! Plain-text tables: columns padded to their widest cell, numbers right-aligned.

/// `header` and `rows` as lines of text, each ended by `\n`. A cell that parses as
/// a number is right-aligned, any other left-aligned; columns are two spaces apart
/// and trailing spaces are trimmed.
pub fn render(header: &[&str], rows: &[Vec<String>]) -> String {
    let columns = header.len();
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (i, cell) in row.iter().enumerate().take(columns) {
            widths[i] = widths[i].max(cell.chars().count());
        }
    }
    let mut out = String::new();
    let header: Vec<String> = header.iter().map(|h| h.to_string()).collect();
    for row in std::iter::once(&header).chain(rows) {
        let mut line = String::new();
        for (i, width) in widths.iter().enumerate() {
            let cell = row.get(i).map(String::as_str).unwrap_or("");
            let pad = width - cell.chars().count().min(*width);
            if i > 0 {
                line.push_str("  ");
            }
            if cell.parse::<f64>().is_ok() {
                line.extend(std::iter::repeat_n(' ', pad));
                line.push_str(cell);
            } else {
                line.push_str(cell);
                line.extend(std::iter::repeat_n(' ', pad));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pads_and_aligns() {
        let rows = vec![
            vec!["get_weather".to_string(), "12".to_string()],
            vec!["a".to_string(), "3".to_string()],
        ];
        assert_eq!(
            render(&["tool", "calls"], &rows),
            "tool         calls\nget_weather     12\na                3\n"
        );
    }
}
