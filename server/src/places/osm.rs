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
    let grade = difficulty(tags);
    let place = Place::Trail(Trail {
        id: format!("{osm_type}/{osm_id}"),
        name: name(tags)?,
        address: address(tags),
        city: text(tags, &["addr:city"]),
        state: text(tags, &["addr:state"]),
        zip_code: text(tags, &["addr:postcode"]),
        difficulty: grade,
        difficulty_label: grade.map(|d| super::shapes::difficulty_label(d).into()),
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
pub(crate) mod tests {
    use super::*;

    /// Tags from pairs, for the tests of the places module.
    pub(crate) fn tags(pairs: &[(&str, &str)]) -> Tags {
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
