//! The spec's API to the letter: every call of section 7 of both spec
//! documents, listed with the entity fields of section 3 in
//! `tests/spec/calls.json`, is made against a real server (with the Stripe
//! emulator) as the client the spec describes would make it, and its answer
//! must carry those fields under the spec's names with the spec's types.

use crate::common;

use common::{Device, TestServer};
use reqwest::Method;
use serde_json::{Map, Value, json};
use std::collections::{BTreeSet, HashMap};

const ACCOUNT_EMAIL: &str = "ruth.conformance@example.org";

fn calls_file() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/spec/calls.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("tests/spec/calls.json"))
        .expect("calls.json is JSON")
}

/// Why `value` is not of type `ty` (a word of the list's vocabulary, an
/// inline entity or an entity's name), each problem with its path.
fn problems(value: &Value, ty: &Value, entities: &Map<String, Value>, at: &str) -> Vec<String> {
    let fail = |what: &str| vec![format!("{at}: expected {what}, got {value}")];
    match ty {
        Value::Object(fields) => {
            let Some(object) = value.as_object() else {
                return fail("an object");
            };
            let mut out = Vec::new();
            for (name, field_ty) in fields {
                let (name, optional) = match name.strip_suffix('?') {
                    Some(n) => (n, true),
                    None => (name.as_str(), false),
                };
                match object.get(name) {
                    None if optional => {}
                    None => out.push(format!("{at}.{name}: missing")),
                    Some(v) => out.extend(problems(v, field_ty, entities, &format!("{at}.{name}"))),
                }
            }
            out
        }
        Value::String(word) => {
            if let Some(entity) = entities.get(word.as_str()) {
                return problems(value, entity, entities, at);
            }
            if let Some(base) = word.strip_suffix("|null") {
                return if value.is_null() {
                    vec![]
                } else {
                    problems(value, &json!(base), entities, at)
                };
            }
            let ok = match word.as_str() {
                "string" => value.is_string(),
                "integer" => value.is_i64() || value.is_u64(),
                "number" => value.is_number(),
                "boolean" => value.is_boolean(),
                "0|1" => value == &json!(0) || value == &json!(1),
                "date" => value
                    .as_str()
                    .is_some_and(|d| d.parse::<manna_core::Date>().is_ok()),
                "object" => value.is_object(),
                "list" => value.is_array(),
                "list<string>" => value
                    .as_array()
                    .is_some_and(|l| l.iter().all(Value::is_string)),
                "list<object>" => value
                    .as_array()
                    .is_some_and(|l| l.iter().all(Value::is_object)),
                other => panic!("calls.json names an unknown type '{other}' at {at}"),
            };
            if ok { vec![] } else { fail(word) }
        }
        other => panic!("calls.json: a type must be a word or an object, not {other}"),
    }
}

/// The callers of the spec's calls.
struct Callers {
    device: Device,
    member: Device,
    account: Device,
    session: Option<String>,
    vars: HashMap<String, String>,
}

impl Callers {
    async fn new(s: &TestServer) -> Self {
        let device = s.register("user-1764000000000-spec").await;
        let member =
            common::pay::owner_device(s, "user-1764000000000-member", "owner@manna.test").await;
        let account = s.register("user-1764000000000-account").await;
        let vars = HashMap::from([
            ("userId".to_string(), device.user.clone()),
            ("memberId".to_string(), member.user.clone()),
            ("accountEmail".to_string(), ACCOUNT_EMAIL.to_string()),
        ]);
        Self {
            device,
            member,
            account,
            session: None,
            vars,
        }
    }

    /// `text` with each `{name}` replaced by its value (`{code}`: the code
    /// last emailed to the account's address).
    async fn fill(&self, s: &TestServer, text: &str) -> String {
        let mut out = text.to_string();
        if out.contains("{code}") {
            out = out.replace("{code}", &common::pay::emailed_code(s, ACCOUNT_EMAIL).await);
        }
        if out.contains("{paymentIntentId}") {
            let secret = self
                .vars
                .get("clientSecret")
                .expect("a client secret saved");
            let id = secret.split("_secret_").next().unwrap_or_default();
            out = out.replace("{paymentIntentId}", id);
        }
        for (name, value) in &self.vars {
            out = out.replace(&format!("{{{name}}}"), value);
        }
        let left = out.split('{').skip(1).find_map(|rest| {
            let name = rest.split('}').next()?;
            (!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric())).then_some(name)
        });
        assert!(
            left.is_none(),
            "no value saved for {{{}}} in {out}",
            left.unwrap_or_default()
        );
        out
    }
}

#[tokio::test]
async fn every_call_of_the_spec_answers_the_spec_fields_with_the_spec_types() {
    let file = calls_file();
    let entities = file["entities"].as_object().expect("entities").clone();
    let calls = file["calls"].as_array().expect("calls").clone();
    let (s, _emulator) = TestServer::with_emulator().await;
    let mut who = Callers::new(&s).await;
    let mut failures = Vec::new();
    let (mut checked, mut planned, mut fields) = (BTreeSet::new(), BTreeSet::new(), 0usize);
    for call in &calls {
        let method: Method = call["method"]
            .as_str()
            .expect("method")
            .parse()
            .expect("a method");
        let path = who.fill(&s, call["path"].as_str().expect("path")).await;
        let name = format!(
            "{} {}",
            call["method"].as_str().unwrap_or_default(),
            call["path"].as_str().unwrap_or_default()
        );
        if let Some(why) = call.get("planned").and_then(Value::as_str) {
            planned.insert(format!("{name} ({why})"));
            continue;
        }
        let body = match call.get("body") {
            Some(b) => Some(
                serde_json::from_str::<Value>(&who.fill(&s, &b.to_string()).await).expect("body"),
            ),
            None => None,
        };
        let (status, answer) = match call["as"].as_str().expect("as") {
            "anyone" => {
                let mut req = s.client.request(method, format!("{}{path}", s.base));
                if let Some(b) = &body {
                    req = req.json(b);
                }
                let res = req.send().await.expect("call");
                (
                    res.status().as_u16(),
                    res.json().await.unwrap_or(Value::Null),
                )
            }
            "device" => s.call_as(&who.device, method, &path, body).await,
            "member" => s.call_as(&who.member, method, &path, body).await,
            "account" => {
                let (status, answer, cookie) = s
                    .call_with_cookie(&who.account, method, &path, body, who.session.as_deref())
                    .await;
                if let Some(c) = cookie {
                    who.session = Some(common::cookie_pair(&c));
                }
                if path == "/api/auth/logout" {
                    // Logging out forgets this device: the person logs in
                    // again from a new one.
                    who.account = s.register("user-1764000000000-again").await;
                    who.session = None;
                }
                (status, answer)
            }
            other => panic!("calls.json: unknown caller '{other}'"),
        };
        let want = call.get("status").and_then(Value::as_u64).unwrap_or(200) as u16;
        if status != want {
            failures.push(format!("{name}: status {status}, not {want}: {answer}"));
            continue;
        }
        checked.insert(name.clone());
        if let Some(ty) = call.get("answer") {
            let entity = entities
                .get(ty.as_str().expect("an entity name"))
                .expect("a known entity");
            fields += entity.as_object().map_or(1, Map::len);
            let items: Vec<&Value> = if call.get("list") == Some(&json!(true)) {
                match answer.as_array() {
                    Some(list) if !list.is_empty() => list.iter().collect(),
                    _ => {
                        failures.push(format!("{name}: expected a list with items, got {answer}"));
                        continue;
                    }
                }
            } else {
                vec![&answer]
            };
            for (i, item) in items.iter().enumerate() {
                failures.extend(problems(item, ty, &entities, &format!("{name} [{i}]")));
            }
        }
        if let Some(save) = call.get("save").and_then(Value::as_object) {
            for (var, pointer) in save {
                let value = answer
                    .pointer(&format!("/{}", pointer.as_str().unwrap_or_default()))
                    .and_then(Value::as_str)
                    .unwrap_or_else(|| panic!("{name}: nothing at {pointer} to save: {answer}"));
                who.vars.insert(var.clone(), value.to_string());
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} problems:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // The finders are the spec's only calls not built yet; nothing else may hide there.
    assert_eq!(planned.len(), 2, "{planned:?}");
    println!(
        "spec conformance: {} calls checked ({} of them distinct), {fields} entity fields; not built yet: {planned:?}",
        calls.len() - planned.len(),
        checked.len(),
    );
}

#[test]
fn the_type_check_catches_a_wrong_name_type_or_missing_field() {
    let entities =
        json!({"Thing": {"id": "string", "count": "integer", "flag": "0|1", "note?": "string"}});
    let entities = entities.as_object().expect("entities");
    let ty = json!("Thing");
    assert!(
        problems(
            &json!({"id": "a", "count": 2, "flag": 1}),
            &ty,
            entities,
            "x"
        )
        .is_empty()
    );
    assert!(
        problems(
            &json!({"id": "a", "count": 2, "flag": 1, "note": "n"}),
            &ty,
            entities,
            "x"
        )
        .is_empty()
    );
    assert_eq!(
        problems(
            &json!({"id": "a", "count": 2, "flag": true}),
            &ty,
            entities,
            "x"
        )
        .len(),
        1
    );
    assert_eq!(
        problems(&json!({"id": "a", "flag": 0}), &ty, entities, "x").len(),
        1
    );
    assert_eq!(
        problems(
            &json!({"id": "a", "count": "2", "flag": 0, "note": 3}),
            &ty,
            entities,
            "x"
        )
        .len(),
        2
    );
}
