//! Writes the app's TypeScript types from the Rust types into
//! `pwa/src/generated/` (`make types`). With `--check` it writes nothing and
//! fails when a checked-in file differs from what the Rust types say (`make
//! lint`), so a TypeScript copy can never drift from its Rust source.
//!
//! Each file holds the types of one Rust crate or layer; enums declared with
//! `wire_enum!` also get the list of their values, and the figures the app shows
//! as constants (plans, limits) come from the Rust constants.

use manna_core::meals;
use manna_core::plans::{self, Plan};
use manna_server::{api, content, error::ErrorBody};
use manna_sync_protocol::records::{
    NOTES_MAX, TITLE_MAX, journal, plans as record_plans, prayer, progress, saved, settings,
    shopping, weight, wellness,
};
use manna_sync_protocol::{self as protocol, WireEnum, ids::ID_MAX};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use ts_rs::{Config, TS};

const HEADER: &str = "// Generated from the Rust types by `make types`: do not edit.\n";

#[derive(Default)]
struct File {
    doc: &'static str,
    items: Vec<(String, String)>,
}

impl File {
    fn new(doc: &'static str) -> Self {
        Self {
            doc,
            items: Vec::new(),
        }
    }

    /// `export type T = …` (`name` is the TypeScript name, for imports).
    fn ty<T: TS>(mut self, cfg: &Config) -> Self {
        let decl = T::decl(cfg);
        let decl = decl.trim_end_matches(';');
        self.items.push((T::name(cfg), format!("export {decl};\n")));
        self
    }

    /// The type and its list of values.
    fn words<T: TS + WireEnum>(self, cfg: &Config) -> Self {
        let name = T::name(cfg);
        let mut file = self.ty::<T>(cfg);
        file.items.push((
            format!("{}_VALUES", screaming(&name)),
            format!(
                "export const {}_VALUES = {} as const satisfies readonly {name}[];\n",
                screaming(&name),
                json(&T::VALUES)
            ),
        ));
        file
    }

    /// A type spelled out by the generator (`name` = `text`).
    fn alias(mut self, name: &str, doc: &str, text: &str) -> Self {
        self.items.push((
            name.to_string(),
            format!("/** {doc} */\nexport type {name} = {text};\n"),
        ));
        self
    }

    fn constant(mut self, name: &str, doc: &str, value: impl Serialize) -> Self {
        self.items.push((
            name.to_string(),
            format!(
                "/** {doc} */\nexport const {name} = {} as const;\n",
                json(&value)
            ),
        ));
        self
    }
}

fn json(value: &impl Serialize) -> String {
    serde_json::to_string_pretty(value).expect("constants are JSON")
}

/// `WeightEntry` → `WEIGHT_ENTRY`.
fn screaming(camel: &str) -> String {
    let mut out = String::new();
    for (i, c) in camel.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

fn files(cfg: &Config) -> Vec<(&'static str, File)> {
    // Apart from the records' shapes, so that the code that needs only these
    // carries none of them: the first screen needs the theme alone.
    let tables = File::new("The synced tables (manna_sync_protocol).")
        .words::<protocol::Table>(cfg)
        .constant(
            "SHARED_TABLES",
            "The tables whose records a group shares (kept in the group's records, filed by the group their id names), never part of one person's export.",
            protocol::Table::ALL
                .iter()
                .filter(|t| t.is_shared())
                .map(|t| t.wire())
                .collect::<Vec<_>>(),
        );
    let theme = File::new("The app's themes (manna_sync_protocol).").words::<settings::Theme>(cfg);

    let records = File::new(
        "Synced tables and their records: shapes, enums and limits (manna_sync_protocol).",
    )
    .ty::<protocol::Date>(cfg)
    .ty::<protocol::FieldError>(cfg)
    .words::<journal::JournalCategory>(cfg)
    .ty::<journal::JournalEntry>(cfg)
    .ty::<journal::PassphraseLock>(cfg)
    .ty::<journal::JournalKey>(cfg)
    .words::<prayer::Weekday>(cfg)
    .words::<prayer::PrayerType>(cfg)
    .ty::<prayer::PrayerReminder>(cfg)
    .words::<weight::Mood>(cfg)
    .ty::<weight::WeightEntry>(cfg)
    .words::<wellness::Grade>(cfg)
    .ty::<wellness::WellnessScore>(cfg)
    .words::<wellness::PrimaryGoal>(cfg)
    .words::<wellness::FitnessLevel>(cfg)
    .words::<wellness::Gender>(cfg)
    .words::<wellness::TimeCommitment>(cfg)
    .words::<wellness::Budget>(cfg)
    .words::<wellness::DietaryRestriction>(cfg)
    .words::<wellness::MealType>(cfg)
    .words::<wellness::HealthConcern>(cfg)
    .ty::<wellness::WellnessGoal>(cfg)
    .ty::<shopping::ShoppingList>(cfg)
    .words::<shopping::ItemCategory>(cfg)
    .ty::<shopping::ShoppingListItem>(cfg)
    .words::<record_plans::PlanType>(cfg)
    .ty::<record_plans::PlanDay>(cfg)
    .ty::<record_plans::PersonalizedPlan>(cfg)
    .ty::<record_plans::PlanProgress>(cfg)
    .ty::<record_plans::Preferences>(cfg)
    .ty::<record_plans::MealPlanEnrollment>(cfg)
    .ty::<settings::UserSettings>(cfg)
    .constant(
        "PREFERENCES_ID",
        "The settings record the app's preferences (theme, rest day) are kept in.",
        settings::PREFERENCES_ID,
    )
    .constant(
        "VERSE_TIME",
        "The preference holding the local HH:MM the verse of the day rings at.",
        settings::VERSE_TIME,
    )
    .constant(
        "WEIGHT_GOAL",
        "The preference holding the goal weight, in tenths of a pound.",
        settings::WEIGHT_GOAL,
    )
    .constant(
        "QUIET_FROM",
        "The preference holding the local HH:MM a person's quiet hours start at (no group notification until they end).",
        manna_sync_protocol::groups::notices::QUIET_FROM,
    )
    .constant(
        "QUIET_TO",
        "The preference holding the local HH:MM a person's quiet hours end at.",
        manna_sync_protocol::groups::notices::QUIET_TO,
    )
    .words::<settings::Welcome>(cfg)
    .constant(
        "WELCOME",
        "The preference saying the welcome was gone through or skipped.",
        settings::WELCOME,
    )
    .words::<progress::Practice>(cfg)
    .ty::<progress::DailyCompletion>(cfg)
    .ty::<saved::FavoriteReading>(cfg)
    .words::<saved::HighlightColor>(cfg)
    .ty::<saved::Highlight>(cfg)
    .ty::<saved::VerseNote>(cfg)
    .words::<manna_sync_protocol::groups::GroupKind>(cfg)
    .words::<manna_sync_protocol::groups::Role>(cfg)
    .words::<manna_sync_protocol::groups::requests::Audience>(cfg)
    .words::<manna_sync_protocol::groups::notices::NewRequests>(cfg)
    .ty::<manna_sync_protocol::groups::notices::NoticeChoice>(cfg)
    .ty::<manna_sync_protocol::records::groups::GroupRequest>(cfg)
    .ty::<manna_sync_protocol::records::groups::GroupUpdate>(cfg)
    .ty::<manna_sync_protocol::records::groups::GroupPrayer>(cfg)
    .ty::<manna_sync_protocol::records::groups::GroupReflection>(cfg)
    .ty::<manna_sync_protocol::records::groups::GroupReport>(cfg)
    .alias(
        "TableRecords",
        "The record type each synced table holds.",
        &table_records(),
    )
    .constant(
        "GROUP_NAME_MAX",
        "Longest group name, in characters.",
        manna_sync_protocol::groups::GROUP_NAME_MAX,
    )
    .constant(
        "GROUP_DESCRIPTION_MAX",
        "Longest group description, in characters.",
        manna_sync_protocol::groups::GROUP_DESCRIPTION_MAX,
    )
    .constant(
        "DISPLAY_NAME_MAX",
        "Longest name a member shows in a group, in characters.",
        manna_sync_protocol::groups::DISPLAY_NAME_MAX,
    )
    .constant(
        "REQUEST_TITLE_MAX",
        "Longest prayer request, in characters.",
        manna_sync_protocol::groups::requests::REQUEST_TITLE_MAX,
    )
    .constant(
        "REQUEST_DETAILS_MAX",
        "Longest details of a prayer request, in characters.",
        manna_sync_protocol::groups::requests::REQUEST_DETAILS_MAX,
    )
    .constant(
        "UPDATE_MAX",
        "Longest news added to a request, in characters.",
        manna_sync_protocol::groups::requests::UPDATE_MAX,
    )
    .constant(
        "ANSWER_MAX",
        "Longest words of how a request was answered, in characters.",
        manna_sync_protocol::groups::requests::ANSWER_MAX,
    )
    .constant(
        "REFLECTION_MAX",
        "Longest reflection on the day's reading, in characters.",
        manna_sync_protocol::groups::requests::REFLECTION_MAX,
    )
    .constant(
        "REPORT_MAX",
        "Longest reason given in a report, in characters.",
        manna_sync_protocol::records::groups::REPORT_MAX,
    )
    .constant(
        "INVITATION_DEFAULT_DAYS",
        "Days an invitation lasts when its leader does not say.",
        manna_sync_protocol::groups::invites::DEFAULT_DAYS,
    )
    .constant(
        "INVITATION_MOST_DAYS",
        "Most days an invitation may last.",
        manna_sync_protocol::groups::invites::MOST_DAYS,
    )
    .constant(
        "TITLE_MAX",
        "Longest title or name, in characters.",
        TITLE_MAX,
    )
    .constant(
        "NOTES_MAX",
        "Longest description or notes, in characters.",
        NOTES_MAX,
    )
    .constant(
        "JOURNAL_ENTRY_MAX",
        "Longest journal entry, in characters.",
        journal::ENTRY_MAX,
    )
    .constant(
        "PASSAGE_MAX",
        "Longest passage a favorite reading keeps, in characters.",
        saved::PASSAGE_MAX,
    )
    .constant("ID_MAX", "Longest record id.", ID_MAX)
    .constant(
        "MAX_WEIGHT_TENTHS",
        "Heaviest weight, in tenths of a pound.",
        weight::MAX_WEIGHT_TENTHS,
    )
    .constant(
        "WELLNESS_STATEMENTS",
        "Statements of the daily wellness check.",
        wellness::STATEMENTS,
    )
    .constant(
        "WELLNESS_LOWEST_RATING",
        "The lowest rating of a wellness statement.",
        wellness::LOWEST_RATING,
    )
    .constant(
        "WELLNESS_HIGHEST_RATING",
        "The highest rating of a wellness statement.",
        wellness::HIGHEST_RATING,
    );

    let sync = File::new("The sync wire format (manna_sync_protocol::messages).")
        .constant(
            "PROTOCOL_VERSION",
            "Bumped whenever the wire format changes incompatibly.",
            protocol::PROTOCOL_VERSION,
        )
        .constant(
            "SCHEMA_VERSION",
            "The record schema this app speaks: the tables and fields it knows.",
            protocol::schema::SCHEMA_VERSION,
        )
        .ty::<protocol::Op>(cfg)
        .ty::<protocol::Mutation>(cfg)
        .ty::<protocol::PushRequest>(cfg)
        .ty::<protocol::Rejection>(cfg)
        .ty::<protocol::Gap>(cfg)
        .ty::<protocol::PushResponse>(cfg)
        .ty::<protocol::GroupCursor>(cfg)
        .ty::<protocol::Cursor>(cfg)
        .ty::<protocol::PullRequest>(cfg)
        .ty::<protocol::ChangeOp>(cfg)
        .ty::<protocol::Change>(cfg)
        .ty::<protocol::ResetReason>(cfg)
        .ty::<protocol::Incompatibility>(cfg)
        .ty::<protocol::PullResponse>(cfg);

    let figures: BTreeMap<&str, plans::PlanFigures> = Plan::ALL
        .iter()
        .map(|p| (p.wire(), plans::figures(*p)))
        .collect();
    let core = File::new("Figures the core derives (manna_core), and the plans.")
        .ty::<manna_core::Streak>(cfg)
        .ty::<manna_core::WeekDay>(cfg)
        .ty::<manna_core::WeekStrip>(cfg)
        .ty::<manna_core::Trend>(cfg)
        .ty::<manna_core::WeightProgress>(cfg)
        .ty::<manna_core::WeightPoint>(cfg)
        .ty::<manna_core::WeeklyAverage>(cfg)
        .ty::<manna_core::ScoreCheck>(cfg)
        .ty::<manna_core::ScoreHistory>(cfg)
        .ty::<manna_core::timer::Phase>(cfg)
        .ty::<manna_core::timer::Timer>(cfg)
        .ty::<manna_core::timer::TimerView>(cfg)
        .ty::<manna_core::timer::Stepped>(cfg)
        .words::<Plan>(cfg)
        .ty::<plans::PlanFigures>(cfg)
        .constant("PLANS", "The two plans as their cards show them.", figures)
        .constant(
            "TRIAL_DAYS",
            "Days of free trial on a new subscription.",
            plans::TRIAL_DAYS,
        );

    let content = File::new("Daily content as the server sends it (server/src/content).")
        .ty::<content::BibleReading>(cfg)
        .ty::<content::HealthTip>(cfg)
        .ty::<content::FoodSpotlight>(cfg)
        .ty::<content::Difficulty>(cfg)
        .ty::<content::ExerciseSuggestion>(cfg)
        .ty::<content::BiohackCategory>(cfg)
        .ty::<content::Biohack>(cfg)
        .ty::<content::CostLevel>(cfg)
        .ty::<content::TipDifficulty>(cfg)
        .ty::<content::HomeTip>(cfg)
        .ty::<content::BiblicalFood>(cfg)
        .ty::<content::HealthySnack>(cfg)
        .ty::<content::WorshipSong>(cfg)
        .ty::<content::MeditationSession>(cfg)
        .ty::<content::PrayerSession>(cfg)
        .ty::<content::Recipe>(cfg)
        .ty::<content::WordStudy>(cfg)
        .ty::<content::ParallelText>(cfg)
        .ty::<content::Commentary>(cfg)
        .ty::<content::Passage>(cfg)
        .ty::<content::TopicPassages>(cfg)
        .ty::<content::BibleStudy>(cfg)
        .ty::<content::MainExercise>(cfg)
        .ty::<content::PremiumRoutine>(cfg)
        .ty::<content::JournalPrompt>(cfg)
        .ty::<content::Remedy>(cfg)
        .ty::<content::remedies::RemedySearch>(cfg)
        .ty::<content::TechniqueLevel>(cfg)
        .ty::<content::Technique>(cfg)
        .ty::<content::GlossaryCategory>(cfg)
        .ty::<content::LibraryReading>(cfg)
        .ty::<content::archive::ArchiveHit>(cfg)
        .ty::<content::archive::ArchivePage>(cfg)
        .ty::<content::Dated>(cfg)
        .alias(
            "LockedBiohack",
            "A premium biohack as a free device receives it: its text held back (null).",
            "Pick<Biohack, 'id' | 'title' | 'category' | 'isPremium'> & { description: null, duration: null, howTo: null, benefits: null, scientificBasis: null }",
        )
        .ty::<manna_core::scripture::VerseRange>(cfg)
        .ty::<manna_server::bible::BookEntry>(cfg)
        .ty::<manna_server::bible::BibleIndex>(cfg)
        .ty::<manna_server::bible::Verse>(cfg)
        .ty::<manna_server::bible::BibleChapter>(cfg)
        .ty::<manna_server::bible::BibleBook>(cfg)
        .ty::<manna_core::scripture::VerseHit>(cfg)
        .ty::<manna_server::bible::BibleSearch>(cfg)
        .ty::<content::DayContent>(cfg)
        .constant(
            "SYMPTOM_MAX",
            "Longest symptom the remedy search takes, in characters.",
            content::remedies::SYMPTOM_MAX,
        )
        .constant(
            "ARCHIVE_QUERY_MAX",
            "Longest archive search text, in characters.",
            content::archive::QUERY_MAX,
        )
        .constant(
            "BIBLE_BOOKS",
            "The 66 books in canonical order, with their chapters (manna_core::scripture).",
            manna_core::scripture::books(),
        )
        .constant(
            "BIBLE_SEARCH_MAX",
            "Longest Bible search text, in characters.",
            manna_server::bible::SEARCH_QUERY_MAX,
        )
        .constant(
            "ARCHIVE_SNIPPET_MAX",
            "Longest archive snippet, in characters.",
            content::archive::SNIPPET_MAX,
        );

    let meals =
        File::new("Meal plans, personal 30-day plans and shopping lists (manna_core::meals).")
            .ty::<meals::menu::MealChoice>(cfg)
            .ty::<meals::menu::MenuDay>(cfg)
            .ty::<meals::menu::PersonalDay>(cfg)
            .ty::<meals::fitness::Workout>(cfg)
            .ty::<meals::generate::Focus>(cfg)
            .ty::<meals::generate::Day>(cfg)
            .ty::<meals::generate::Plan>(cfg)
            .ty::<meals::shopping::BuiltItem>(cfg)
            .ty::<meals::shopping::BuiltList>(cfg)
            .words::<meals::ListKind>(cfg)
            .ty::<meals::NamedList>(cfg)
            .ty::<meals::catalogue::PantryGroup>(cfg)
            .ty::<content::meal_plans::MealPlan>(cfg)
            .constant("PLAN_DAYS", "Days in a personal plan.", meals::PLAN_DAYS)
            .constant(
                "CALENDAR_DAYS",
                "Days the shopping calendar covers, from today.",
                meals::CALENDAR_DAYS,
            )
            .constant(
                "CALENDAR_WEEKS",
                "Weekly lists of the shopping calendar.",
                meals::CALENDAR_WEEKS,
            )
            .constant(
                "LIST_KINDS",
                "What each generate button builds from: the category of the plan followed, the plan used when none is, and whether it is a week's list.",
                meals::ListKind::ALL
                    .iter()
                    .map(|k| {
                        (
                            k.wire(),
                            serde_json::json!({
                                "category": k.category(),
                                "defaultPlan": k.default_plan(),
                                "weekly": k.weekly(),
                            }),
                        )
                    })
                    .collect::<BTreeMap<_, _>>(),
            )
            .constant(
                "OFFERED_ALLERGIES",
                "The allergies a plan's start form offers as choices (any other word typed is read as an ingredient).",
                meals::diet::OFFERED_ALLERGIES,
            )
            .constant(
                "MEAL_PLAN_CATEGORIES",
                "The meal plan categories besides 'all'.",
                content::meal_plans::CATEGORIES,
            );

    let answers = File::new("The answers of the HTTP API (server/src/api.rs and friends).")
        .ty::<ErrorBody>(cfg)
        .ty::<api::Health>(cfg)
        .ty::<api::About>(cfg)
        .ty::<api::Refreshed>(cfg)
        .ty::<api::DailyRange>(cfg)
        .ty::<manna_server::identity::Registration>(cfg)
        .ty::<api::RecordView>(cfg)
        .ty::<manna_server::accounts::AccountView>(cfg)
        .ty::<api::SignedIn>(cfg)
        .ty::<api::CodeSent>(cfg)
        .ty::<api::Me>(cfg)
        .ty::<api::Done>(cfg)
        .ty::<api::CheckoutStarted>(cfg)
        .ty::<api::SubscriptionStarted>(cfg)
        .ty::<manna_server::entitlement::Entitlement>(cfg)
        .ty::<api::PremiumStatus>(cfg)
        .ty::<api::CheckoutVerified>(cfg)
        .ty::<api::PaymentStatus>(cfg)
        .ty::<api::SubscriptionCheck>(cfg)
        .ty::<api::PortalLink>(cfg)
        .ty::<api::BillingConfig>(cfg)
        .ty::<api::WebhookReceived>(cfg)
        .ty::<manna_core::premium::PublicKey>(cfg)
        .ty::<api::KeySet>(cfg)
        .ty::<api::EmailCheck>(cfg)
        .ty::<api::Urgency>(cfg)
        .ty::<api::TrialStatus>(cfg)
        .ty::<manna_server::mail::Email>(cfg)
        .ty::<api::Outbox>(cfg)
        .ty::<manna_server::routes::CalendarFeed>(cfg)
        .ty::<manna_server::push::PushMessage>(cfg)
        .ty::<manna_server::routes::PushPublicKey>(cfg)
        .ty::<manna_server::routes::PushSubscriptionSaved>(cfg)
        .ty::<manna_server::places::ZipPlace>(cfg)
        .ty::<manna_server::places::Farm>(cfg)
        .ty::<manna_server::places::Trail>(cfg)
        .ty::<manna_server::places::Attribution>(cfg)
        .ty::<manna_server::places::PlaceData>(cfg)
        .ty::<manna_server::places::MapTiles>(cfg)
        .ty::<manna_server::places::FarmSearch>(cfg)
        .ty::<manna_server::places::TrailSearch>(cfg)
        .ty::<manna_server::routes::GroupMember>(cfg)
        .ty::<manna_server::routes::GroupSummary>(cfg)
        .ty::<manna_server::routes::GroupList>(cfg)
        .ty::<manna_server::routes::GroupDetail>(cfg)
        .ty::<manna_server::routes::GroupInvitation>(cfg)
        .ty::<manna_server::routes::GroupInvitations>(cfg)
        .ty::<manna_server::routes::InvitationPreview>(cfg);

    vec![
        ("tables", tables),
        ("theme", theme),
        ("records", records),
        ("sync", sync),
        ("core", core),
        ("content", content),
        ("meals", meals),
        ("api", answers),
    ]
}

fn table_records() -> String {
    let rows: Vec<String> = protocol::Table::ALL
        .iter()
        .map(|t| format!("  {}: {};", t.wire(), t.record_type()))
        .collect();
    format!("{{\n{}\n}}", rows.join("\n"))
}

/// Whether `text` mentions `name` as a whole word.
fn mentions(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + name.len()..].chars().next();
        let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !word(before) && !word(after)
    })
}

fn render(all: &[(&'static str, File)]) -> Vec<(String, String)> {
    all.iter()
        .map(|(name, file)| {
            let body: String = file.items.iter().map(|(_, t)| format!("\n{t}")).collect();
            let mut imports = String::new();
            for (other, theirs) in all {
                if other == name {
                    continue;
                }
                let used: Vec<&str> = theirs
                    .items
                    .iter()
                    .map(|(n, _)| n.as_str())
                    .filter(|n| mentions(&body, n))
                    .collect();
                if !used.is_empty() {
                    let _ = writeln!(
                        imports,
                        "import type {{ {} }} from './{other}';",
                        used.join(", ")
                    );
                }
            }
            let text = format!(
                "{HEADER}// {}\n{}{}",
                file.doc,
                if imports.is_empty() {
                    String::new()
                } else {
                    format!("\n{imports}")
                },
                body
            );
            (format!("{name}.ts"), text)
        })
        .collect()
}

fn main() {
    let check = std::env::args().any(|a| a == "--check");
    let dir: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR")).join("../pwa/src/generated");
    let cfg = Config::new().with_large_int("number");
    let mut stale = Vec::new();
    for (name, text) in render(&files(&cfg)) {
        let path = dir.join(&name);
        let current = std::fs::read_to_string(&path).unwrap_or_default();
        if current == text {
            continue;
        }
        if check {
            stale.push(name);
        } else {
            std::fs::create_dir_all(&dir).expect("create pwa/src/generated");
            std::fs::write(&path, text).expect("write a generated file");
            println!("wrote pwa/src/generated/{name}");
        }
    }
    if !stale.is_empty() {
        eprintln!(
            "pwa/src/generated is stale ({}): run `make types` and commit the result",
            stale.join(", ")
        );
        std::process::exit(1);
    }
}
