//! Stable sorting, built once. The standard library's sort is compiled anew
//! for every element type and comparison, close to 4 KB of WebAssembly each
//! time; here one merge sort orders positions for every caller and the
//! elements are moved after, so each use adds a few dozen bytes. The result
//! is the standard stable sort's: equal elements keep their order.

use std::cmp::Ordering;

/// Sorts `items` by `compare`, keeping equal items in the order they came.
pub fn sort_by<T>(items: &mut [T], compare: impl Fn(&T, &T) -> Ordering) {
    let order = stable_order(items.len(), &|a, b| compare(&items[a], &items[b]));
    move_into(items, order);
}

/// Sorts `items` by the key of each, keeping items of equal keys in order.
pub fn sort_by_key<T, K: Ord>(items: &mut [T], key: impl Fn(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// The positions `0..len` in sorted order (a bottom-up merge sort that takes
/// from the right run only what is strictly smaller, hence stable).
fn stable_order(len: usize, compare: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    let mut merged = vec![0; len];
    let mut width = 1;
    while width < len {
        let mut start = 0;
        while start < len {
            let mid = (start + width).min(len);
            let end = (start + 2 * width).min(len);
            let (mut left, mut right, mut out) = (start, mid, start);
            while left < mid && right < end {
                if compare(order[right], order[left]) == Ordering::Less {
                    merged[out] = order[right];
                    right += 1;
                } else {
                    merged[out] = order[left];
                    left += 1;
                }
                out += 1;
            }
            let rest = mid - left;
            merged[out..out + rest].copy_from_slice(&order[left..mid]);
            merged[out + rest..end].copy_from_slice(&order[right..end]);
            start = end;
        }
        std::mem::swap(&mut order, &mut merged);
        width *= 2;
    }
    order
}

/// Puts the element at `order[k]` in place `k`, for every `k`, following each
/// cycle of the permutation with swaps.
fn move_into<T>(items: &mut [T], mut order: Vec<usize>) {
    const DONE: usize = usize::MAX;
    for start in 0..order.len() {
        let mut place = start;
        while order[place] != DONE {
            let from = std::mem::replace(&mut order[place], DONE);
            if from == start {
                break;
            }
            items.swap(place, from);
            place = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn sorts_as_the_standard_stable_sort(keys in proptest::collection::vec(0u8..6, 0..200)) {
            // Each key with its first place, so a change of order among equal keys shows.
            let mut ours: Vec<(u8, usize)> = keys.iter().copied().zip(0..).collect();
            let mut std_sorted = ours.clone();
            sort_by_key(&mut ours, |k| k.0);
            std_sorted.sort_by_key(|k| k.0);
            prop_assert_eq!(&ours, &std_sorted);
            sort_by(&mut ours, |a, b| b.0.cmp(&a.0));
            std_sorted.sort_by_key(|k| std::cmp::Reverse(k.0));
            prop_assert_eq!(ours, std_sorted);
        }
    }
}
