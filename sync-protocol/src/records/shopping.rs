//! Shopping lists and their items. Prices are in cents.

use super::read::record;
use super::{Record, TITLE_MAX, not_blank, optional_at_most};
use crate::date::Date;
use crate::field_error::FieldError;
use crate::wire_enum;

record! {
    pub struct ShoppingList as "a shopping list" {
        title: String,
        status: String = "active".to_string(),
        created_at: String,
        /// Cents.
        estimated_cost: Option<u32>,
        week_number: Option<u32>,
        /// The meal plan the list was built from, and the first day of the
        /// 30 days it belongs to (the shopping calendar's lists).
        plan_id: Option<String>,
        start_date: Option<Date>,
    }
}

impl Record for ShoppingList {
    fn check(&self) -> Result<(), FieldError> {
        not_blank("title", &self.title, TITLE_MAX)?;
        not_blank("status", &self.status, 40)?;
        optional_at_most("planId", self.plan_id.as_deref(), TITLE_MAX)?;
        not_blank("createdAt", &self.created_at, 40)
    }
}

wire_enum! {
    /// Aisles of a shopping list.
    pub enum ItemCategory {
        Produce = "produce",
        Protein = "protein",
        Dairy = "dairy",
        Pantry = "pantry",
        Oils = "oils",
        Supplements = "supplements",
        Other = "other",
    }
}

record! {
    pub struct ShoppingListItem as "a shopping list item" {
        list_id: String,
        item_name: String,
        category: ItemCategory = ItemCategory::Other,
        quantity: Option<String>,
        /// The recipes' exact amount when less than `quantity` buys ("Recipes
        /// use 1/3 can"); absent on items made before lists said so.
        quantity_note: Option<String>,
        priority: Option<String>,
        notes: Option<String>,
        nutritional_focus: Option<String>,
        /// Cents.
        estimated_price: Option<u32>,
        is_checked: bool = false,
        checked_at: Option<String>,
    }
}

impl Record for ShoppingListItem {
    fn check(&self) -> Result<(), FieldError> {
        not_blank("listId", &self.list_id, TITLE_MAX)?;
        not_blank("itemName", &self.item_name, TITLE_MAX)?;
        optional_at_most("quantityNote", self.quantity_note.as_deref(), TITLE_MAX)?;
        optional_at_most("notes", self.notes.as_deref(), super::NOTES_MAX)
    }
}
