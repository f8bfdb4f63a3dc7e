//! A reader for flat JSON objects (`{"key": value, …}` whose values are strings,
//! integers, booleans or null), enough for the header and claims of an
//! entitlement token. A full JSON parser would triple the size of the browser
//! build; anything outside this subset is refused, never guessed at.

/// A value of a flat object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Str(String),
    Int(i64),
    Bool(bool),
    Null,
}

/// The members of a flat object, in document order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Object(pub Vec<(String, Value)>);

impl Object {
    fn get(&self, key: &str) -> Option<&Value> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }
    pub fn get_str(&self, key: &str) -> Option<&str> {
        match self.get(key)? {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }
    pub fn get_int(&self, key: &str) -> Option<i64> {
        match self.get(key)? {
            Value::Int(n) => Some(*n),
            _ => None,
        }
    }
    pub fn get_bool(&self, key: &str) -> Option<bool> {
        match self.get(key)? {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn skip_ws(&mut self) {
        while matches!(self.bytes.get(self.at), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }
    fn eat(&mut self, byte: u8) -> Option<()> {
        self.skip_ws();
        (self.bytes.get(self.at) == Some(&byte)).then(|| self.at += 1)
    }
    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.bytes.get(self.at).copied()
    }
    fn word(&mut self, w: &str) -> Option<()> {
        let end = self.at + w.len();
        (self.bytes.get(self.at..end)? == w.as_bytes()).then(|| self.at = end)
    }
    fn hex4(&mut self) -> Option<u32> {
        let s = core::str::from_utf8(self.bytes.get(self.at..self.at + 4)?).ok()?;
        self.at += 4;
        u32::from_str_radix(s, 16).ok()
    }
    fn string(&mut self) -> Option<String> {
        self.eat(b'"')?;
        let mut out = String::new();
        loop {
            let start = self.at;
            while !matches!(self.bytes.get(self.at), Some(b'"' | b'\\') | None) {
                if self.bytes[self.at] < 0x20 {
                    return None;
                }
                self.at += 1;
            }
            out.push_str(core::str::from_utf8(&self.bytes[start..self.at]).ok()?);
            match self.bytes.get(self.at)? {
                b'"' => {
                    self.at += 1;
                    return Some(out);
                }
                _ => {
                    self.at += 1;
                    let esc = *self.bytes.get(self.at)?;
                    self.at += 1;
                    out.push(match esc {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => self.unicode()?,
                        _ => return None,
                    });
                }
            }
        }
    }
    fn unicode(&mut self) -> Option<char> {
        let hi = self.hex4()?;
        if (0xD800..0xDC00).contains(&hi) {
            self.word("\\u")?;
            let lo = self.hex4()?;
            if !(0xDC00..0xE000).contains(&lo) {
                return None;
            }
            return char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00));
        }
        char::from_u32(hi)
    }
    fn int(&mut self) -> Option<i64> {
        let start = self.at;
        if self.bytes.get(self.at) == Some(&b'-') {
            self.at += 1;
        }
        let digits = self.at;
        while self.bytes.get(self.at).is_some_and(u8::is_ascii_digit) {
            self.at += 1;
        }
        let n = self.at - digits;
        // No leading zeros, fractions or exponents: claims hold whole numbers.
        if n == 0 || (n > 1 && self.bytes[digits] == b'0') {
            return None;
        }
        if matches!(self.bytes.get(self.at), Some(b'.' | b'e' | b'E')) {
            return None;
        }
        core::str::from_utf8(&self.bytes[start..self.at])
            .ok()?
            .parse()
            .ok()
    }
    fn value(&mut self) -> Option<Value> {
        Some(match self.peek()? {
            b'"' => Value::Str(self.string()?),
            b't' => self.word("true").map(|()| Value::Bool(true))?,
            b'f' => self.word("false").map(|()| Value::Bool(false))?,
            b'n' => self.word("null").map(|()| Value::Null)?,
            b'-' | b'0'..=b'9' => Value::Int(self.int()?),
            _ => return None,
        })
    }
}

/// Parses a flat object; `None` for anything else (including duplicate keys).
pub fn parse(text: &str) -> Option<Object> {
    let mut r = Reader {
        bytes: text.as_bytes(),
        at: 0,
    };
    r.eat(b'{')?;
    let mut members: Vec<(String, Value)> = Vec::new();
    if r.eat(b'}').is_none() {
        loop {
            let key = r.string()?;
            r.eat(b':')?;
            let value = r.value()?;
            if members.iter().any(|(k, _)| *k == key) {
                return None;
            }
            members.push((key, value));
            if r.eat(b',').is_some() {
                continue;
            }
            r.eat(b'}')?;
            break;
        }
    }
    r.skip_ws();
    (r.at == r.bytes.len()).then_some(Object(members))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_flat_objects() {
        let o = parse(r#" { "sub":"user-1-a", "iat": 1700000000000, "neg":-5, "owner":true, "x":null, "s":"a\"b\\c\u00e9\ud83d\ude00\n" } "#)
            .unwrap_or_default();
        assert_eq!(o.get_str("sub"), Some("user-1-a"));
        assert_eq!(o.get_int("iat"), Some(1_700_000_000_000));
        assert_eq!(o.get_int("neg"), Some(-5));
        assert_eq!(o.get_bool("owner"), Some(true));
        assert_eq!(o.get_str("s"), Some("a\"b\\cé😀\n"));
        assert_eq!(o.get_str("iat"), None);
        assert_eq!(parse("{}"), Some(Object::default()));
    }

    #[test]
    fn refuses_what_it_does_not_understand() {
        for bad in [
            "",
            "[]",
            "{",
            r#"{"a":1,}"#,
            r#"{"a":1.5}"#,
            r#"{"a":1e3}"#,
            r#"{"a":01}"#,
            r#"{"a":{"b":1}}"#,
            r#"{"a":[1]}"#,
            r#"{"a":1}x"#,
            r#"{"a":1,"a":2}"#,
            r#"{"a":"\x"}"#,
            r#"{"a":"\ud83d"}"#,
            "{\"a\":\"\u{1}\"}",
            r#"{"a":tru}"#,
            r#"{"a":99999999999999999999}"#,
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }

    proptest::proptest! {
        #[test]
        fn agrees_with_serde_json_on_what_serde_json_writes(
            s in ".*", n in proptest::num::i64::ANY, b in proptest::bool::ANY
        ) {
            let text = serde_json::json!({ "s": s, "n": n, "b": b }).to_string();
            let o = parse(&text);
            proptest::prop_assert!(o.is_some(), "{}", text);
            let o = o.unwrap_or_default();
            proptest::prop_assert_eq!(o.get_str("s"), Some(s.as_str()));
            proptest::prop_assert_eq!(o.get_int("n"), Some(n));
            proptest::prop_assert_eq!(o.get_bool("b"), Some(b));
        }
    }
}
