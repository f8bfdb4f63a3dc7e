//! Who belongs where in the simulation: groups made, joined by their code,
//! left, removed, led and deleted, as the people's REST calls do it.

use super::PEOPLE;
use super::World;
use super::checks::Place;
use manna_server::groups::NewGroup;
use manna_sync_protocol::groups::{GroupKind, Role};

impl World {
    pub(super) fn new_group(&mut self, owner: usize) -> String {
        let made = self
            .rt
            .block_on(self.groups.create(
                &self.people[owner],
                NewGroup {
                    name: format!("Group of {owner}"),
                    description: String::new(),
                    kind: GroupKind::SmallGroup,
                    display_name: format!("Person {owner}"),
                },
                self.now as i64,
            ))
            .expect("a group");
        let (_, code) = self
            .rt
            .block_on(self.groups.invite(
                &self.people[owner],
                &made.group.id,
                30,
                None,
                self.now as i64,
            ))
            .expect("an invitation");
        self.made.push((made.group.id.clone(), code));
        made.group.id
    }

    pub(super) fn join(&mut self, person: usize, group: &str) {
        if let Some((_, code)) = self.made.iter().find(|(g, _)| g == group).cloned() {
            // A deleted group's code admits no one: that is fine.
            let _ = self.rt.block_on(self.groups.join(
                &self.people[person],
                &code,
                &format!("Person {person}"),
                self.now as i64,
            ));
        }
    }

    /// Where `person` stands in each group, now.
    pub(super) fn places(&self, person: usize) -> Vec<Place> {
        self.rt
            .block_on(self.groups.mine(&self.people[person]))
            .expect("groups")
            .into_iter()
            .map(|(g, m, _)| Place {
                group: g.id,
                member: m.member_id,
                role: m.role,
            })
            .collect()
    }

    /// A change in who belongs where, made by the server's groups service as
    /// the people's REST calls make it.
    pub(super) fn membership(&mut self) {
        let groups: Vec<String> = self
            .made
            .iter()
            .map(|(g, _)| g.clone())
            .filter(|g| !self.deleted_groups.contains(g))
            .collect();
        let Some(group) = self.rng.pick(&groups).cloned() else {
            return;
        };
        let person = self.rng.below(PEOPLE as u64) as usize;
        let place = self.places(person).into_iter().find(|p| p.group == group);
        let owner = (0..PEOPLE).find(|&p| {
            self.places(p)
                .iter()
                .any(|pl| pl.group == group && pl.role == Role::Owner)
        });
        match (place, owner) {
            (None, _) => self.join(person, &group),
            (Some(place), Some(owner)) if place.role != Role::Owner => {
                let by = self.people[owner].clone();
                let _ = match self.rng.below(4) {
                    0 => self
                        .rt
                        .block_on(self.groups.remove(&by, &group, &place.member)),
                    1 => self
                        .rt
                        .block_on(self.groups.leave(&self.people[person], &group)),
                    _ => {
                        let role = if place.role == Role::Member {
                            Role::Leader
                        } else {
                            Role::Member
                        };
                        self.rt
                            .block_on(self.groups.appoint(&by, &group, &place.member, role))
                            .map(|_| ())
                    }
                };
            }
            (Some(place), _) if place.role == Role::Owner && self.rng.chance(10) => {
                self.rt
                    .block_on(self.groups.delete(&self.people[person], &group))
                    .expect("deleted");
                self.deleted_groups.insert(group);
                // And a new group in its place, for the rest of the run.
                let group = self.new_group(person);
                self.join((person + 1) % PEOPLE, &group);
            }
            _ => {}
        }
    }
}
