//! [`Object`]: a JSON object (RFC 8259) written field by field on one line, its strings
//! escaped, for `--json` and the table of several files. Uses the text helpers.

use std::fmt::Write;

/// A JSON object written field by field, strings escaped as RFC 8259 requires.
pub struct Object {
    text: String,
}

impl Object {
    pub fn empty() -> Object {
        Object {
            text: String::from("{"),
        }
    }

    pub fn key(&mut self, key: &str) {
        if self.text.len() > 1 {
            self.text.push(',');
        }
        self.text.push_str(&quoted(key));
        self.text.push(':');
    }

    /// A value already written as JSON, or `null`.
    pub fn raw(&mut self, key: &str, json: Option<String>) {
        self.key(key);
        self.text.push_str(json.as_deref().unwrap_or("null"));
    }

    pub fn boolean(&mut self, key: &str, value: bool) {
        self.key(key);
        self.text.push_str(if value { "true" } else { "false" });
    }

    pub fn string(&mut self, key: &str, value: &str) {
        self.key(key);
        self.text.push_str(&quoted(value));
    }

    pub fn optional(&mut self, key: &str, value: Option<&str>) {
        self.raw(key, value.map(quoted));
    }

    pub fn strings(&mut self, key: &str, values: &[String]) {
        self.key(key);
        let quoted: Vec<String> = values.iter().map(|value| quoted(value)).collect();
        let _ = write!(self.text, "[{}]", quoted.join(","));
    }

    /// A number, or `null` for none.
    pub fn optional_number(&mut self, key: &str, value: Option<f64>) {
        match value {
            Some(value) => self.number(key, value),
            None => self.raw(key, None),
        }
    }

    /// A number, to three decimals; JSON has no NaN or infinity, which become `null`.
    pub fn number(&mut self, key: &str, value: f64) {
        self.key(key);
        if value.is_finite() {
            let _ = write!(self.text, "{}", (value * 1000.0).round() / 1000.0);
        } else {
            self.text.push_str("null");
        }
    }

    pub fn finish(mut self) -> String {
        self.text.push('}');
        self.text
    }
}

/// `text` as a JSON string.
pub fn quoted(text: &str) -> String {
    crate::text::json_string(text, |_| false)
}
