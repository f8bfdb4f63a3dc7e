//! Farms and trails near a US ZIP code, from OpenStreetMap (ODbL).
//!
//! # Layout
//! - `zips`: the ZIP codes' centres, cities and states (GeoNames, embedded).
//! - `geo`: great-circle distances and the box a radius covers.
//! - `shapes`: the answers, with the spec's field names.
//! - `osm`: which elements are farms and trails, and the fields their tags give.
//! - `assemble`: named ways joined into trails, reserves measured to their paths.
//! - `stored`: the places in the database and the radius search (R*Tree).
//! - `import`: reading an extract (`manna-server import-places FILE.osm.pbf`).
//! - `live`: asking the Overpass API about an area.
//! - `asking`: the live source's queue: one query an area, a few waiting,
//!   failures remembered, a deadline for every search.
//! - `search`: the places near a ZIP code, from the store or asked live.

pub mod asking;
pub mod assemble;
pub mod geo;
pub mod import;
pub mod live;
pub mod osm;
pub mod search;
pub mod shapes;
pub mod stored;
pub mod zips;

pub use shapes::{Attribution, Farm, FarmSearch, MapTiles, PlaceData, Trail, TrailSearch};
pub use zips::ZipPlace;

/// The map tiles the configuration names.
pub fn map_tiles(config: &crate::config::Config) -> MapTiles {
    MapTiles {
        url: config.map_tiles.clone(),
        attribution: config.map_attribution.clone(),
    }
}

/// The credit every answer carries: OpenStreetMap's data is under the ODbL.
pub fn attribution() -> Attribution {
    Attribution {
        text: "Map data © OpenStreetMap contributors, under the Open Database License".into(),
        url: "https://www.openstreetmap.org/copyright".into(),
    }
}

use crate::error::AppError;

/// The farm search's radius in miles: 25 when absent or not a number; the
/// page offers 10, 25, 50 and 100 and doubles the radius of an empty search,
/// so up to 200.
pub fn farm_radius(value: Option<&str>) -> Result<u32, AppError> {
    match value.map(str::trim).and_then(|v| v.parse::<f64>().ok()) {
        None => Ok(25),
        Some(r) if (1.0..=200.0).contains(&r) => Ok(r.round() as u32),
        Some(_) => Err(AppError::BadRequest(
            "radius: must be between 1 and 200 miles".into(),
        )),
    }
}

/// The trail search's radius in miles: 1 to 100, 25 when absent or not a number.
pub fn trail_radius(value: Option<&str>) -> Result<f64, AppError> {
    match value.map(str::trim).and_then(|v| v.parse::<f64>().ok()) {
        None => Ok(25.0),
        Some(r) if (1.0..=100.0).contains(&r) => Ok(r),
        Some(_) => Err(AppError::BadRequest(
            "radius: must be between 1 and 100 miles".into(),
        )),
    }
}
