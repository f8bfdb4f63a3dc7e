//! Distances on the Earth: great-circle miles between points, the box a
//! radius covers, a line's length.

/// A point: latitude and longitude in degrees.
pub type Point = (f64, f64);

/// The Earth's mean radius, in miles.
const EARTH_MILES: f64 = 3958.8;

/// Great-circle distance in miles (the haversine formula).
pub fn miles(a: Point, b: Point) -> f64 {
    let (lat1, lat2) = (a.0.to_radians(), b.0.to_radians());
    let dlat = lat2 - lat1;
    let dlon = (b.1 - a.1).to_radians();
    let h = (dlat / 2.0).sin().powi(2) + lat1.cos() * lat2.cos() * (dlon / 2.0).sin().powi(2);
    2.0 * EARTH_MILES * h.sqrt().min(1.0).asin()
}

/// The nearest of `points` to `from`, and its great-circle distance. The
/// nearest is chosen on a flat projection around `from` (exact enough at a
/// finder's distances, and far cheaper than a haversine per point).
pub fn nearest(from: Point, points: impl IntoIterator<Item = Point>) -> Option<(f64, Point)> {
    let squash = from.0.to_radians().cos();
    let flat = |p: Point| {
        let (dy, dx) = (p.0 - from.0, (p.1 - from.1) * squash);
        dy * dy + dx * dx
    };
    let best = points
        .into_iter()
        .map(|p| (flat(p), p))
        .min_by(|a, b| a.0.total_cmp(&b.0))?
        .1;
    Some((miles(from, best), best))
}

/// The box (min lat, max lat, min lon, max lon) holding every point within
/// `radius` miles of `centre` (a little larger, never smaller).
pub fn radius_box(centre: Point, radius: f64) -> (f64, f64, f64, f64) {
    let dlat = (radius / EARTH_MILES).to_degrees() * 1.001;
    let cos = centre.0.abs().min(89.0).to_radians().cos();
    let dlon = (dlat / cos).min(180.0);
    (
        centre.0 - dlat,
        centre.0 + dlat,
        centre.1 - dlon,
        centre.1 + dlon,
    )
}

/// The box around `points`.
pub fn bounds(points: &[Point]) -> (f64, f64, f64, f64) {
    points.iter().fold(
        (f64::MAX, f64::MIN, f64::MAX, f64::MIN),
        |(a, b, c, d), &(lat, lon)| (a.min(lat), b.max(lat), c.min(lon), d.max(lon)),
    )
}

/// The length of a line through `points`, in miles.
pub fn length(points: &[Point]) -> f64 {
    points.windows(2).map(|w| miles(w[0], w[1])).sum()
}

/// Whether `p` lies inside the area the closed `rings` outline (even-odd:
/// a point inside two rings, an outer and a hole, is outside).
pub fn inside(p: Point, rings: &[Vec<Point>]) -> bool {
    let mut odd = false;
    for ring in rings {
        for w in ring.windows(2) {
            let (a, b) = (w[0], w[1]);
            if (a.0 > p.0) != (b.0 > p.0) {
                let lon = a.1 + (p.0 - a.0) / (b.0 - a.0) * (b.1 - a.1);
                if p.1 < lon {
                    odd = !odd;
                }
            }
        }
    }
    odd
}

/// The stretches of `line` that run inside the area of `rings`.
pub fn runs_inside(line: &[Point], rings: &[Vec<Point>]) -> Vec<Vec<Point>> {
    let mut runs = Vec::new();
    let mut run = Vec::new();
    for &p in line {
        if inside(p, rings) {
            run.push(p);
        } else if !run.is_empty() {
            runs.push(std::mem::take(&mut run));
        }
    }
    if !run.is_empty() {
        runs.push(run);
    }
    runs
}

/// At most `max` of `points`, evenly spread, the first and last kept.
pub fn thin(points: Vec<Point>, max: usize) -> Vec<Point> {
    if points.len() <= max || max < 2 {
        return points;
    }
    let last = points.len() - 1;
    (0..max).map(|i| points[i * last / (max - 1)]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_degree_of_latitude_is_about_69_miles() {
        let d = miles((40.0, -83.0), (41.0, -83.0));
        assert!((d - 69.09).abs() < 0.05, "{d}");
        assert_eq!(miles((40.0, -83.0), (40.0, -83.0)), 0.0);
    }

    #[test]
    fn the_radius_box_holds_every_point_of_the_radius() {
        let centre = (39.96, -83.0);
        let (a, b, c, d) = radius_box(centre, 25.0);
        for bearing in 0..360 {
            let t = f64::from(bearing).to_radians();
            // A point 25 miles away in this direction (small-distance approximation, pulled in a hair).
            let p = (
                centre.0 + 24.9 / 69.09 * t.cos(),
                centre.1 + 24.9 / (69.09 * centre.0.to_radians().cos()) * t.sin(),
            );
            assert!(miles(centre, p) <= 25.0);
            assert!(p.0 >= a && p.0 <= b && p.1 >= c && p.1 <= d, "{bearing}");
        }
    }

    #[test]
    fn a_point_is_inside_an_outline_but_not_its_hole() {
        let square = |a: f64, b: f64| vec![(a, a), (a, b), (b, b), (b, a), (a, a)];
        let rings = vec![square(0.0, 10.0), square(4.0, 6.0)];
        assert!(inside((1.0, 1.0), &rings));
        assert!(!inside((5.0, 5.0), &rings), "in the hole");
        assert!(!inside((11.0, 5.0), &rings));
        let line = vec![(-1.0, 1.0), (1.0, 1.0), (2.0, 1.0), (11.0, 1.0), (3.0, 2.0)];
        assert_eq!(
            runs_inside(&line, &rings),
            vec![vec![(1.0, 1.0), (2.0, 1.0)], vec![(3.0, 2.0)]]
        );
    }

    #[test]
    fn thinning_keeps_the_ends() {
        let line: Vec<Point> = (0..10).map(|i| (f64::from(i), 0.0)).collect();
        let thin = thin(line, 4);
        assert_eq!(thin, vec![(0.0, 0.0), (3.0, 0.0), (6.0, 0.0), (9.0, 0.0)]);
    }
}
