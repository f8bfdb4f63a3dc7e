//! State shared by the handlers: configuration, clock, database, the services
//! by concept and the content served. Extractors and services take only
//! the part they need (`Store`, `Clock`, `Arc<Config>`) through `FromRef`, so they
//! never depend on this module.

use crate::billing::StripeApi;
use crate::clock::Clock;
use crate::config::Config;
use crate::content::{ContentSet, ListKey, Served, load_into_store, read_content_files_shared};
use crate::encoded::Encoded;
use crate::entitlement::EntitlementSigner;
use crate::error::AppError;
use crate::guard::{Backoff, Origins, RateLimiter, Turns};
use crate::store::Store;
use crate::sync::Writer;
use axum::extract::FromRef;
use manna_core::Date;
use std::sync::Arc;

/// The state every request is given: one pointer, cloned for each request
/// and each extractor as one count, to what the server holds.
#[derive(Debug, Clone)]
pub struct AppState(Arc<Shared>);

/// What the server holds for its requests.
#[derive(Debug)]
pub struct Shared {
    pub config: Arc<Config>,
    pub clock: Clock,
    pub store: Store,
    pub signer: Arc<EntitlementSigner>,
    pub limits: Arc<RateLimiter>,
    /// Growing delays after an account's wrong passwords.
    pub login_delays: Arc<Backoff>,
    /// Where anonymous users were first seen (keyed hashes of addresses).
    pub origins: Origins,
    /// Each user's turns: a few calls at once.
    pub turns: Turns,
    pub stripe: StripeApi,
    /// The services the routes call, by concept (each shares the store).
    pub accounts: crate::accounts::Accounts,
    pub devices: crate::identity::Devices,
    pub sync: crate::sync::SyncService,
    pub ledger: crate::billing::Ledger,
    pub feeds: crate::calendar::Feeds,
    pub groups: crate::groups::Groups,
    pub subscribers: crate::push::Subscribers,
    pub entitlements: crate::entitlement::Entitlements,
    pub mailer: crate::mail::Mailer,
    /// Web Push: the VAPID key and the client that reaches push services.
    pub push: Arc<crate::push::Push>,
    /// The pool that sends notifications, a few at a time to each service.
    pub senders: crate::push::senders::Senders,
    /// Asks for a look at the group notifications soon.
    pub soon: crate::push::Soon,
    /// The live map source (Overpass) and its queue, when
    /// `MANNA_OVERPASS_URL` is set.
    pub asking: Option<Arc<crate::places::asking::Asking>>,
    /// The content files as served, and Home's encoded days.
    served: Served,
    /// The whole KJV and WEB, read at start.
    pub bible: Arc<crate::bible::Bible>,
}

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

impl FromRef<AppState> for Store {
    fn from_ref(state: &AppState) -> Self {
        state.store.clone()
    }
}

impl FromRef<AppState> for Turns {
    fn from_ref(state: &AppState) -> Self {
        state.turns.clone()
    }
}

impl FromRef<AppState> for Clock {
    fn from_ref(state: &AppState) -> Self {
        state.clock.clone()
    }
}

impl FromRef<AppState> for Arc<Config> {
    fn from_ref(state: &AppState) -> Self {
        state.config.clone()
    }
}

impl AppState {
    pub async fn open(mut config: Config, clock: Clock) -> Result<Self, AppError> {
        config.check().map_err(AppError::Internal)?;
        // The signing keys and the outbox live here whichever the database.
        crate::store::private::private_folder(&config.data_dir)?;
        let store = Store::open_at(config.database())?;
        // Replicas sign with the same keys: kept in the shared store (the
        // first replica's), else in the data folder.
        let signer = match store.is_shared() {
            true => {
                let seed = EntitlementSigner::new_seed()?;
                let name = EntitlementSigner::SHARED_NAME;
                let kept = store.shared_secret(name, seed, clock.now_ms()).await?;
                EntitlementSigner::from_hex(&kept, "the shared entitlement key")?
            }
            false => EntitlementSigner::load_or_create(&config.data_dir)?,
        };
        if store.is_shared() && config.vapid_private_key.is_none() {
            let made = crate::push::keys::VapidKeys::new_encoded();
            let kept = store.shared_secret("vapid", made, clock.now_ms()).await?;
            config.vapid_private_key = Some(kept.as_str().into());
        }
        let bible =
            crate::bible::Bible::load_shared(&config.content_dir).map_err(AppError::Internal)?;
        let push = Arc::new(crate::push::Push::from_config(&config)?);
        let origin_key = crate::tokens::random_hex(32)?;
        let origin_key = store
            .shared_secret(Origins::SECRET_NAME, origin_key, clock.now_ms())
            .await?;
        let origins = Origins::new(&origin_key);
        let (config, signer) = (Arc::new(config), Arc::new(signer));
        let state = Self(Arc::new(Shared {
            signer: signer.clone(),
            limits: Arc::new(match store.is_shared() {
                true => RateLimiter::shared(store.clone()),
                false => RateLimiter::default(),
            }),
            login_delays: Arc::new(match store.is_shared() {
                true => Backoff::shared(store.clone()),
                false => Backoff::default(),
            }),
            origins,
            turns: Turns::default(),
            stripe: StripeApi::from_config(&config)?,
            accounts: crate::accounts::Accounts::new(store.clone()),
            devices: crate::identity::Devices::new(store.clone(), clock.clone()),
            sync: crate::sync::SyncService::new(store.clone()),
            ledger: crate::billing::Ledger::new(store.clone()),
            feeds: crate::calendar::Feeds::new(store.clone()),
            groups: crate::groups::Groups::new(store.clone()),
            subscribers: crate::push::Subscribers::new(store.clone()),
            entitlements: crate::entitlement::Entitlements::new(
                store.clone(),
                config.clone(),
                clock.clone(),
                signer,
            ),
            mailer: crate::mail::Mailer::from_config(&config, &clock)?,
            push: push.clone(),
            senders: crate::push::senders::Senders::new(push, store.clone(), clock.clone()),
            soon: crate::push::Soon::default(),
            asking: crate::places::live::Overpass::from_config(&config)
                .map_err(AppError::Internal)?
                .map(|live| Arc::new(crate::places::asking::Asking::new(live))),
            config,
            clock,
            store,
            served: Served::default(),
            bible,
        }));
        state.reload_content().await?;
        if state.config.rotate_epoch {
            let epoch = state
                .store
                .rotate_epoch(crate::tokens::random_hex(8)?)
                .await?;
            tracing::warn!(%epoch, "database epoch changed: every device will resync from a snapshot");
        }
        crate::retention::tidy(&state.store, &state.clock).await?;
        // Records made before a plan was renamed name it by its new id: once
        // at start (the ids change with the content), not at every tidy's
        // scan of all records.
        let renamed =
            crate::renames::rename_old_ids(&state.store, state.gate(), state.clock.now_ms())
                .await?;
        if renamed > 0 {
            tracing::info!(renamed, "records brought to the plans' new ids");
        }
        Ok(state)
    }

    /// Re-reads the content files, stores them when they changed and serves the result.
    pub async fn reload_content(&self) -> Result<(), AppError> {
        let files =
            read_content_files_shared(&self.config.content_dir).map_err(AppError::Internal)?;
        let set = load_into_store(&self.store, &files).await?;
        self.served.replace(set);
        Ok(())
    }

    pub fn content(&self) -> Arc<ContentSet> {
        self.served.current()
    }

    /// The writer of a device's pushes: the device, now, through the gate.
    pub fn device_writer(&self, auth: &crate::identity::DeviceAuth) -> Writer {
        Writer {
            user: auth.user_id.clone(),
            device: auth.device_id.clone(),
            now_ms: self.clock.now_ms(),
            gate: Arc::new(self.gate()),
        }
    }

    /// The writer of a change a REST call makes: the caller's REST device
    /// (`rest:<device>`), now, through the REST gate (a refusal is the call's
    /// status).
    pub fn rest_writer(&self, auth: &crate::identity::DeviceAuth) -> Writer {
        Writer {
            user: auth.user_id.clone(),
            device: format!("rest:{}", auth.device_id),
            now_ms: self.clock.now_ms(),
            gate: Arc::new(crate::admission::RestGate(self.gate())),
        }
    }

    /// Whether the database answers (the health check).
    pub async fn database_answers(&self) -> Result<(), AppError> {
        Ok(self.store.ping().await?)
    }

    /// The guard that answers 503 when too many calls wait for the database.
    pub fn load_guard(&self) -> crate::guard::Load {
        crate::guard::Load {
            store: self.store.clone(),
            most_waiting: self.config.db_queue_max,
        }
    }

    /// What a search of farms and trails reads.
    pub fn finder(&self) -> crate::places::search::Finder<'_> {
        crate::places::search::Finder {
            store: &self.store,
            clock: &self.clock,
            limits: &self.limits,
            asking: self.asking.as_ref(),
        }
    }

    /// The gate a user's writes pass now.
    pub fn gate(&self) -> crate::admission::ServerGate {
        crate::admission::ServerGate {
            content: self.content(),
            config: self.config.clone(),
            now_secs: self.clock.now_secs(),
        }
    }

    /// The home payload of `date`, encoded and compressed once.
    pub fn home_json(&self, date: Date) -> Arc<Encoded> {
        self.served.home_json(date)
    }

    /// A large list the same for everyone it names, encoded and compressed
    /// once (see [`Served::list_json`]).
    pub fn list_json(
        &self,
        key: ListKey,
        make: impl FnOnce(&ContentSet) -> String,
    ) -> Arc<Encoded> {
        self.served.list_json(key, make)
    }
}
