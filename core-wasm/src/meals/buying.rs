//! What a shopper buys of what the recipes need, decided per unit here and
//! nowhere else. Things sold one by one (fruit and vegetables, eggs,
//! tortillas, cans, slices) are rounded up to whole ones and garlic cloves to
//! whole heads: no store sells half an apple or a third of a can. What a store
//! sells by weight or volume (meat at the counter, grains, oil, spices) keeps
//! a precision a shopper can ask for or read off a package. A list prices
//! what is bought, since that is what is paid, and shows the recipes' exact
//! amount beside it when the two differ.

use super::quantity::{Amount, Kind, Measure, Unit};

/// How finely a unit is bought: a whole number of `1/step`s of it.
pub fn step(unit: Unit) -> u64 {
    match unit {
        // Sold whole: half an apple, a third of a can or a slice and a half
        // of bread is one more in the basket. Cloves are bought as heads
        // (`ladder`); a clove count, where one is asked for, is whole too.
        Unit::Whole | Unit::Can | Unit::Slice | Unit::Head | Unit::Clove => 1,
        // Meat, fish and cheese by the pound are weighed at the counter, and
        // asked for there in quarter pounds.
        Unit::Lb => 4,
        // Under a pound, packages and counter scales read whole ounces.
        Unit::Oz => 1,
        // Grains, broth, greens and berries by the cup: a bag or a carton is
        // judged to a quarter cup at best.
        Unit::Cup => 4,
        // Oils, seeds and pastes under a quarter cup: half a tablespoon.
        Unit::Tbsp => 2,
        // Spices: a quarter teaspoon, the smallest measuring spoon.
        Unit::Tsp => 4,
    }
}

/// The units an amount of `kind` is written in, largest first, each with the
/// least of it worth writing in that unit (less goes to the next one): cups
/// from a quarter cup, tablespoons from one, then teaspoons; pounds from one,
/// then ounces. A shopper (`buying`) reads garlic in heads, as it is sold; a
/// cook in the cloves recipes count.
fn ladder(kind: Kind, buying: bool) -> Vec<(Unit, Amount)> {
    match kind {
        Kind::Volume => vec![
            (Unit::Cup, Amount::new(1, 4)),
            (Unit::Tbsp, Amount::whole(1)),
            (Unit::Tsp, Amount::ZERO),
        ],
        Kind::Weight => vec![(Unit::Lb, Amount::whole(1)), (Unit::Oz, Amount::ZERO)],
        Kind::Own(Unit::Clove) if buying => vec![(Unit::Head, Amount::ZERO)],
        Kind::Own(unit) => vec![(unit, Amount::ZERO)],
    }
}

/// What a shopper buys of `needed`, and the unit it reads in.
pub fn bought(needed: Measure) -> (Amount, Unit) {
    let mut chosen: Option<(Amount, Unit)> = None;
    // From the smallest unit up, so that an amount that rounds up to the next
    // unit reads in it: 3 2/3 tbsp buys 4 tbsp, which is 1/4 cup.
    for (unit, from) in ladder(needed.kind, true).into_iter().rev() {
        let reached = chosen.is_none_or(|(amount, was)| {
            Measure::new(amount, was)
                .in_unit(unit)
                .is_some_and(|a| a >= from)
        });
        if !reached {
            break;
        }
        let exact = needed.in_unit(unit).unwrap_or(Amount::ZERO);
        chosen = Some((exact.round_up(step(unit)), unit));
    }
    chosen.unwrap_or((Amount::ZERO, Unit::Whole))
}

/// The exact amount of `measure` as a cook reads it, in one unit or two: in
/// the largest unit it reaches when that reads in halves, thirds or quarters
/// ("1/3 cup"), or in whole ones of the unit below ("5 tbsp", not "5/16
/// cup"); else the most of that unit that reads so and the rest below it
/// ("3/4 cup + 1 tsp", not "12 1/3 tbsp").
pub fn needed(measure: Measure) -> Vec<(Amount, Unit)> {
    let ladder = ladder(measure.kind, false);
    let exact = |unit: Unit| measure.in_unit(unit).unwrap_or(Amount::ZERO);
    let Some(top) = ladder.iter().position(|(unit, from)| exact(*unit) >= *from) else {
        return Vec::new();
    };
    let unit = ladder[top].0;
    let Some(&(below, _)) = ladder.get(top + 1) else {
        return vec![(exact(unit), unit)];
    };
    if exact(unit).reads_plainly() {
        return vec![(exact(unit), unit)];
    }
    if exact(below).is_whole() {
        return vec![(exact(below), below)];
    }
    // In quarters or in thirds, whichever leaves less; either leaves less
    // than a quarter of the unit, which reads in the units below.
    let part = [4, 3]
        .map(|step| exact(unit).round_down(step))
        .into_iter()
        .max()
        .unwrap_or(Amount::ZERO);
    let rest = exact(below).minus(Measure::new(part, unit).in_unit(below).unwrap_or(part));
    let mut parts = vec![(part, unit)];
    parts.extend(needed(Measure::new(rest, below)));
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(num: u64, den: u64, unit: Unit) -> Measure {
        Measure::new(Amount::new(num, den), unit)
    }

    fn buys(num: u64, den: u64, unit: Unit) -> (Amount, Unit) {
        bought(of(num, den, unit))
    }

    #[test]
    fn what_is_sold_one_by_one_is_bought_whole() {
        // Half an apple, one and a third dates, a third of a can of beans.
        assert_eq!(buys(1, 2, Unit::Whole), (Amount::whole(1), Unit::Whole));
        assert_eq!(buys(4, 3, Unit::Whole), (Amount::whole(2), Unit::Whole));
        assert_eq!(buys(1, 3, Unit::Can), (Amount::whole(1), Unit::Can));
        assert_eq!(buys(3, 2, Unit::Slice), (Amount::whole(2), Unit::Slice));
        assert_eq!(buys(11, 4, Unit::Whole), (Amount::whole(3), Unit::Whole));
    }

    #[test]
    fn an_amount_already_whole_is_bought_as_it_is() {
        for (n, unit) in [(6, Unit::Whole), (2, Unit::Can), (3, Unit::Slice)] {
            assert_eq!(buys(n, 1, unit), (Amount::whole(n), unit));
            assert_eq!(needed(of(n, 1, unit)), [(Amount::whole(n), unit)]);
        }
        assert_eq!(buys(2, 1, Unit::Cup), (Amount::whole(2), Unit::Cup));
        assert_eq!(buys(5, 4, Unit::Lb), (Amount::new(5, 4), Unit::Lb));
        assert_eq!(buys(10, 1, Unit::Oz), (Amount::whole(10), Unit::Oz));
    }

    #[test]
    fn garlic_is_bought_by_the_head_and_read_in_cloves() {
        assert_eq!(buys(6, 1, Unit::Clove), (Amount::whole(1), Unit::Head));
        assert_eq!(buys(10, 1, Unit::Clove), (Amount::whole(1), Unit::Head));
        assert_eq!(buys(14, 1, Unit::Clove), (Amount::whole(2), Unit::Head));
        assert_eq!(
            needed(of(6, 1, Unit::Clove)),
            [(Amount::whole(6), Unit::Clove)]
        );
    }

    #[test]
    fn bulk_keeps_a_precision_a_shopper_can_ask_for() {
        // Pounds to a quarter pound: 18 oz of salmon is 1 1/4 lb at the counter.
        assert_eq!(buys(18, 1, Unit::Oz), (Amount::new(5, 4), Unit::Lb));
        assert_eq!(buys(4, 3, Unit::Lb), (Amount::new(3, 2), Unit::Lb));
        // Ounces whole under a pound.
        assert_eq!(buys(9, 2, Unit::Oz), (Amount::whole(5), Unit::Oz));
        // Cups to a quarter cup, tablespoons to a half, teaspoons to a quarter.
        assert_eq!(buys(1, 3, Unit::Cup), (Amount::new(1, 2), Unit::Cup));
        assert_eq!(buys(7, 3, Unit::Cup), (Amount::new(5, 2), Unit::Cup));
        assert_eq!(buys(5, 3, Unit::Tbsp), (Amount::whole(2), Unit::Tbsp));
        assert_eq!(buys(4, 3, Unit::Tbsp), (Amount::new(3, 2), Unit::Tbsp));
        assert_eq!(buys(1, 8, Unit::Tsp), (Amount::new(1, 4), Unit::Tsp));
        assert_eq!(buys(3, 2, Unit::Tsp), (Amount::new(3, 2), Unit::Tsp));
    }

    #[test]
    fn an_amount_rounded_up_to_the_next_unit_reads_in_it() {
        assert_eq!(buys(11, 3, Unit::Tbsp), (Amount::new(1, 4), Unit::Cup));
        assert_eq!(buys(23, 8, Unit::Tsp), (Amount::whole(1), Unit::Tbsp));
        assert_eq!(buys(31, 2, Unit::Oz), (Amount::whole(1), Unit::Lb));
        // Added up across units, in the largest that reads.
        let sum = of(2, 1, Unit::Tbsp)
            .plus(of(3, 1, Unit::Tsp))
            .expect("volume");
        assert_eq!(bought(sum), (Amount::whole(3), Unit::Tbsp));
        assert_eq!(buys(4, 1, Unit::Tbsp), (Amount::new(1, 4), Unit::Cup));
    }

    #[test]
    fn the_exact_amount_reads_as_a_cook_measures_it() {
        let reads = |num, den, unit| -> Vec<(Amount, Unit)> { needed(of(num, den, unit)) };
        let part = |num, den, unit| (Amount::new(num, den), unit);
        assert_eq!(reads(1, 3, Unit::Cup), [part(1, 3, Unit::Cup)]);
        assert_eq!(reads(4, 3, Unit::Tbsp), [part(4, 3, Unit::Tbsp)]);
        assert_eq!(reads(5, 1, Unit::Tbsp), [part(5, 1, Unit::Tbsp)]);
        assert_eq!(reads(18, 1, Unit::Oz), [part(18, 1, Unit::Oz)]);
        assert_eq!(reads(1, 2, Unit::Whole), [part(1, 2, Unit::Whole)]);
        assert_eq!(reads(1, 8, Unit::Tsp), [part(1, 8, Unit::Tsp)]);
        // 12 1/3 tbsp of oil, 13 1/3 tbsp of rice, 6 2/3 tbsp of oil.
        assert_eq!(
            reads(37, 3, Unit::Tbsp),
            [part(3, 4, Unit::Cup), part(1, 1, Unit::Tsp)]
        );
        assert_eq!(
            reads(40, 3, Unit::Tbsp),
            [part(3, 4, Unit::Cup), part(4, 3, Unit::Tbsp)]
        );
        assert_eq!(
            reads(20, 3, Unit::Tbsp),
            [part(1, 3, Unit::Cup), part(4, 3, Unit::Tbsp)]
        );
        assert_eq!(
            reads(35, 2, Unit::Oz).first(),
            Some(&part(1, 1, Unit::Lb)),
            "17 1/2 oz: a pound and the rest"
        );
    }
}
