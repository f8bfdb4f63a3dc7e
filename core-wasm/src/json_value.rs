//! Any serde value as serde_json's `Value`, the same value
//! `serde_json::to_value` makes. serde_json's own serializer repeats its
//! bookkeeping (a map's pending key, where a value goes) for every field type
//! it meets; here each field and item hands its finished value to one shared
//! function, which keeps the browser build small.

use serde::Serialize;
use serde::ser::{self, Serializer};
use serde_json::{Map, Value};
use std::fmt;

/// `value` as JSON; refused only for what JSON cannot hold (a map key that is
/// neither text nor a whole number, a 128-bit number).
pub fn to_value<T: Serialize + ?Sized>(value: &T) -> Result<Value, Error> {
    value.serialize(ToValue)
}

/// Why a value has no JSON form.
#[derive(Debug)]
pub struct Error;

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a value that JSON cannot hold")
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Error
    }
}

/// The serializer; each call makes one `Value`.
struct ToValue;

/// A list being built.
struct List(Vec<Value>);

/// An object being built, with the key of the member whose value comes next.
struct Object {
    members: Map<String, Value>,
    key: Option<String>,
}

/// An enum variant with fields: `{ variant: fields }`.
struct Variant<T> {
    name: &'static str,
    fields: T,
}

impl List {
    #[inline(never)]
    fn push(&mut self, item: Result<Value, Error>) -> Result<(), Error> {
        self.0.push(item?);
        Ok(())
    }
}

impl Object {
    #[inline(never)]
    fn insert(&mut self, key: &str, value: Result<Value, Error>) -> Result<(), Error> {
        self.members.insert(key.to_owned(), value?);
        Ok(())
    }

    /// A map key as JSON writes it: text as it is, a whole number as digits.
    #[inline(never)]
    fn set_key(&mut self, key: Result<Value, Error>) -> Result<(), Error> {
        self.key = Some(match key? {
            Value::String(text) => text,
            Value::Number(n) => match (n.as_u64(), n.as_i64()) {
                (Some(u), _) => u.to_string(),
                (None, Some(i)) => i.to_string(),
                _ => return Err(Error),
            },
            _ => return Err(Error),
        });
        Ok(())
    }

    #[inline(never)]
    fn insert_at_key(&mut self, value: Result<Value, Error>) -> Result<(), Error> {
        let key = self.key.take().ok_or(Error)?;
        self.members.insert(key, value?);
        Ok(())
    }
}

#[inline(never)]
fn one_member(name: &str, value: Value) -> Value {
    let mut members = Map::new();
    members.insert(name.to_owned(), value);
    Value::Object(members)
}

fn object() -> Object {
    Object {
        members: Map::new(),
        key: None,
    }
}

impl Serializer for ToValue {
    type Ok = Value;
    type Error = Error;
    type SerializeSeq = List;
    type SerializeTuple = List;
    type SerializeTupleStruct = List;
    type SerializeTupleVariant = Variant<List>;
    type SerializeMap = Object;
    type SerializeStruct = Object;
    type SerializeStructVariant = Variant<Object>;

    fn serialize_bool(self, v: bool) -> Result<Value, Error> {
        Ok(Value::Bool(v))
    }
    fn serialize_i8(self, v: i8) -> Result<Value, Error> {
        self.serialize_i64(v.into())
    }
    fn serialize_i16(self, v: i16) -> Result<Value, Error> {
        self.serialize_i64(v.into())
    }
    fn serialize_i32(self, v: i32) -> Result<Value, Error> {
        self.serialize_i64(v.into())
    }
    fn serialize_i64(self, v: i64) -> Result<Value, Error> {
        Ok(Value::from(v))
    }
    fn serialize_u8(self, v: u8) -> Result<Value, Error> {
        self.serialize_u64(v.into())
    }
    fn serialize_u16(self, v: u16) -> Result<Value, Error> {
        self.serialize_u64(v.into())
    }
    fn serialize_u32(self, v: u32) -> Result<Value, Error> {
        self.serialize_u64(v.into())
    }
    fn serialize_u64(self, v: u64) -> Result<Value, Error> {
        Ok(Value::from(v))
    }
    fn serialize_f32(self, v: f32) -> Result<Value, Error> {
        Ok(Value::from(v))
    }
    // A number JSON has no form for (NaN, an infinity) becomes `null`.
    fn serialize_f64(self, v: f64) -> Result<Value, Error> {
        Ok(Value::from(v))
    }
    fn serialize_char(self, v: char) -> Result<Value, Error> {
        Ok(Value::String(v.to_string()))
    }
    fn serialize_str(self, v: &str) -> Result<Value, Error> {
        Ok(Value::String(v.to_owned()))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Value, Error> {
        Ok(Value::Array(v.iter().map(|&b| Value::from(b)).collect()))
    }
    fn serialize_none(self) -> Result<Value, Error> {
        Ok(Value::Null)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Value, Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Value, Error> {
        Ok(Value::Null)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<Value, Error> {
        Ok(Value::Null)
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<Value, Error> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<Value, Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Value, Error> {
        Ok(one_member(variant, to_value(value)?))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<List, Error> {
        Ok(List(Vec::with_capacity(len.unwrap_or(0))))
    }
    fn serialize_tuple(self, len: usize) -> Result<List, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<List, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Variant<List>, Error> {
        Ok(Variant {
            name: variant,
            fields: List(Vec::with_capacity(len)),
        })
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Object, Error> {
        Ok(object())
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Object, Error> {
        Ok(object())
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Variant<Object>, Error> {
        Ok(Variant {
            name: variant,
            fields: object(),
        })
    }
}

impl ser::SerializeSeq for List {
    type Ok = Value;
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.push(to_value(value))
    }
    fn end(self) -> Result<Value, Error> {
        Ok(Value::Array(self.0))
    }
}

impl ser::SerializeTuple for List {
    type Ok = Value;
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.push(to_value(value))
    }
    fn end(self) -> Result<Value, Error> {
        Ok(Value::Array(self.0))
    }
}

impl ser::SerializeTupleStruct for List {
    type Ok = Value;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.push(to_value(value))
    }
    fn end(self) -> Result<Value, Error> {
        Ok(Value::Array(self.0))
    }
}

impl ser::SerializeTupleVariant for Variant<List> {
    type Ok = Value;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.fields.push(to_value(value))
    }
    fn end(self) -> Result<Value, Error> {
        Ok(one_member(self.name, Value::Array(self.fields.0)))
    }
}

impl ser::SerializeMap for Object {
    type Ok = Value;
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.set_key(to_value(key))
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.insert_at_key(to_value(value))
    }
    fn end(self) -> Result<Value, Error> {
        Ok(Value::Object(self.members))
    }
}

impl ser::SerializeStruct for Object {
    type Ok = Value;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.insert(key, to_value(value))
    }
    fn end(self) -> Result<Value, Error> {
        Ok(Value::Object(self.members))
    }
}

impl ser::SerializeStructVariant for Variant<Object> {
    type Ok = Value;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.fields.insert(key, to_value(value))
    }
    fn end(self) -> Result<Value, Error> {
        Ok(one_member(self.name, Value::Object(self.fields.members)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::collections::BTreeMap;

    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Sample {
        whole: u32,
        below: i64,
        part: f64,
        never: f64,
        text: &'static str,
        left_out: Option<u8>,
        #[serde(skip_serializing_if = "Option::is_none")]
        skipped: Option<u8>,
        list: Vec<Kind>,
        pair: (bool, char),
        by_name: BTreeMap<String, u32>,
        by_number: BTreeMap<u32, bool>,
    }

    #[derive(Serialize)]
    #[serde(rename_all = "snake_case")]
    enum Kind {
        Plain,
        Wrapped(u8),
        Pair(u8, u8),
        Named { at: u8 },
    }

    #[test]
    fn values_are_what_serde_json_makes_of_them() {
        let sample = Sample {
            whole: 7,
            below: -3,
            part: 1.5,
            never: f64::NAN,
            text: "a",
            left_out: None,
            skipped: None,
            list: vec![
                Kind::Plain,
                Kind::Wrapped(1),
                Kind::Pair(2, 3),
                Kind::Named { at: 4 },
            ],
            pair: (true, 'x'),
            by_name: BTreeMap::from([("b".into(), 2), ("a".into(), 1)]),
            by_number: BTreeMap::from([(10, true)]),
        };
        let ours = to_value(&sample).ok();
        assert_eq!(ours, serde_json::to_value(&sample).ok());
        assert_eq!(
            ours,
            Some(json!({
                "whole": 7, "below": -3, "part": 1.5, "never": null, "text": "a",
                "leftOut": null,
                "list": ["plain", {"wrapped": 1}, {"pair": [2, 3]}, {"named": {"at": 4}}],
                "pair": [true, "x"], "byName": {"a": 1, "b": 2}, "byNumber": {"10": true}
            }))
        );
        let value = json!({"n": [1, -2, 2.5, null, "t", {"x": false}]});
        assert_eq!(to_value(&value).ok(), Some(value));
    }
}
