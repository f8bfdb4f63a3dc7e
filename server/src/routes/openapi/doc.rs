//! Building the document: component schemas taken from types' `ToSchema`
//! derives (each registered once, with every schema it names), and
//! operations described with a few words of builder.

use serde_json::{Map, Value, json};
use utoipa::ToSchema;

/// Who may make a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Who {
    /// Anyone: no device needed.
    Anyone,
    /// A registered device (its user id and token).
    Device,
    /// A device whose user is a premium member now.
    Member,
    /// A browser signed in to an account (its session cookie).
    Account,
}

/// One operation of a path.
#[derive(Debug)]
pub struct Op {
    summary: &'static str,
    who: Who,
    params: Vec<Value>,
    body: Option<Value>,
    responses: Map<String, Value>,
}

/// An operation with its summary, made by `who`.
pub fn op(summary: &'static str, who: Who) -> Op {
    Op {
        summary,
        who,
        params: Vec::new(),
        body: None,
        responses: Map::new(),
    }
}

impl Op {
    /// A path parameter (a string).
    pub fn path(mut self, name: &str, description: &str) -> Self {
        self.params
            .push(json!({"name": name, "in": "path", "required": true,
            "description": description, "schema": {"type": "string"}}));
        self
    }

    /// A query parameter of `schema`.
    pub fn query(mut self, name: &str, schema: Value, description: &str) -> Self {
        self.params
            .push(json!({"name": name, "in": "query", "required": false,
            "description": description, "schema": schema}));
        self
    }

    /// A required header (a string).
    pub fn header(mut self, name: &str, description: &str) -> Self {
        self.params
            .push(json!({"name": name, "in": "header", "required": true,
            "description": description, "schema": {"type": "string"}}));
        self
    }

    /// A JSON request body of `schema`.
    pub fn body(mut self, schema: Value) -> Self {
        self.body =
            Some(json!({"required": true, "content": {"application/json": {"schema": schema}}}));
        self
    }

    /// An answer with `status` and a JSON body of `schema` (none: no body).
    pub fn answers(mut self, status: u16, schema: Option<Value>, description: &str) -> Self {
        let mut response = json!({"description": description});
        if let Some(s) = schema {
            response["content"] = json!({"application/json": {"schema": s}});
        }
        self.responses.insert(status.to_string(), response);
        self
    }

    /// 200 with a JSON body of `schema`.
    pub fn ok(self, schema: Value) -> Self {
        self.answers(200, Some(schema), "OK")
    }

    /// An answer of another content type (`text/calendar`, `text/html`).
    pub fn answers_text(mut self, status: u16, media: &str, description: &str) -> Self {
        self.responses.insert(
            status.to_string(),
            json!({"description": description, "content": {media: {"schema": {"type": "string"}}}}),
        );
        self
    }
}

/// The document being built.
#[derive(Debug, Default)]
pub struct Doc {
    paths: Map<String, Value>,
    schemas: Map<String, Value>,
}

impl Doc {
    pub fn new() -> Self {
        Self::default()
    }

    /// A reference to `T`'s schema, registering it and every schema it names.
    pub fn schema<T: ToSchema>(&mut self) -> Value {
        let mut named = vec![(T::name().to_string(), T::schema())];
        T::schemas(&mut named);
        for (name, schema) in named {
            self.schemas
                .entry(name)
                .or_insert_with(|| serde_json::to_value(schema).unwrap_or(Value::Null));
        }
        json!({"$ref": format!("#/components/schemas/{}", T::name())})
    }

    /// A list of `T`.
    pub fn list<T: ToSchema>(&mut self) -> Value {
        json!({"type": "array", "items": self.schema::<T>()})
    }

    /// A schema written here (what no type says alone), under `name`.
    pub fn named(&mut self, name: &str, schema: Value) -> Value {
        self.schemas.insert(name.to_string(), schema);
        json!({"$ref": format!("#/components/schemas/{name}")})
    }

    /// Adds `op` as `method` of `path`, with the errors every call may answer.
    pub fn add(&mut self, method: &str, path: &str, mut op: Op) {
        let error = self.schema::<crate::error::ErrorBody>();
        // Any refusal is an error body naming the problem (4XX covers 400,
        // 401, 403, 404, 409, 413, 415 and 429, as the call may answer).
        op.responses.insert(
            "4XX".into(),
            json!({"description": "Refused: the message says why (and the field, for a record); a 429 says when to try again in Retry-After.",
                   "content": {"application/json": {"schema": error.clone()}}}),
        );
        // Any call, when the database's queue is long: try again after
        // Retry-After.
        op.responses.entry("503".to_string()).or_insert_with(|| {
            json!({"description": "Very busy just now: try again after Retry-After (seconds).",
                   "content": {"application/json": {"schema": error}}})
        });
        let mut operation = json!({
            "summary": op.summary,
            "operationId": format!("{method} {path}"),
            "responses": op.responses,
        });
        if !op.params.is_empty() {
            operation["parameters"] = Value::Array(op.params);
        }
        if let Some(body) = op.body {
            operation["requestBody"] = body;
        }
        let security = match op.who {
            Who::Anyone => None,
            Who::Device | Who::Member => Some(json!([{"userId": [], "deviceToken": []}])),
            Who::Account => Some(json!([{"session": []}])),
        };
        if let Some(s) = security {
            operation["security"] = s;
        }
        if op.who == Who::Member {
            operation["description"] = json!("Premium members only (403 otherwise).");
        }
        self.paths
            .entry(path.to_string())
            .or_insert_with(|| json!({}))
            .as_object_mut()
            .expect("a path item is an object")
            .insert(method.to_string(), operation);
    }

    /// The document. Answers may carry fields beyond their schemas (the
    /// spec's clients ignore them), so no schema closes its object.
    pub fn finish(self) -> Value {
        let mut doc = json!({
            "openapi": "3.1.0",
            "info": {
                "title": "Manna",
                "version": env!("CARGO_PKG_VERSION"),
                "description": "Daily faith-and-wellness content, the user's synced records, accounts and the premium subscription.",
            },
            "paths": self.paths,
            "components": {
                "schemas": self.schemas,
                "securitySchemes": {
                    "userId": {"type": "apiKey", "in": "header", "name": "X-User-ID",
                               "description": "The device's anonymous user id (POST /api/devices registers it)."},
                    "deviceToken": {"type": "http", "scheme": "bearer",
                                    "description": "The device token POST /api/devices answered."},
                    "session": {"type": "apiKey", "in": "cookie", "name": "manna_session"},
                },
            },
        });
        open_objects(&mut doc);
        doc
    }
}

/// Removes `additionalProperties: false` everywhere.
fn open_objects(value: &mut Value) {
    match value {
        Value::Object(map) => {
            if map.get("additionalProperties") == Some(&Value::Bool(false)) {
                map.remove("additionalProperties");
            }
            map.values_mut().for_each(open_objects);
        }
        Value::Array(items) => items.iter_mut().for_each(open_objects),
        _ => {}
    }
}

/// `schema` or null.
pub fn nullable(schema: Value) -> Value {
    json!({"anyOf": [schema, {"type": "null"}]})
}

/// A `YYYY-MM-DD` date.
pub fn date() -> Value {
    json!({"type": "string", "format": "date"})
}

/// A whole number from 1 to `max`.
pub fn whole(max: u32) -> Value {
    json!({"type": "integer", "minimum": 1, "maximum": max})
}
