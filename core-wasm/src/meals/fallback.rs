//! What My Plans shows for a day whose plan leaves a field out (a fitness
//! challenge has no meals, a meal plan no workout): ten texts a field, turning
//! with the day.

const BREAKFAST: [&str; 10] = [
    "Oatmeal with berries and a spoon of ground flaxseed",
    "Two eggs scrambled with spinach, and a slice of whole-grain toast",
    "Plain yogurt with sliced fruit and a sprinkle of seeds",
    "A smoothie of banana, spinach and your choice of milk",
    "Whole-grain toast with mashed avocado and tomato",
    "Overnight oats with cinnamon and chopped apple",
    "A vegetable omelette with peppers and onions",
    "Cottage cheese with pineapple and pumpkin seeds",
    "Buckwheat porridge with pear and a pinch of ginger",
    "Sweet potato hash with greens and a fried egg",
];

const LUNCH: [&str; 10] = [
    "A big salad of leafy greens, beans, vegetables and olive oil dressing",
    "Lentil soup with a side of raw carrots and cucumber",
    "Leftover dinner over a bed of greens",
    "A whole-grain wrap with hummus, vegetables and grilled chicken or chickpeas",
    "Quinoa bowl with roasted vegetables and a lemon dressing",
    "Vegetable and bean soup with a small piece of fruit",
    "Tuna or white bean salad on greens with cherry tomatoes",
    "Brown rice with sautéed vegetables and a fried egg",
    "A baked sweet potato topped with black beans and salsa",
    "Chicken or tofu with steamed broccoli and brown rice",
];

const DINNER: [&str; 10] = [
    "Baked salmon with roasted vegetables",
    "Chicken and vegetable stir-fry with brown rice",
    "A hearty bean and vegetable chili",
    "Turkey or lentil meatballs with zucchini and tomato sauce",
    "Sheet-pan chicken with sweet potatoes and green beans",
    "Baked cod with lemon, herbs and steamed greens",
    "A vegetable curry with chickpeas over rice",
    "Grilled fish or tofu tacos with cabbage slaw",
    "Stuffed peppers with rice, beans and vegetables",
    "A simple soup of vegetables and barley with a green salad",
];

const WORKOUT: [&str; 10] = [
    "A 20-minute brisk walk, praying for someone you love",
    "Three rounds of 10 squats, 10 wall push-ups and a 20-second plank",
    "Ten minutes of gentle stretching for the back, hips and legs",
    "A 15-minute walk after dinner",
    "Two rounds of 12 lunges, 12 glute bridges and 30 seconds of marching",
    "Five minutes of slow breathing, then 15 minutes of easy cycling or walking",
    "Climb stairs for 10 minutes at a comfortable pace",
    "Three rounds of 10 step-ups, 10 chair dips and 20 jumping jacks",
    "A rest day: a slow walk outdoors and a prayer of thanks",
    "Ten minutes of balance work: heel-to-toe walks and single-leg stands",
];

const SPIRITUAL_FOCUS: [&str; 10] = [
    "Thank God for one gift of this day before you eat.",
    "Pray for strength to keep today's small promise to your body.",
    "Read a Psalm slowly and rest in what it says of God's care.",
    "Ask God for patience with yourself as habits change.",
    "Pray for someone who is walking a hard road today.",
    "Offer your work today as an act of worship.",
    "Name three things you are grateful for and give thanks.",
    "Sit quietly for two minutes and listen before you pray.",
    "Ask for wisdom in the choices you will make today.",
    "End the day by handing your worries to God in prayer.",
];

/// The built-in text for `field` on `day` (from 1), when the plan has none.
pub fn fallback(field: &str, day: u32) -> Option<&'static str> {
    let texts = match field {
        "breakfast" => &BREAKFAST,
        "lunch" => &LUNCH,
        "dinner" => &DINNER,
        "workout" => &WORKOUT,
        "spiritualFocus" => &SPIRITUAL_FOCUS,
        _ => return None,
    };
    Some(texts[(day.max(1) as usize - 1) % texts.len()])
}
