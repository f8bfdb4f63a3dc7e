//! Choosing recipes for a run of days: only allowed recipes, the ones that
//! suit the person first, in an order fixed by a seed, going round so that no
//! recipe comes back within a week when there are seven or more to choose from.

use super::catalogue::{Catalogue, Meal, Recipe};
use super::diet::Exclusions;

/// A small, stable pseudo-random sequence (SplitMix64) from a text seed: the
/// same seed gives the same plan on the server and in the browser.
#[derive(Debug, Clone)]
pub struct Seeded(u64);

impl Seeded {
    pub fn new(seed: &str) -> Seeded {
        Seeded(seed.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        }))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// Days within which a recipe does not come back (when there are enough).
pub const NO_REPEAT_DAYS: usize = 7;

/// The recipes for `meal` in the order they will be served, going round.
/// `score` says how well a recipe suits the person (0: not especially); the
/// best-suited are kept, at least `NO_REPEAT_DAYS` of them when there are.
pub fn rota<'a>(
    catalogue: &'a Catalogue,
    meal: Meal,
    exclusions: &Exclusions,
    score: impl Fn(&Recipe) -> u32,
    rng: &mut Seeded,
) -> Vec<&'a Recipe> {
    let mut pool: Vec<(u32, u64, &Recipe)> = catalogue
        .recipes
        .iter()
        .filter(|r| r.meal == meal && exclusions.allows_recipe(catalogue, r))
        .map(|r| (score(r), rng.next_u64(), r))
        .collect();
    crate::order::sort_by(&mut pool, |a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let suited = pool.iter().filter(|(s, _, _)| *s > 0).count();
    pool.truncate(suited.max(NO_REPEAT_DAYS));
    let mut chosen: Vec<&Recipe> = pool.into_iter().map(|(_, _, r)| r).collect();
    rng.shuffle(&mut chosen);
    chosen
}

/// The recipe of day `day` (from 1) in a rota, if there is any recipe at all.
pub fn on_day<'a>(rota: &[&'a Recipe], day: usize) -> Option<&'a Recipe> {
    (!rota.is_empty()).then(|| rota[(day - 1) % rota.len()])
}
