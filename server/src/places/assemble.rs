//! Putting OpenStreetMap's pieces together into trails, for an extract and
//! the live source alike: named ways of one name joined end to end, and
//! nature reserves measured to the paths that run inside them.

use super::geo::{self, Point};
use super::osm::{Located, Place, Tags, trail};
use std::collections::{BTreeMap, HashMap, HashSet};

/// A named way: its id, tags, node ids and what the caller keeps of it.
pub type NamedWay<L> = (i64, Tags, Vec<i64>, L);

/// Joins named paths into trails: ways of one name that share an end node
/// are one trail, named after its lowest way id.
pub fn join_paths<L: Clone>(paths: Vec<NamedWay<L>>) -> Vec<(i64, Tags, Vec<L>)> {
    let mut by_name: BTreeMap<String, Vec<NamedWay<L>>> = BTreeMap::new();
    for p in paths {
        let name = p.1.get("name").cloned().unwrap_or_default();
        by_name.entry(name).or_default().push(p);
    }
    let ends = |w: &NamedWay<L>| {
        [w.2.first().copied(), w.2.last().copied()]
            .into_iter()
            .flatten()
    };
    let mut trails = Vec::new();
    for (_, mut ways) in by_name {
        ways.sort_by_key(|w| w.0);
        let mut used = vec![false; ways.len()];
        for start in 0..ways.len() {
            if used[start] {
                continue;
            }
            used[start] = true;
            let mut reached: HashSet<i64> = ends(&ways[start]).collect();
            let mut members = vec![start];
            let mut grew = true;
            while grew {
                grew = false;
                for (i, w) in ways.iter().enumerate() {
                    if !used[i] && ends(w).any(|n| reached.contains(&n)) {
                        used[i] = true;
                        reached.extend(ends(w));
                        members.push(i);
                        grew = true;
                    }
                }
            }
            let (id, tags, ..) = &ways[start];
            trails.push((
                *id,
                tags.clone(),
                members.iter().map(|&i| ways[i].3.clone()).collect(),
            ));
        }
    }
    trails
}

/// A nature reserve outlined by `rings`, measured to the stretches of
/// `paths` inside it; none when no path runs inside.
pub fn reserve(
    osm_type: &str,
    osm_id: i64,
    tags: &Tags,
    rings: &[Vec<Point>],
    paths: &[Vec<Point>],
) -> Option<Located> {
    let inside: Vec<Vec<Point>> = paths
        .iter()
        .flat_map(|p| geo::runs_inside(p, rings))
        .collect();
    if inside.is_empty() {
        return None;
    }
    let (mut place, points) = trail(osm_type, osm_id, tags, &inside)?;
    if let Place::Trail(t) = &mut place {
        let mut features = vec!["Nature reserve".to_string()];
        features.extend(t.features.take().unwrap_or_default());
        t.features = Some(features);
    }
    Some((place, points))
}

/// A reserve as read: its element type and id, its tags and its outline.
pub type Outlined = (&'static str, i64, Tags, Vec<Vec<Point>>);

/// The reserves with paths inside, each measured to its paths. The paths are
/// found through a grid of their first points (0.05 degree cells), so each
/// reserve looks only at the paths that start near it.
pub fn reserves_with_paths(reserves: &[Outlined], walkways: &[Vec<Point>]) -> Vec<Located> {
    const CELL: f64 = 0.05;
    let cell = |p: Point| ((p.0 / CELL).floor() as i64, (p.1 / CELL).floor() as i64);
    let mut grid: HashMap<(i64, i64), Vec<usize>> = HashMap::new();
    for (i, w) in walkways.iter().enumerate() {
        if let Some(&first) = w.first() {
            grid.entry(cell(first)).or_default().push(i);
        }
    }
    let mut found = Vec::new();
    for (osm_type, id, tags, rings) in reserves {
        let all: Vec<Point> = rings.concat();
        if all.is_empty() {
            continue;
        }
        let (a, b, c, d) = geo::bounds(&all);
        let ((y0, x0), (y1, x1)) = (cell((a, c)), cell((b, d)));
        // A path may start a cell away from the reserve and run into it.
        let near: Vec<Vec<Point>> = (y0 - 1..=y1 + 1)
            .flat_map(|y| (x0 - 1..=x1 + 1).map(move |x| (y, x)))
            .filter_map(|k| grid.get(&k))
            .flatten()
            .map(|&i| walkways[i].clone())
            .collect();
        found.extend(reserve(osm_type, *id, tags, rings, &near));
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::places::osm::tests::tags;

    #[test]
    fn a_nature_reserve_is_a_trail_only_with_paths_inside() {
        let t = tags(&[
            ("leisure", "nature_reserve"),
            ("name", "Oak Hollow Preserve"),
        ]);
        assert!(super::super::osm::is_reserve(&t));
        assert!(!super::super::osm::is_reserve(&tags(&[
            ("leisure", "nature_reserve"),
            ("name", "Closed"),
            ("access", "private")
        ])));
        let outline = vec![vec![
            (40.0, -83.0),
            (40.0, -82.9),
            (40.1, -82.9),
            (40.1, -83.0),
            (40.0, -83.0),
        ]];
        let outside = vec![vec![(41.0, -83.0), (41.1, -83.0)]];
        assert!(reserve("way", 5, &t, &outline, &outside).is_none());
        let path = vec![(40.05, -83.1), (40.05, -82.95), (40.06, -82.95)];
        let (Place::Trail(trail), points) =
            reserve("way", 5, &t, &outline, &[path]).expect("a trail")
        else {
            panic!()
        };
        assert_eq!(
            points,
            vec![(40.05, -82.95), (40.06, -82.95)],
            "only the stretch inside"
        );
        assert_eq!(
            trail
                .features
                .as_ref()
                .and_then(|f| f.first())
                .map(String::as_str),
            Some("Nature reserve")
        );
        assert!(super::super::osm::is_walkway(&tags(&[(
            "highway", "footway"
        )])));
        assert!(!super::super::osm::is_walkway(&tags(&[
            ("highway", "footway"),
            ("footway", "sidewalk")
        ])));
    }
}
