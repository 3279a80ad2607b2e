//! Text made safe for a page: HTML escaped, script text that cannot end its element, and the
//! JavaScript literals a page's data is written in. Uses only [`crate::text`].

/// `text` with HTML's special characters escaped, for text and attribute values.
pub fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            _ => escaped.push(c),
        }
    }
    escaped
}

/// Script text that cannot end its `<script>` element early.
pub fn script_safe(text: &str) -> String {
    text.replace("</", "<\\/")
}

/// A JavaScript string literal (JSON's escapes) holding `text`.
pub fn js_string(text: &str) -> String {
    crate::text::json_string(text, |c| c == '<')
}

/// A JavaScript array literal of numbers: `[1,2,3]`.
pub fn numbers<T: std::fmt::Display>(values: impl IntoIterator<Item = T>) -> String {
    let items: Vec<String> = values.into_iter().map(|value| value.to_string()).collect();
    format!("[{}]", items.join(","))
}

/// A JavaScript array literal of string literals.
pub fn strings(values: impl IntoIterator<Item = String>) -> String {
    let items: Vec<String> = values.into_iter().map(|value| js_string(&value)).collect();
    format!("[{}]", items.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_from_the_input_cannot_break_out_of_its_element() {
        assert_eq!(escape("<b>\"x\" & y"), "&lt;b&gt;&quot;x&quot; &amp; y");
        assert_eq!(
            js_string("a\"</script>\n"),
            "\"a\\\"\\u003c/script>\\u000a\""
        );
        assert_eq!(script_safe("x</script>"), "x<\\/script>");
        assert_eq!(numbers([1, 22, 3]), "[1,22,3]");
    }
}
