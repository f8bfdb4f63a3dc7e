// This browser's device registration, for calls that need the device token.
// The sync engine (and Dexie with it) loads on first use, not with the page.

export async function ensureDevice(): Promise<void> {
  await (await import('./engine')).ensureDevice();
}
