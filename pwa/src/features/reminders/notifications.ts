// This device's push subscription: asked for with the browser's permission,
// kept by the server with the device's time zone (reminders ring at their
// local time wherever the phone is), and ended here and there together.

import { useCallback, useEffect, useState } from 'react';
import { apiRequest } from '../../api/client';
import { messageOf } from '../../api/messageOf';
import type { PushPublicKey, PushSubscriptionSaved } from '../../generated/api';

/** Where this device stands. */
export type NotificationState =
  | 'checking'
  /** An iPhone or iPad whose Safari has no Push API until Manna is opened from the Home Screen. */
  | 'home-screen'
  /** No service worker or Push API. */
  | 'unsupported'
  /** The person said no; only the browser's site settings can undo it. */
  | 'blocked'
  | 'off'
  | 'on';

export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** An iPhone or iPad browsing (not opened from the Home Screen): there, web
 *  notifications come only to apps added to the Home Screen. */
function iosOutsideHomeScreen(): boolean {
  const ios = /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true || (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches);
  return ios && !standalone;
}

/** Why turning notifications on did not: the browser's answer to the
 *  permission prompt, or a push service it could not reach. */
export class NotTurnedOn extends Error {
  constructor(readonly cause: 'blocked' | 'dismissed' | 'no-push-service') {
    super(cause);
    this.name = 'NotTurnedOn';
  }
}

/** The base64url text of the server's key as the bytes `subscribe` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The device's time zone as the server reads reminder times in. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The service worker's registration; a browser that never gets one (a
 *  private window that refuses it) counts as not supporting notifications. */
async function registration(): Promise<ServiceWorkerRegistration> {
  const late = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no service worker')), 10_000));
  return Promise.race([navigator.serviceWorker.ready, late]);
}

async function currentSubscription(): Promise<PushSubscription | null> {
  return (await registration()).pushManager.getSubscription();
}

/** Sends the subscription (again) so the server has it with today's zone. */
async function keep(subscription: PushSubscription): Promise<void> {
  const json = subscription.toJSON();
  await apiRequest<PushSubscriptionSaved>('POST', '/api/push/subscriptions', {
    endpoint: json.endpoint,
    keys: json.keys,
    timeZone: deviceTimeZone(),
  });
}

/** Asks for permission if needed, subscribes and tells the server. */
export async function turnOn(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new NotTurnedOn(permission === 'denied' ? 'blocked' : 'dismissed');
  const { publicKey } = await apiRequest<PushPublicKey>('GET', '/api/push/public-key');
  const { pushManager } = await registration();
  let subscription = await pushManager.getSubscription();
  if (!subscription) {
    try {
      subscription = await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
    } catch (e) {
      // The browser's push service refused or could not be reached (a browser
      // without one, a private window): nothing the server could change.
      if (e instanceof DOMException && e.name !== 'NotAllowedError') throw new NotTurnedOn('no-push-service');
      throw e;
    }
  }
  await keep(subscription);
}

/** Ends the subscription here and on the server. */
export async function turnOff(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  try {
    await apiRequest('DELETE', '/api/push/subscriptions', { endpoint: subscription.endpoint });
  } finally {
    await subscription.unsubscribe();
  }
}

/** Asks the server for a notification to this device now. */
export async function sendTest(): Promise<void> {
  await apiRequest('POST', '/api/push/test');
}

/** This device's state, kept current; `refresh` after a change. Once on,
 *  the subscription is sent again with the device's zone (a phone that
 *  travelled rings at the new local time). */
export function useNotificationState(): { state: NotificationState; refresh: () => void } {
  const [state, setState] = useState<NotificationState>('checking');
  const refresh = useCallback(() => void readState().then(setState), []);
  useEffect(() => {
    refresh();
    // On a first visit the service worker may still be installing when the
    // page asks (a slow phone or network): once it is ready, ask again, so a
    // late worker is not taken for none.
    if ('serviceWorker' in navigator) void navigator.serviceWorker.ready.then(refresh);
  }, [refresh]);
  return { state, refresh };
}

async function readState(): Promise<NotificationState> {
  if (!pushSupported()) return iosOutsideHomeScreen() ? 'home-screen' : 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  try {
    const subscription = await currentSubscription();
    if (subscription === null || Notification.permission !== 'granted') return 'off';
    if (navigator.onLine) void keep(subscription).catch(() => undefined);
    return 'on';
  } catch {
    return 'unsupported';
  }
}

/** What went wrong turning notifications on or off, by its cause, or null
 *  where the page already says it (blocked: the browser's settings). */
export function whyNotChanged(e: unknown): string | null {
  if (e instanceof NotTurnedOn) {
    if (e.cause === 'blocked') return null;
    if (e.cause === 'dismissed') return 'Notifications stay off: permission was not given. Tap Turn on notifications to be asked again.';
    return (
      'This browser could not reach its push service, so reminders cannot ring on this device. Some browsers have none (in a ' +
      'private window, or without Google services). The calendar address in Settings rings your reminders in your calendar instead.'
    );
  }
  if (!navigator.onLine) return 'You are offline. Notifications can be changed once you are back online.';
  return messageOf(e, 'Notifications could not be changed on this device. Please try again in a moment.');
}

/** What a device that cannot turn notifications on is told, by why; null
 *  where it can. */
export function stateWords(state: NotificationState): string | null {
  switch (state) {
    case 'home-screen':
      return (
        'On an iPhone or iPad, reminders ring once Manna is on your Home Screen: tap Share, then Add to Home Screen, and open ' +
        'Manna from there to turn notifications on. Until then, the calendar address in Settings rings them in your calendar.'
      );
    case 'unsupported':
      return "This browser cannot show notifications. The calendar address in Settings rings your reminders in your phone's calendar instead.";
    case 'blocked':
      return "Notifications are blocked for Manna. Allow them in this site's settings in your browser, then come back to this page.";
    default:
      return null;
  }
}
