//! The server's integration tests, in one binary: most start a real server on
//! 127.0.0.1:0 over a temporary data folder (`common`), the rest drive the
//! router or the sync functions directly.

mod common;

mod accounts;
mod api;
mod backup;
mod billing;
mod calendar;
mod catalogues;
mod clock;
mod cluster;
mod conformance;
mod congregation;
mod deletion;
mod expiry;
mod fair_share;
mod group_simulation;
mod groups;
mod groups_sync;
mod hardening;
mod home;
mod journal_lock;
mod layers;
mod limits;
mod logs;
mod mail;
mod places;
mod places_live;
mod planning;
mod plans;
mod premium;
mod probe;
mod push;
mod records;
mod replicas;
mod restore;
mod router;
mod saved;
mod schema;
mod serving;
mod sessions;
mod shopping;
mod simulation;
mod static_files;
mod storage;
mod sync;
mod webhooks;
mod whole_writes;
