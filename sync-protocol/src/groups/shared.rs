//! The records a group shares: who may write each change, and what each
//! member's devices are sent of each record. The server judges every write
//! to a group's records by `judge` (with the writer's place in the group at
//! that moment, so an offline post by someone removed meanwhile is refused)
//! and filters every pull by `shown`; the app asks `judge` before it queues
//! a write, so it refuses in the same words.

use super::Role;
use super::permissions::{Act, may};
use super::requests::{Audience, sees};
use crate::field_error::FieldError;
use crate::records::read::Fields;
use crate::tables::Table;
use serde_json::Value;

/// The field naming who wrote a shared record (a member id).
pub fn author_field(table: Table) -> Option<&'static str> {
    match table {
        Table::GroupRequests | Table::GroupUpdates | Table::GroupReflections => Some("authorId"),
        Table::GroupPrayers => Some("memberId"),
        Table::GroupReports => Some("reporterId"),
        _ => None,
    }
}

/// The field naming the request a shared record belongs to.
pub fn parent_field(table: Table) -> Option<&'static str> {
    match table {
        Table::GroupUpdates | Table::GroupPrayers => Some("requestId"),
        _ => None,
    }
}

/// The fields only the server sets (from the writer's membership), and the
/// writer's name beside their member id where the record shows it.
pub fn stamped(table: Table) -> &'static [&'static str] {
    match table {
        Table::GroupRequests | Table::GroupReflections => &["authorId", "authorName"],
        Table::GroupUpdates => &["authorId"],
        Table::GroupPrayers => &["memberId"],
        Table::GroupReports => &["reporterId"],
        _ => &[],
    }
}

fn text<'a>(fields: &'a Fields, name: &str) -> Option<&'a str> {
    fields.get(name).and_then(Value::as_str)
}

fn flag(fields: &Fields, name: &str) -> bool {
    fields.get(name).and_then(Value::as_bool).unwrap_or(false)
}

fn audience(fields: &Fields) -> Audience {
    match text(fields, "audience") {
        Some("leaders") => Audience::Leaders,
        _ => Audience::Group,
    }
}

/// Whether `me` wrote the record with these fields.
fn wrote(table: Table, fields: &Fields, me: Option<&str>) -> bool {
    match (author_field(table), me) {
        (Some(field), Some(me)) => text(fields, field) == Some(me),
        _ => false,
    }
}

/// A write to a group's records, as the rules judge it.
#[derive(Debug, Clone, Copy)]
pub struct Write<'a> {
    pub table: Table,
    /// The writer's role in the group now (none: not a member).
    pub role: Option<Role>,
    /// The writer's member id in the group.
    pub me: Option<&'a str>,
    /// The live record the write changes (none: a new record).
    pub before: Option<&'a Fields>,
    /// The record as it would be stored (none: a delete).
    pub after: Option<&'a Fields>,
    /// The live request an update or a prayer belongs to.
    pub parent: Option<&'a Fields>,
    /// Whether the group has reflections on.
    pub reflections_on: bool,
}

/// Whether the write may be made, and if not, why.
pub fn judge(w: Write<'_>) -> Result<(), FieldError> {
    may(w.role, Act::Read)?;
    let leads = w.role.is_some_and(Role::leads);
    if let Some(field) = parent_field(w.table) {
        let visible = w.parent.is_some_and(|p| {
            sees(
                w.role,
                audience(p),
                flag(p, "hidden"),
                wrote(Table::GroupRequests, p, w.me),
            )
        });
        if !visible && w.after.is_some() {
            return Err(FieldError::new(
                field,
                "the request is no longer there (it may have been deleted or hidden)",
            ));
        }
        if w.table == Table::GroupUpdates
            && w.before.is_none()
            && !w
                .parent
                .is_some_and(|p| wrote(Table::GroupRequests, p, w.me))
        {
            return Err(FieldError::new(
                "requestId",
                "only the person who asked may add news to a request",
            ));
        }
    }
    match (w.before, w.after) {
        (None, None) => Ok(()),
        (None, Some(after)) => {
            let act = match w.table {
                Table::GroupRequests | Table::GroupUpdates => Act::Post,
                Table::GroupPrayers => Act::Pray,
                Table::GroupReports => Act::Report,
                Table::GroupReflections => {
                    if !w.reflections_on {
                        return Err(FieldError::new(
                            "group",
                            "this group's leaders have not turned on reflections",
                        ));
                    }
                    Act::Reflect
                }
                _ => return Ok(()),
            };
            may(w.role, act)?;
            if flag(after, "hidden") && !leads {
                return Err(FieldError::new(
                    "hidden",
                    "only the group's leaders may hide a post",
                ));
            }
            Ok(())
        }
        (Some(before), Some(after)) => {
            if flag(before, "hidden") != flag(after, "hidden") {
                may(w.role, Act::Moderate).map_err(|e| FieldError::new("hidden", e.message))?;
            }
            if w.table == Table::GroupRequests && audience(before) != audience(after) {
                return Err(FieldError::new(
                    "audience",
                    "who sees a request is chosen when it is posted: post it again to change it",
                ));
            }
            let changed_beyond_hidden = before
                .iter()
                .chain(after.iter())
                .any(|(k, _)| k != "hidden" && before.get(k) != after.get(k));
            if changed_beyond_hidden && !wrote(w.table, before, w.me) {
                return Err(FieldError::new("id", "only its writer may change a post"));
            }
            Ok(())
        }
        (Some(before), None) => {
            if wrote(w.table, before, w.me) {
                Ok(())
            } else {
                may(w.role, Act::Moderate)
            }
        }
    }
}

/// What `role` (with member id `me`) is sent of a shared record: none when
/// they may not see it (their devices are told to delete it), else its
/// fields, without who wrote it where that is not theirs to know. `parent`
/// is the live request an update or a prayer belongs to.
pub fn shown(
    table: Table,
    role: Option<Role>,
    me: Option<&str>,
    fields: &Fields,
    parent: Option<&Fields>,
) -> Option<Fields> {
    role?;
    let leads = role.is_some_and(Role::leads);
    let mine = wrote(table, fields, me);
    let visible = match table {
        Table::GroupRequests => sees(role, audience(fields), flag(fields, "hidden"), mine),
        Table::GroupUpdates | Table::GroupPrayers => parent.is_some_and(|p| {
            sees(
                role,
                audience(p),
                flag(p, "hidden"),
                wrote(Table::GroupRequests, p, me),
            )
        }),
        Table::GroupReflections => !flag(fields, "hidden") || leads || mine,
        Table::GroupReports => leads || mine,
        _ => false,
    };
    if !visible {
        return None;
    }
    let mut out = fields.clone();
    let hide_author = match table {
        // Members see a request posted without a name without it.
        Table::GroupRequests => flag(fields, "anonymous") && !leads && !mine,
        // An update is the asker's (its request says who, or not); a
        // prayer shows only the name its maker chose to show.
        Table::GroupUpdates | Table::GroupPrayers => !mine,
        _ => false,
    };
    if hide_author {
        for field in stamped(table) {
            out.insert((*field).to_string(), Value::Null);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn f(v: Value) -> Fields {
        v.as_object().cloned().expect("object")
    }

    fn request(extra: Value) -> Fields {
        let mut r = f(
            json!({"groupId": "g", "title": "Healing", "audience": "group",
            "anonymous": false, "authorId": "ann", "authorName": "Ann", "hidden": false}),
        );
        r.extend(f(extra));
        r
    }

    fn write<'a>(table: Table, role: Option<Role>, me: &'a str) -> Write<'a> {
        Write {
            table,
            role,
            me: Some(me),
            before: None,
            after: None,
            parent: None,
            reflections_on: false,
        }
    }

    #[test]
    fn members_post_and_strangers_or_the_removed_may_write_nothing() {
        let r = request(json!({}));
        let new = Write {
            after: Some(&r),
            ..write(Table::GroupRequests, Some(Role::Member), "ann")
        };
        assert_eq!(judge(new), Ok(()));
        let stranger = Write { role: None, ..new };
        assert_eq!(judge(stranger).expect_err("refused").field, "group");
        let hidden = request(json!({"hidden": true}));
        let hiding = Write {
            after: Some(&hidden),
            ..new
        };
        assert_eq!(judge(hiding).expect_err("refused").field, "hidden");
    }

    #[test]
    fn only_the_writer_edits_a_post_and_leaders_hide_or_delete_any() {
        let before = request(json!({}));
        let edited = request(json!({"title": "Healing for my mother"}));
        let mut w = write(Table::GroupRequests, Some(Role::Member), "ann");
        w.before = Some(&before);
        w.after = Some(&edited);
        assert_eq!(judge(w), Ok(()));
        w.me = Some("ben");
        assert_eq!(
            judge(w).expect_err("refused").message,
            "only its writer may change a post"
        );
        w.role = Some(Role::Leader);
        assert!(judge(w).is_err(), "a leader hides, never rewrites");
        let hidden = request(json!({"hidden": true}));
        w.after = Some(&hidden);
        assert_eq!(judge(w), Ok(()));
        w.role = Some(Role::Member);
        assert_eq!(judge(w).expect_err("refused").field, "hidden");
        // Deleting: the writer, or a leader.
        let mut d = write(Table::GroupRequests, Some(Role::Member), "ben");
        d.before = Some(&before);
        assert!(judge(d).is_err());
        d.role = Some(Role::Leader);
        assert_eq!(judge(d), Ok(()));
        d.role = Some(Role::Member);
        d.me = Some("ann");
        assert_eq!(judge(d), Ok(()));
        // Who sees it is fixed once posted.
        let narrowed = request(json!({"audience": "leaders"}));
        let mut a = write(Table::GroupRequests, Some(Role::Member), "ann");
        a.before = Some(&before);
        a.after = Some(&narrowed);
        assert_eq!(judge(a).expect_err("refused").field, "audience");
    }

    #[test]
    fn news_is_the_askers_and_prayers_need_a_request_one_can_see() {
        let parent = request(json!({}));
        let update = f(json!({"groupId": "g", "requestId": "request:g:1", "text": "Better"}));
        let mut w = write(Table::GroupUpdates, Some(Role::Member), "ben");
        w.after = Some(&update);
        w.parent = Some(&parent);
        assert_eq!(judge(w).expect_err("refused").field, "requestId");
        w.me = Some("ann");
        assert_eq!(judge(w), Ok(()));
        let prayer =
            f(json!({"groupId": "g", "requestId": "request:g:1", "prayedOn": "2026-12-01"}));
        let mut p = write(Table::GroupPrayers, Some(Role::Member), "ben");
        p.after = Some(&prayer);
        p.parent = Some(&parent);
        assert_eq!(judge(p), Ok(()));
        let for_leaders = request(json!({"audience": "leaders"}));
        p.parent = Some(&for_leaders);
        assert_eq!(judge(p).expect_err("refused").field, "requestId");
        p.parent = None;
        assert!(judge(p).is_err(), "a deleted request takes no prayers");
    }

    #[test]
    fn reflections_wait_for_the_leaders_to_turn_them_on() {
        let r = f(json!({"groupId": "g", "date": "2026-12-01", "text": "Grace"}));
        let mut w = write(Table::GroupReflections, Some(Role::Member), "ann");
        w.after = Some(&r);
        assert_eq!(judge(w).expect_err("refused").field, "group");
        w.reflections_on = true;
        assert_eq!(judge(w), Ok(()));
    }

    #[test]
    fn each_member_is_sent_what_they_may_see_and_no_name_they_may_not() {
        let open = request(json!({}));
        let quiet = request(json!({"anonymous": true}));
        let leaders = request(json!({"audience": "leaders"}));
        let hidden = request(json!({"hidden": true}));
        let member = Some(Role::Member);
        let leader = Some(Role::Leader);
        let seen =
            |fields: &Fields, role, me| shown(Table::GroupRequests, role, Some(me), fields, None);
        assert_eq!(seen(&open, member, "ben"), Some(open.clone()));
        assert_eq!(seen(&open, None, "ben"), None, "a stranger is sent nothing");
        let q = seen(&quiet, member, "ben").expect("shown");
        assert_eq!(
            (q["authorId"].clone(), q["authorName"].clone()),
            (Value::Null, Value::Null)
        );
        assert_eq!(seen(&quiet, leader, "cy"), Some(quiet.clone()));
        assert_eq!(
            seen(&quiet, member, "ann"),
            Some(quiet.clone()),
            "the writer sees their name"
        );
        assert_eq!(seen(&leaders, member, "ben"), None);
        assert_eq!(seen(&leaders, member, "ann"), Some(leaders.clone()));
        assert_eq!(seen(&leaders, leader, "cy"), Some(leaders.clone()));
        assert_eq!(seen(&hidden, member, "ben"), None);
        assert!(seen(&hidden, member, "ann").is_some());
        // A prayer follows its request, and shows who only to themselves.
        let prayer = f(json!({"groupId": "g", "requestId": "r", "memberId": "ben", "name": null}));
        let p = shown(
            Table::GroupPrayers,
            member,
            Some("dee"),
            &prayer,
            Some(&open),
        )
        .expect("shown");
        assert_eq!(p["memberId"], Value::Null);
        let own = shown(
            Table::GroupPrayers,
            member,
            Some("ben"),
            &prayer,
            Some(&open),
        )
        .expect("shown");
        assert_eq!(own["memberId"], "ben");
        assert_eq!(
            shown(
                Table::GroupPrayers,
                member,
                Some("dee"),
                &prayer,
                Some(&leaders)
            ),
            None
        );
        assert_eq!(
            shown(Table::GroupPrayers, member, Some("dee"), &prayer, None),
            None
        );
        // Reports reach leaders (and the one who made them).
        let report = f(json!({"groupId": "g", "postId": "r", "reporterId": "ben"}));
        assert_eq!(
            shown(Table::GroupReports, member, Some("dee"), &report, None),
            None
        );
        assert!(shown(Table::GroupReports, leader, Some("cy"), &report, None).is_some());
    }
}
