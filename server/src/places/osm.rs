//! What Manna keeps of OpenStreetMap: which elements are farms and trails,
//! and the spec's fields their tags give. One mapping for both sources (an
//! imported extract and the live Overpass API); only what the tags say.
//!
//! Farms: farm shops (`shop=farm`) and farmers' markets (`amenity=marketplace`
//! tagged `marketplace=farmers`, or named as a farmers' market), with a name.
//! Trails: named hiking and walking routes (`type=route`, `route=hiking` or
//! `foot`), named paths and tracks (`highway=path` or `track`) that are not
//! part of such a route, and named nature reserves (`leisure=nature_reserve`)
//! with paths inside (`highway=path`, `footway` or `track`, sidewalks and
//! crossings aside), measured to those paths.

use super::geo::{self, Point};
use super::shapes::{Farm, Trail};
use std::collections::BTreeMap;

/// An element's tags.
pub type Tags = BTreeMap<String, String>;

/// What a place is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlaceKind {
    Farm,
    Trail,
}

impl PlaceKind {
    pub fn key(self) -> &'static str {
        match self {
            PlaceKind::Farm => "farm",
            PlaceKind::Trail => "trail",
        }
    }
}

/// A place as it is stored: its element, its answer (without a distance)
/// and the points its distance is measured to.
#[derive(Debug, Clone, PartialEq)]
pub enum Place {
    Farm(Farm),
    Trail(Trail),
}

/// A place with the points its distance is measured to.
pub type Located = (Place, Vec<Point>);

/// The most points kept of a trail's line.
pub const MAX_POINTS: usize = 2000;

impl Place {
    pub fn kind(&self) -> PlaceKind {
        match self {
            Place::Farm(_) => PlaceKind::Farm,
            Place::Trail(_) => PlaceKind::Trail,
        }
    }

    pub fn id(&self) -> &str {
        match self {
            Place::Farm(f) => &f.id,
            Place::Trail(t) => &t.id,
        }
    }

    pub fn name(&self) -> &str {
        match self {
            Place::Farm(f) => &f.name,
            Place::Trail(t) => &t.name,
        }
    }
}

fn tag<'a>(tags: &'a Tags, keys: &[&str]) -> Option<&'a str> {
    keys.iter()
        .find_map(|k| tags.get(*k))
        .map(|v| v.trim())
        .filter(|v| !v.is_empty())
}

fn text(tags: &Tags, keys: &[&str]) -> Option<String> {
    tag(tags, keys).map(String::from)
}

/// `yes`-like → true, `no` → false, anything else (or nothing) → unknown.
fn yes_no(tags: &Tags, keys: &[&str], yes: &[&str], no: &[&str]) -> Option<bool> {
    let value = tag(tags, keys)?;
    if yes.contains(&value) {
        Some(true)
    } else if no.contains(&value) {
        Some(false)
    } else {
        None
    }
}

/// A `;`-separated list, underscores as spaces; none when empty.
fn list(tags: &Tags, keys: &[&str]) -> Option<Vec<String>> {
    let items: Vec<String> = tag(tags, keys)?
        .split(';')
        .map(|s| s.trim().replace('_', " "))
        .filter(|s| !s.is_empty())
        .collect();
    (!items.is_empty()).then_some(items)
}

/// A web address the card may link to: http(s) only, a bare domain given
/// `https://`; anything else (a `javascript:` address, words) is left out.
fn web(tags: &Tags, keys: &[&str]) -> Option<String> {
    let value = tag(tags, keys)?;
    let lower = value.to_ascii_lowercase();
    let url = if lower.starts_with("https://") || lower.starts_with("http://") {
        value.to_string()
    } else if !value.contains(':') && !value.contains(' ') && value.contains('.') {
        format!("https://{value}")
    } else {
        return None;
    };
    url::Url::parse(&url).ok().map(|_| url)
}

fn address(tags: &Tags) -> Option<String> {
    match (
        tag(tags, &["addr:housenumber"]),
        tag(tags, &["addr:street"]),
    ) {
        (Some(n), Some(s)) => Some(format!("{n} {s}")),
        (None, Some(s)) => Some(s.into()),
        _ => text(tags, &["addr:full"]),
    }
}

fn name(tags: &Tags) -> Option<String> {
    text(tags, &["name"])
}

/// Whether the element is a farm shop or a farmers' market, and which.
pub fn farm_category(tags: &Tags) -> Option<&'static str> {
    name(tags)?;
    if tags.get("shop").is_some_and(|v| v == "farm") {
        return Some("Farm shop");
    }
    let market = tags.get("amenity").is_some_and(|v| v == "marketplace");
    let farmers = tags.get("marketplace").is_some_and(|v| v == "farmers")
        || name(tags).is_some_and(|n| n.to_lowercase().contains("farmers"));
    (market && farmers).then_some("Farmers' market")
}

/// A farm at `point`, if the tags make the element one.
pub fn farm(osm_type: &str, osm_id: i64, tags: &Tags, point: Point) -> Option<Place> {
    let category = farm_category(tags)?;
    Some(Place::Farm(Farm {
        id: format!("{osm_type}/{osm_id}"),
        name: name(tags)?,
        category: category.into(),
        is_organic_certified: tags.get("organic").is_some_and(|v| v == "only"),
        address: address(tags),
        city: text(tags, &["addr:city"]),
        state: text(tags, &["addr:state"]),
        zip_code: text(tags, &["addr:postcode"]),
        distance: None,
        distance_label: None,
        description: text(tags, &["description"]),
        products: list(tags, &["produce", "products"]),
        operating_hours: text(tags, &["opening_hours"]),
        accepts_credit: yes_no(
            tags,
            &["payment:credit_cards", "payment:cards"],
            &["yes"],
            &["no"],
        ),
        accepts_snap: yes_no(tags, &["payment:snap", "payment:ebt"], &["yes"], &["no"]),
        accepts_wic: yes_no(tags, &["payment:wic"], &["yes"], &["no"]),
        phone: text(tags, &["phone", "contact:phone"]),
        website: web(tags, &["website", "contact:website", "url"]),
        email: text(tags, &["email", "contact:email"]),
        latitude: point.0,
        longitude: point.1,
    }))
}

/// A named hiking or walking route (a relation).
pub fn is_trail_route(tags: &Tags) -> bool {
    name(tags).is_some()
        && tags.get("type").is_some_and(|v| v == "route")
        && tags
            .get("route")
            .is_some_and(|v| v == "hiking" || v == "foot")
}

/// A named path or track (a way).
pub fn is_trail_way(tags: &Tags) -> bool {
    name(tags).is_some()
        && tags
            .get("highway")
            .is_some_and(|v| v == "path" || v == "track")
}

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
            let mut reached: std::collections::HashSet<i64> = ends(&ways[start]).collect();
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

/// A named nature reserve open to people.
pub fn is_reserve(tags: &Tags) -> bool {
    name(tags).is_some()
        && tags.get("leisure").is_some_and(|v| v == "nature_reserve")
        && !tags
            .get("access")
            .is_some_and(|v| v == "private" || v == "no")
}

/// A way people walk on, named or not (for the paths inside a reserve).
pub fn is_walkway(tags: &Tags) -> bool {
    tags.get("highway")
        .is_some_and(|v| v == "path" || v == "footway" || v == "track")
        && !tags
            .get("footway")
            .is_some_and(|v| v == "sidewalk" || v == "crossing")
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
    let mut grid: std::collections::HashMap<(i64, i64), Vec<usize>> =
        std::collections::HashMap::new();
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

/// 1 to 3 from the SAC hiking scale.
fn difficulty(tags: &Tags) -> Option<u8> {
    match tag(tags, &["sac_scale"])? {
        "hiking" => Some(1),
        "mountain_hiking" => Some(2),
        "demanding_mountain_hiking"
        | "alpine_hiking"
        | "demanding_alpine_hiking"
        | "difficult_alpine_hiking" => Some(3),
        _ => None,
    }
}

fn facilities(tags: &Tags) -> Option<Vec<String>> {
    let found: Vec<String> = [
        ("toilets", "Toilets"),
        ("drinking_water", "Drinking water"),
        ("shelter", "Shelter"),
        ("parking", "Parking"),
    ]
    .iter()
    .filter(|(k, _)| tags.get(*k).is_some_and(|v| v == "yes"))
    .map(|(_, label)| (*label).to_string())
    .collect();
    (!found.is_empty()).then_some(found)
}

fn features(tags: &Tags, lines: &[Vec<Point>]) -> Option<Vec<String>> {
    let mut found = Vec::new();
    let miles: f64 = lines.iter().map(|l| geo::length(l)).sum();
    if miles >= 0.05 {
        found.push(format!("{miles:.1} miles of trail"));
    }
    match tag(tags, &["network"]) {
        Some("iwn") => found.push("International hiking route".into()),
        Some("nwn") => found.push("National hiking route".into()),
        Some("rwn") => found.push("Regional hiking route".into()),
        Some("lwn") => found.push("Local hiking route".into()),
        _ => {}
    }
    if tags.get("roundtrip").is_some_and(|v| v == "yes") {
        found.push("Loop".into());
    }
    if tags.get("lit").is_some_and(|v| v == "yes") {
        found.push("Lit at night".into());
    }
    (!found.is_empty()).then_some(found)
}

/// A trail through `lines` (a route's ways, or a path's joined ways).
pub fn trail(
    osm_type: &str,
    osm_id: i64,
    tags: &Tags,
    lines: &[Vec<Point>],
) -> Option<(Place, Vec<Point>)> {
    let points = geo::thin(lines.concat(), MAX_POINTS);
    let first = *points.first()?;
    let place = Place::Trail(Trail {
        id: format!("{osm_type}/{osm_id}"),
        name: name(tags)?,
        address: address(tags),
        city: text(tags, &["addr:city"]),
        state: text(tags, &["addr:state"]),
        zip_code: text(tags, &["addr:postcode"]),
        difficulty: difficulty(tags),
        difficulty_label: difficulty(tags).map(|d| super::shapes::difficulty_label(d).into()),
        rating: None,
        review_count: None,
        distance: None,
        distance_label: None,
        surface: tag(tags, &["surface"]).map(|s| s.replace('_', " ")),
        elevation: tag(tags, &["ele"])
            .and_then(|e| e.trim_end_matches(" m").parse::<f64>().ok())
            .map(|m| (m * 3.28084).round()),
        hours: text(tags, &["opening_hours"]),
        description: text(tags, &["description"]),
        facilities: facilities(tags),
        features: features(tags, lines),
        dog_friendly: yes_no(tags, &["dog"], &["yes", "leashed", "designated"], &["no"]),
        wheelchair_accessible: yes_no(tags, &["wheelchair"], &["yes", "designated"], &["no"]),
        biking_allowed: yes_no(
            tags,
            &["bicycle"],
            &["yes", "designated", "permissive"],
            &["no", "dismount"],
        ),
        phone: text(tags, &["phone", "contact:phone"]),
        website: web(tags, &["website", "contact:website", "url"]),
        latitude: first.0,
        longitude: first.1,
    });
    Some((place, points))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags(pairs: &[(&str, &str)]) -> Tags {
        pairs
            .iter()
            .map(|(k, v)| ((*k).into(), (*v).into()))
            .collect()
    }

    #[test]
    fn a_farm_shop_keeps_only_what_its_tags_say() {
        let t = tags(&[
            ("shop", "farm"),
            ("name", "Hilltop Farm"),
            ("organic", "only"),
            ("produce", "vegetables;free_range eggs"),
            ("payment:snap", "yes"),
            ("payment:credit_cards", "no"),
            ("addr:housenumber", "12"),
            ("addr:street", "Mill Road"),
        ]);
        let Some(Place::Farm(f)) = farm("node", 7, &t, (40.0, -83.0)) else {
            panic!("a farm")
        };
        assert_eq!(f.id, "node/7");
        assert!(f.is_organic_certified);
        assert_eq!(
            f.products,
            Some(vec!["vegetables".into(), "free range eggs".into()])
        );
        assert_eq!(
            (f.accepts_snap, f.accepts_credit, f.accepts_wic),
            (Some(true), Some(false), None)
        );
        assert_eq!(f.address.as_deref(), Some("12 Mill Road"));
        assert_eq!(
            (f.phone, f.website, f.description, f.city),
            (None, None, None, None)
        );
    }

    #[test]
    fn only_named_farm_shops_and_farmers_markets_are_farms() {
        assert!(
            farm_category(&tags(&[("shop", "farm")])).is_none(),
            "no name"
        );
        assert!(
            farm_category(&tags(&[
                ("amenity", "marketplace"),
                ("name", "Flea Market")
            ]))
            .is_none()
        );
        assert_eq!(
            farm_category(&tags(&[
                ("amenity", "marketplace"),
                ("name", "Clintonville Farmers Market")
            ])),
            Some("Farmers' market")
        );
        let organic_yes = tags(&[("shop", "farm"), ("name", "A"), ("organic", "yes")]);
        let Some(Place::Farm(f)) = farm("way", 1, &organic_yes, (0.0, 0.0)) else {
            panic!()
        };
        assert!(!f.is_organic_certified, "organic=yes is not organic only");
    }

    #[test]
    fn a_trail_reads_its_difficulty_access_and_length() {
        let t = tags(&[
            ("type", "route"),
            ("route", "hiking"),
            ("name", "Ridge Loop"),
            ("sac_scale", "mountain_hiking"),
            ("dog", "leashed"),
            ("bicycle", "no"),
            ("roundtrip", "yes"),
        ]);
        let line = vec![(40.0, -83.0), (40.0145, -83.0)];
        let (Place::Trail(trail), points) = trail("relation", 9, &t, &[line]).expect("a trail")
        else {
            panic!()
        };
        assert_eq!(trail.difficulty, Some(2));
        assert_eq!(
            (
                trail.dog_friendly,
                trail.biking_allowed,
                trail.wheelchair_accessible
            ),
            (Some(true), Some(false), None)
        );
        assert_eq!(
            trail.features,
            Some(vec!["1.0 miles of trail".into(), "Loop".into()])
        );
        assert_eq!((trail.rating, trail.review_count), (None, None));
        assert_eq!(points.len(), 2);
        assert!(is_trail_route(&t) && !is_trail_way(&t));
        assert!(is_trail_way(&tags(&[
            ("highway", "path"),
            ("name", "Creek Path")
        ])));
        assert!(!is_trail_way(&tags(&[("highway", "path")])), "unnamed");
    }

    #[test]
    fn a_nature_reserve_is_a_trail_only_with_paths_inside() {
        let t = tags(&[
            ("leisure", "nature_reserve"),
            ("name", "Oak Hollow Preserve"),
        ]);
        assert!(is_reserve(&t));
        assert!(!is_reserve(&tags(&[
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
        assert!(is_walkway(&tags(&[("highway", "footway")])));
        assert!(!is_walkway(&tags(&[
            ("highway", "footway"),
            ("footway", "sidewalk")
        ])));
    }

    #[test]
    fn only_web_addresses_become_links() {
        let site = |v: &str| web(&tags(&[("website", v)]), &["website"]);
        assert_eq!(
            site("https://hilltop.example/").as_deref(),
            Some("https://hilltop.example/")
        );
        assert_eq!(
            site("www.hilltop.example").as_deref(),
            Some("https://www.hilltop.example")
        );
        assert_eq!(site("javascript:alert(1)"), None);
        assert_eq!(site("call us"), None);
    }
}
