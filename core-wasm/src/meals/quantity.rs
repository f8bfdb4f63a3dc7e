//! Amounts in recipes ("1 1/2 cups", "2 tbsp", "4 oz", "2 cloves") as exact
//! fractions, so that adding the week's amounts of an ingredient never drifts,
//! and their wording ("2 cups", "1 1/4 lb"). What a shopper buys of them is
//! `buying`'s.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A non-negative fraction, always in lowest terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Amount {
    num: u64,
    den: u64,
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

impl Amount {
    pub const ZERO: Amount = Amount { num: 0, den: 1 };

    pub fn new(num: u64, den: u64) -> Amount {
        let den = den.max(1);
        let g = gcd(num, den);
        Amount {
            num: num / g,
            den: den / g,
        }
    }

    pub fn whole(n: u64) -> Amount {
        Amount::new(n, 1)
    }

    pub fn times(self, num: u64, den: u64) -> Amount {
        Amount::new(self.num * num, self.den * den)
    }

    pub fn is_zero(self) -> bool {
        self.num == 0
    }

    /// Whether this is more than one (for plural words).
    pub fn more_than_one(self) -> bool {
        self.num > self.den
    }

    /// Whether it is written in halves, thirds or quarters at most, as a
    /// cook reads an amount ("1 1/3", not "1 3/8").
    pub fn reads_plainly(self) -> bool {
        matches!(self.den, 1..=4)
    }

    /// Rounded up to a whole number of `1/step`ths (what a shopper buys).
    pub fn round_up(self, step: u64) -> Amount {
        Amount::new((self.num * step).div_ceil(self.den), step)
    }

    /// Rounded down to a whole number of `1/step`ths.
    pub fn round_down(self, step: u64) -> Amount {
        Amount::new(self.num * step / self.den, step)
    }

    pub fn is_whole(self) -> bool {
        self.den == 1
    }

    /// What is left of this after `other`; none when `other` is more.
    pub fn minus(self, other: Amount) -> Amount {
        let (a, b) = (self.num * other.den, other.num * self.den);
        Amount::new(a.saturating_sub(b), self.den * other.den)
    }

    /// Cents for this amount at `cents` a unit, rounded up, at least one cent
    /// for any amount at all.
    pub fn price(self, cents: u32) -> u32 {
        if self.is_zero() {
            return 0;
        }
        let c = (self.num * u64::from(cents)).div_ceil(self.den);
        u32::try_from(c.max(1)).unwrap_or(u32::MAX)
    }

    /// Reads "2", "1/2", "1 1/2", "0.5", "½" or "1½".
    pub fn parse(text: &str) -> Option<Amount> {
        let text = text.trim();
        if let Some((whole, frac)) = text.split_once(' ') {
            let whole: u64 = whole.parse().ok()?;
            return Some(Amount::whole(whole) + Amount::parse_part(frac.trim())?);
        }
        let split = text
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(text.len());
        match (&text[..split], &text[split..]) {
            ("", rest) => Amount::parse_part(rest),
            (whole, rest) if vulgar(rest).is_some() => {
                Some(Amount::whole(whole.parse().ok()?) + vulgar(rest)?)
            }
            _ => Amount::parse_part(text),
        }
    }

    /// "3", "1/2", "0.25" or "½": one word of an amount.
    fn parse_part(text: &str) -> Option<Amount> {
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if let Some(v) = vulgar(text) {
            return Some(v);
        }
        if let Some((n, d)) = text.split_once('/') {
            let d: u64 = d.parse().ok().filter(|d| *d > 0 && digits(n))?;
            return Some(Amount::new(n.parse().ok()?, d));
        }
        if let Some((whole, decimals)) = text.split_once('.') {
            if !digits(whole) || !digits(decimals) {
                return None;
            }
            let den = 10u64.checked_pow(decimals.len() as u32)?;
            return Some(
                Amount::whole(whole.parse().ok()?) + Amount::new(decimals.parse().ok()?, den),
            );
        }
        digits(text).then(|| text.parse().ok().map(Amount::whole))?
    }
}

fn vulgar(s: &str) -> Option<Amount> {
    let (n, d) = match s {
        "½" => (1, 2),
        "⅓" => (1, 3),
        "⅔" => (2, 3),
        "¼" => (1, 4),
        "¾" => (3, 4),
        "⅛" => (1, 8),
        _ => return None,
    };
    Some(Amount::new(n, d))
}

impl std::ops::Add for Amount {
    type Output = Amount;

    fn add(self, other: Amount) -> Amount {
        Amount::new(
            self.num * other.den + other.num * self.den,
            self.den * other.den,
        )
    }
}

impl Ord for Amount {
    fn cmp(&self, other: &Amount) -> std::cmp::Ordering {
        (self.num * other.den).cmp(&(other.num * self.den))
    }
}

impl PartialOrd for Amount {
    fn partial_cmp(&self, other: &Amount) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Amount {
    /// "2", "1/2", "1 1/2".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (whole, rest) = (self.num / self.den, self.num % self.den);
        match (whole, rest) {
            (w, 0) => write!(f, "{w}"),
            (0, r) => write!(f, "{r}/{}", self.den),
            (w, r) => write!(f, "{w} {r}/{}", self.den),
        }
    }
}

/// A recipe unit. Volumes and weights convert within their kind; the others
/// are counted as they are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    Tsp,
    Tbsp,
    Cup,
    Oz,
    Lb,
    Clove,
    Slice,
    Can,
    /// A head of garlic, what its cloves are bought in. Recipes count cloves;
    /// a line never reads "head".
    Head,
    /// Counted as they come: "2 eggs", "1 lemon".
    Whole,
}

/// Units that convert into one another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Volume,
    Weight,
    Own(Unit),
}

impl Unit {
    pub fn kind(self) -> Kind {
        match self {
            Unit::Tsp | Unit::Tbsp | Unit::Cup => Kind::Volume,
            Unit::Oz | Unit::Lb => Kind::Weight,
            Unit::Clove | Unit::Head => Kind::Own(Unit::Clove),
            other => Kind::Own(other),
        }
    }

    /// How many of the kind's smallest unit (teaspoons, ounces) one makes.
    fn base(self) -> u64 {
        match self {
            Unit::Tbsp => 3,
            Unit::Cup => 48,
            Unit::Lb => 16,
            // A supermarket head has 10 to 12 cloves; counting 10 means a
            // list never leaves a cook short.
            Unit::Head => 10,
            _ => 1,
        }
    }

    /// Reads a unit word as recipes write it; `None` for a word that is not one.
    pub fn parse(word: &str) -> Option<Unit> {
        Some(match word.trim_end_matches('.') {
            "tsp" | "teaspoon" | "teaspoons" => Unit::Tsp,
            "tbsp" | "tablespoon" | "tablespoons" => Unit::Tbsp,
            "cup" | "cups" => Unit::Cup,
            "oz" | "ounce" | "ounces" => Unit::Oz,
            "lb" | "lbs" | "pound" | "pounds" => Unit::Lb,
            "clove" | "cloves" => Unit::Clove,
            "slice" | "slices" => Unit::Slice,
            "can" | "cans" => Unit::Can,
            _ => return None,
        })
    }

    fn word(self, plural: bool) -> &'static str {
        match (self, plural) {
            (Unit::Tsp, _) => "tsp",
            (Unit::Tbsp, _) => "tbsp",
            (Unit::Cup, false) => "cup",
            (Unit::Cup, true) => "cups",
            (Unit::Oz, _) => "oz",
            (Unit::Lb, _) => "lb",
            (Unit::Clove, false) => "clove",
            (Unit::Clove, true) => "cloves",
            (Unit::Slice, false) => "slice",
            (Unit::Slice, true) => "slices",
            (Unit::Can, false) => "can",
            (Unit::Can, true) => "cans",
            (Unit::Head, false) => "head",
            (Unit::Head, true) => "heads",
            (Unit::Whole, _) => "",
        }
    }
}

/// An amount of one kind of unit, kept in the kind's smallest unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Measure {
    pub kind: Kind,
    base: Amount,
}

impl Measure {
    pub fn new(amount: Amount, unit: Unit) -> Measure {
        Measure {
            kind: unit.kind(),
            base: amount.times(unit.base(), 1),
        }
    }

    /// The sum of two measures of the same kind.
    pub fn plus(self, other: Measure) -> Option<Measure> {
        (self.kind == other.kind).then(|| Measure {
            kind: self.kind,
            base: self.base + other.base,
        })
    }

    pub fn scaled(self, num: u64, den: u64) -> Measure {
        Measure {
            kind: self.kind,
            base: self.base.times(num, den),
        }
    }

    /// The amount in `unit` (of the same kind).
    pub fn in_unit(self, unit: Unit) -> Option<Amount> {
        (unit.kind() == self.kind).then(|| self.base.times(1, unit.base()))
    }
}

/// "2 cups spinach", "1 1/2 avocados", "3 cloves garlic".
pub fn wording(amount: Amount, unit: Unit, name: &str, plural_name: &str) -> String {
    let many = amount.more_than_one();
    match unit {
        Unit::Whole => format!("{amount} {}", if many { plural_name } else { name }),
        unit => format!("{amount} {} {name}", unit.word(many)),
    }
}

/// "2 cups", "1 head", "3": an amount and its unit without the ingredient.
pub fn measure_words(amount: Amount, unit: Unit) -> String {
    match unit {
        Unit::Whole => amount.to_string(),
        unit => format!("{amount} {}", unit.word(amount.more_than_one())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(s: &str) -> Amount {
        Amount::parse(s).unwrap_or_else(|| panic!("{s} parses"))
    }

    #[test]
    fn reads_the_ways_recipes_write_amounts() {
        assert_eq!(a("2"), Amount::whole(2));
        assert_eq!(a("1/2"), Amount::new(1, 2));
        assert_eq!(a("1 1/2"), Amount::new(3, 2));
        assert_eq!(a("0.25"), Amount::new(1, 4));
        assert_eq!(a("½"), Amount::new(1, 2));
        assert_eq!(a("1½"), Amount::new(3, 2));
        for bad in ["", "a", "1/0", "1/", "1 x", "2.", "-1"] {
            assert_eq!(Amount::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn writes_amounts_as_a_cook_reads_them() {
        assert_eq!(Amount::new(3, 2).to_string(), "1 1/2");
        assert_eq!(Amount::new(1, 3).to_string(), "1/3");
        assert_eq!(Amount::whole(4).to_string(), "4");
    }

    #[test]
    fn volumes_and_weights_add_up_across_units() {
        let cup = Measure::new(Amount::whole(1), Unit::Cup);
        let two = cup.plus(cup).expect("same kind");
        assert_eq!(two.in_unit(Unit::Cup), Some(Amount::whole(2)));
        let sum = Measure::new(Amount::whole(2), Unit::Tbsp)
            .plus(Measure::new(Amount::whole(3), Unit::Tsp))
            .expect("volume");
        assert_eq!(sum.in_unit(Unit::Tbsp), Some(Amount::whole(3)));
        assert!(cup.plus(Measure::new(Amount::whole(1), Unit::Oz)).is_none());
        let fillets = Measure::new(Amount::whole(6), Unit::Oz).scaled(3, 1);
        assert_eq!(fillets.in_unit(Unit::Lb), Some(Amount::new(9, 8)));
        assert_eq!(
            wording(Amount::new(5, 4), Unit::Lb, "salmon", "salmon"),
            "1 1/4 lb salmon"
        );
        let head = Measure::new(Amount::whole(1), Unit::Head);
        assert_eq!(head.in_unit(Unit::Clove), Some(Amount::whole(10)));
    }

    #[test]
    fn amounts_compare_by_value() {
        assert!(Amount::new(1, 3) < Amount::new(1, 2));
        assert!(Amount::new(4, 3) > Amount::whole(1));
        assert_eq!(Amount::new(2, 4), Amount::new(1, 2));
        assert!(Amount::new(4, 3).reads_plainly() && !Amount::new(3, 8).reads_plainly());
        assert_eq!(Amount::new(37, 48).round_down(4), Amount::new(3, 4));
        assert_eq!(
            Amount::new(37, 3).minus(Amount::whole(12)),
            Amount::new(1, 3)
        );
        assert_eq!(Amount::new(1, 3).minus(Amount::whole(1)), Amount::ZERO);
        assert!(Amount::whole(5).is_whole() && !Amount::new(5, 2).is_whole());
    }

    #[test]
    fn prices_round_up_to_the_cent() {
        assert_eq!(Amount::new(1, 3).price(100), 34);
        assert_eq!(Amount::new(1, 1000).price(1), 1);
        assert_eq!(Amount::ZERO.price(500), 0);
    }

    #[test]
    fn words_are_plural_when_there_is_more_than_one() {
        assert_eq!(
            wording(Amount::whole(2), Unit::Cup, "spinach", "spinach"),
            "2 cups spinach"
        );
        assert_eq!(
            wording(Amount::whole(1), Unit::Cup, "spinach", "spinach"),
            "1 cup spinach"
        );
        assert_eq!(
            wording(Amount::new(3, 2), Unit::Whole, "avocado", "avocados"),
            "1 1/2 avocados"
        );
        assert_eq!(
            wording(Amount::new(1, 2), Unit::Whole, "avocado", "avocados"),
            "1/2 avocado"
        );
        assert_eq!(
            wording(Amount::whole(3), Unit::Clove, "garlic", "garlic"),
            "3 cloves garlic"
        );
        assert_eq!(measure_words(Amount::whole(2), Unit::Head), "2 heads");
        assert_eq!(measure_words(Amount::new(1, 3), Unit::Can), "1/3 can");
        assert_eq!(measure_words(Amount::whole(3), Unit::Whole), "3");
    }
}
