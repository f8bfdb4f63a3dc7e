// Generated from the Rust types by `make types`: do not edit.
// The app's themes (manna_sync_protocol).

export type Theme = "system" | "light" | "dark";

export const THEME_VALUES = [
  "system",
  "light",
  "dark"
] as const satisfies readonly Theme[];
