//! The finders' answers, with the spec's field names. A field OpenStreetMap
//! does not give is null (and the app leaves its part of the card out);
//! `rating` and `reviewCount` are always null: OpenStreetMap has no ratings.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A farm shop or farmers' market.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Farm {
    /// The OpenStreetMap element: `node/123`, `way/45` or `relation/6`.
    pub id: String,
    pub name: String,
    /// What the place is: "Farm shop" or "Farmers' market".
    pub category: String,
    /// True only where the tags say it sells organic food only (`organic=only`).
    pub is_organic_certified: bool,
    pub address: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub zip_code: Option<String>,
    /// Miles from the ZIP code's centre (great-circle); null in a name search.
    pub distance: Option<f64>,
    /// The distance as the card shows it: miles to one decimal ("3.2 miles").
    pub distance_label: Option<String>,
    pub description: Option<String>,
    pub products: Option<Vec<String>>,
    pub operating_hours: Option<String>,
    pub accepts_credit: Option<bool>,
    #[serde(rename = "acceptsSNAP")]
    #[ts(rename = "acceptsSNAP")]
    pub accepts_snap: Option<bool>,
    #[serde(rename = "acceptsWIC")]
    #[ts(rename = "acceptsWIC")]
    pub accepts_wic: Option<bool>,
    pub phone: Option<String>,
    pub website: Option<String>,
    pub email: Option<String>,
    pub latitude: f64,
    pub longitude: f64,
}

/// A hiking route or a named path.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Trail {
    /// The OpenStreetMap element: `relation/6`, or `way/45` (the first way of a named path).
    pub id: String,
    pub name: String,
    pub address: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub zip_code: Option<String>,
    /// 1 (easy) to 3 (difficult), from the SAC hiking scale (`sac_scale`).
    pub difficulty: Option<u8>,
    /// "Easy" (up to 1), "Moderate" (up to 2) or "Difficult".
    pub difficulty_label: Option<String>,
    pub rating: Option<f64>,
    pub review_count: Option<u32>,
    /// Miles from the ZIP code's centre to the trail's nearest point.
    pub distance: Option<f64>,
    /// The distance as the card shows it: feet under a mile ("2112 ft"),
    /// else miles to one decimal ("3.2 miles").
    pub distance_label: Option<String>,
    pub surface: Option<String>,
    /// Feet above sea level (`ele`).
    pub elevation: Option<f64>,
    pub hours: Option<String>,
    pub description: Option<String>,
    pub facilities: Option<Vec<String>>,
    pub features: Option<Vec<String>>,
    pub dog_friendly: Option<bool>,
    pub wheelchair_accessible: Option<bool>,
    pub biking_allowed: Option<bool>,
    pub phone: Option<String>,
    pub website: Option<String>,
    /// The trail's point nearest the ZIP's centre (its first point in a name search).
    pub latitude: f64,
    pub longitude: f64,
}

/// Who the places' data belongs to, shown under every list.
#[derive(Debug, Clone, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Attribution {
    pub text: String,
    pub url: String,
}

/// Where the answer's places came from, so the page can say when no place
/// data is set up here, or how old what it shows is.
#[derive(Debug, Clone, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlaceData {
    /// False when nothing is imported and no live source is set: the page
    /// says so instead of "nothing found".
    pub configured: bool,
    /// When the places searched were last loaded (ISO 8601), if ever.
    pub updated_at: Option<String>,
    /// True when the live source failed and these are the places it gave
    /// before (as of `updatedAt`).
    pub stale: bool,
}

/// The map drawn under the results: its tiles (`{z}/{x}/{y}`, `{s}` for a
/// subdomain) and their credit.
#[derive(Debug, Clone, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MapTiles {
    pub url: String,
    pub attribution: String,
}

/// `GET /api/farms/search/{zip}` and `GET /api/farms/search?search=`.
#[derive(Debug, Clone, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FarmSearch {
    pub farms: Vec<Farm>,
    pub zip: Option<String>,
    pub radius: Option<u32>,
    /// The ZIP code searched around (none in a name search).
    pub center: Option<super::ZipPlace>,
    pub attribution: Attribution,
    pub data: PlaceData,
    pub map: MapTiles,
}

/// `GET /api/trails/search/{zip}`.
#[derive(Debug, Clone, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrailSearch {
    pub trails: Vec<Trail>,
    pub zip: String,
    pub radius: f64,
    /// The ZIP code searched around.
    pub center: super::ZipPlace,
    pub attribution: Attribution,
    pub data: PlaceData,
    pub map: MapTiles,
}

/// Miles to one decimal, as a card shows a farm's distance.
pub fn miles_label(miles: f64) -> String {
    format!("{miles:.1} miles")
}

/// A trail's distance as its card shows it: feet under a mile (from the
/// exact `miles`), else the `rounded` miles.
pub fn trail_distance_label(miles: f64, rounded: f64) -> String {
    if miles < 1.0 {
        format!("{} ft", (miles * 5280.0).round())
    } else {
        miles_label(rounded)
    }
}

/// The spec's words for a trail's difficulty number.
pub fn difficulty_label(difficulty: u8) -> &'static str {
    match difficulty {
        0 | 1 => "Easy",
        2 => "Moderate",
        _ => "Difficult",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_and_difficulty_read_as_the_spec_says() {
        assert_eq!(trail_distance_label(0.4, 0.4), "2112 ft");
        assert_eq!(trail_distance_label(1.04, 1.0), "1.0 miles");
        assert_eq!(miles_label(3.3), "3.3 miles");
        assert_eq!(
            [1, 2, 3].map(difficulty_label),
            ["Easy", "Moderate", "Difficult"]
        );
    }
}
