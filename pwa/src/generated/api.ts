// Generated from the Rust types by `make types`: do not edit.
// The answers of the HTTP API (server/src/api.rs and friends).

import type { GroupKind, Role, NoticeChoice } from './records';
import type { Plan } from './core';
import type { DayContent } from './content';

export type ErrorBody = { 
/**
 * A stable code (`bad_request`, `unauthorized`, `clientTooOld`, …).
 */
error: string, 
/**
 * What went wrong, for a person.
 */
message: string, 
/**
 * The field at fault, when a record was refused.
 */
field?: string, };

export type Health = { status: string, contentVersion: string, };

export type About = { 
/**
 * The address privacy requests go to (`MANNA_CONTACT_EMAIL`), when set.
 */
contactEmail: string | null, };

export type Refreshed = { ok: boolean, 
/**
 * Whether the content files were read again (owners only).
 */
reloaded: boolean, contentVersion: string, };

export type DailyRange = { contentVersion: string, days: Array<DayContent>, };

export type Registration = { userId: string, deviceId: string, deviceToken: string, };

export type RecordView = { id: string, userId: string, };

export type AccountView = { id: string, email: string, firstName: string, lastName: string | null, 
/**
 * `active` while the user is premium (paying, trialing or an owner), else `free`.
 */
subscriptionStatus: string, subscriptionPlan: string, isOwner: boolean, 
/**
 * Whether the account signs in with a password (one without proves
 * itself with emailed codes, to delete it for instance).
 */
hasPassword: boolean, };

export type SignedIn = { message: string, 
/**
 * The id this device now speaks for.
 */
userId: string, user: AccountView, 
/**
 * Records of the anonymous user merged into the account (login).
 */
claimedRecords?: number, };

export type CodeSent = { codeSent: boolean, message: string, };

export type Me = { user: AccountView, };

export type Done = { message: string, };

export type CheckoutStarted = { url: string, sessionId: string, };

export type SubscriptionStarted = { clientSecret: string, subscriptionId: string, plan: Plan, 
/**
 * Cents.
 */
amount: number, };

export type Entitlement = { token: string, expiresAt: number, };

export type PremiumStatus = { isPremium: boolean, active: boolean, plan?: string, 
/**
 * `active`, `trialing` or `owner`.
 */
status?: string, isOwner?: boolean, stripeCustomerId?: string, subscriptionId?: string, 
/**
 * End of the free trial (ms), while trialing.
 */
trialEnd?: number, 
/**
 * When the subscription began (ms): "Member Since".
 */
memberSince?: number, 
/**
 * A signed token the device keeps to stay premium offline.
 */
entitlement?: Entitlement, };

export type CheckoutVerified = { verified: boolean, message?: string, customerId?: string, isPremium: boolean, active: boolean, plan?: string, 
/**
 * `active`, `trialing` or `owner`.
 */
status?: string, isOwner?: boolean, stripeCustomerId?: string, subscriptionId?: string, 
/**
 * End of the free trial (ms), while trialing.
 */
trialEnd?: number, 
/**
 * When the subscription began (ms): "Member Since".
 */
memberSince?: number, 
/**
 * A signed token the device keeps to stay premium offline.
 */
entitlement?: Entitlement, };

export type PaymentStatus = { status: string, };

export type SubscriptionCheck = { 
/**
 * The ids name one of this user's subscriptions.
 */
verified?: boolean, active: boolean, plan: string | null, entitlement?: Entitlement, };

export type PortalLink = { url: string, };

export type BillingConfig = { 
/**
 * Payments go to the local Stripe emulator.
 */
testMode: boolean, publishableKey: string | null, emulatorUrl: string | null, };

export type WebhookReceived = { received: boolean, outcome: string, };

export type PublicKey = { kid: string, kty: string, crv: string, alg: string, 
/**
 * The 32-byte public key, base64url without padding.
 */
x: string, };

export type KeySet = { keys: Array<PublicKey>, };

export type EmailCheck = { 
/**
 * A code was sent (the first step).
 */
codeSent?: boolean, email?: string, message?: string, 
/**
 * The email was proven with its code (the second step).
 */
verifiedEmail?: string, hasActiveSubscription?: boolean, 
/**
 * No account has this email yet: offer to secure one with a password.
 */
needsPassword?: boolean, error?: string, isPremium: boolean, active: boolean, plan?: string, 
/**
 * `active`, `trialing` or `owner`.
 */
status?: string, isOwner?: boolean, stripeCustomerId?: string, subscriptionId?: string, 
/**
 * End of the free trial (ms), while trialing.
 */
trialEnd?: number, 
/**
 * When the subscription began (ms): "Member Since".
 */
memberSince?: number, 
/**
 * A signed token the device keeps to stay premium offline.
 */
entitlement?: Entitlement, };

export type Urgency = "normal" | "high" | "critical" | "expired";

export type TrialStatus = { showUpgradePrompt: boolean, isPremium: boolean, isTrialing: boolean, isTrialExpired?: boolean, daysRemaining?: number, urgencyLevel?: Urgency, 
/**
 * End of the trial (ms).
 */
trialEnd?: number, };

export type Email = { to: string, subject: string, text: string, sentAt: number, };

export type Outbox = { emails: Array<Email>, };

export type CalendarFeed = { active: boolean, 
/**
 * ISO time the current address was made.
 */
createdAt: string | null, url: string | null, };

export type PushMessage = { title: string, body: string, 
/**
 * The page the notification opens.
 */
url: string, 
/**
 * A later notification with the same tag replaces this one.
 */
tag: string, };

export type PushPublicKey = { 
/**
 * The uncompressed P-256 point, base64url without padding.
 */
publicKey: string, };

export type PushSubscriptionSaved = { endpoint: string, timeZone: string, };

export type ZipPlace = { zip: string, city: string, state: string, latitude: number, longitude: number, };

export type Farm = { 
/**
 * The OpenStreetMap element: `node/123`, `way/45` or `relation/6`.
 */
id: string, name: string, 
/**
 * What the place is: "Farm shop" or "Farmers' market".
 */
category: string, 
/**
 * True only where the tags say it sells organic food only (`organic=only`).
 */
isOrganicCertified: boolean, address: string | null, city: string | null, state: string | null, zipCode: string | null, 
/**
 * Miles from the ZIP code's centre (great-circle); null in a name search.
 */
distance: number | null, 
/**
 * The distance as the card shows it: miles to one decimal ("3.2 miles").
 */
distanceLabel: string | null, description: string | null, products: Array<string> | null, operatingHours: string | null, acceptsCredit: boolean | null, acceptsSNAP: boolean | null, acceptsWIC: boolean | null, phone: string | null, website: string | null, email: string | null, latitude: number, longitude: number, };

export type Trail = { 
/**
 * The OpenStreetMap element: `relation/6`, or `way/45` (the first way of a named path).
 */
id: string, name: string, address: string | null, city: string | null, state: string | null, zipCode: string | null, 
/**
 * 1 (easy) to 3 (difficult), from the SAC hiking scale (`sac_scale`).
 */
difficulty: number | null, 
/**
 * "Easy" (up to 1), "Moderate" (up to 2) or "Difficult".
 */
difficultyLabel: string | null, rating: number | null, reviewCount: number | null, 
/**
 * Miles from the ZIP code's centre to the trail's nearest point.
 */
distance: number | null, 
/**
 * The distance as the card shows it: feet under a mile ("2112 ft"),
 * else miles to one decimal ("3.2 miles").
 */
distanceLabel: string | null, surface: string | null, 
/**
 * Feet above sea level (`ele`).
 */
elevation: number | null, hours: string | null, description: string | null, facilities: Array<string> | null, features: Array<string> | null, dogFriendly: boolean | null, wheelchairAccessible: boolean | null, bikingAllowed: boolean | null, phone: string | null, website: string | null, 
/**
 * The trail's point nearest the ZIP's centre (its first point in a name search).
 */
latitude: number, longitude: number, };

export type Attribution = { text: string, url: string, };

export type PlaceData = { 
/**
 * False when nothing is imported and no live source is set: the page
 * says so instead of "nothing found".
 */
configured: boolean, 
/**
 * When the places searched were last loaded (ISO 8601), if ever.
 */
updatedAt: string | null, 
/**
 * True when the live source failed and these are the places it gave
 * before (as of `updatedAt`).
 */
stale: boolean, };

export type MapTiles = { url: string, attribution: string, };

export type FarmSearch = { farms: Array<Farm>, zip: string | null, radius: number | null, 
/**
 * The ZIP code searched around (none in a name search).
 */
center: ZipPlace | null, attribution: Attribution, data: PlaceData, map: MapTiles, };

export type TrailSearch = { trails: Array<Trail>, zip: string, radius: number, 
/**
 * The ZIP code searched around.
 */
center: ZipPlace, attribution: Attribution, data: PlaceData, map: MapTiles, };

export type GroupMember = { memberId: string, displayName: string, role: Role, 
/**
 * ISO time they joined.
 */
joinedAt: string, };

export type GroupSummary = { id: string, name: string, description: string, kind: GroupKind, 
/**
 * The person's role in it.
 */
role: Role, 
/**
 * The person's member id in it.
 */
memberId: string, memberCount: number, reflections: boolean, };

export type GroupList = { groups: Array<GroupSummary>, };

export type GroupDetail = { id: string, name: string, description: string, kind: GroupKind, 
/**
 * Whether members may add reflections to the day's reading.
 */
reflections: boolean, 
/**
 * ISO time it was made.
 */
createdAt: string, 
/**
 * The asker's own place in it.
 */
you: GroupMember, 
/**
 * Everyone in it, the first to join first.
 */
members: Array<GroupMember>, 
/**
 * How the asker hears of it.
 */
notices: NoticeChoice, };

export type GroupInvitation = { id: string, code?: string, 
/**
 * The link to share (it opens the join page).
 */
url?: string, createdAt: string, expiresAt: string, maxUses: number | null, uses: number, };

export type GroupInvitations = { invitations: Array<GroupInvitation>, };

export type InvitationPreview = { groupId: string, name: string, description: string, kind: GroupKind, memberCount: number, expiresAt: string, 
/**
 * Whether the asker already belongs to the group.
 */
joined: boolean, };
