// The banner shown across screens: gold 'PREMIUM MEMBER' for members; for
// everyone else, once the welcome is behind them, a dismissible 'PREMIUM
// REQUIRED' (hidden for the session once dismissed). Its place is kept from
// the first frame so nothing below it ever moves: until premium is known it
// shows what this device last knew, and the first page from the server has
// what the app showed there last (a cookie says so). The 'Test mode' badge
// (payments go to the emulator) sits in a corner of its own.

import { lazy, Suspense, useEffect, useState } from 'react';
import { noteBanner } from '../../lib/dayCookie';
import { useWelcomed } from '../../lib/welcomed';
import { Link } from '../../lib/router';
import { usePremium } from '../../entitlement/usePremium';
import { sessionFlag, storage } from '../../lib/storage';
import { planLabel } from './plans';

const DISMISSED_KEY = 'manna-premium-banner-dismissed';
// Asked of the server once the first screen is up: it shows nothing in place.
const TestModeBadge = lazy(() => import('./TestModeBadge'));

export function PremiumBanner() {
  const { premium, loading } = usePremium();
  const [dismissed, setDismissed] = useState(() => sessionFlag.get(DISMISSED_KEY));
  // Until the entitlement is checked, the last known state (a display mirror,
  // never a decision) keeps the banner's place and look.
  const member = loading ? storage.get('isPremium') === 'true' : premium.isPremium;
  const plan = loading ? (storage.get('subscriptionPlan') ?? 'monthly') : premium.plan;
  // Nothing asks anyone to pay before the welcome is done.
  const welcomed = useWelcomed();
  const prompt = !member && !dismissed && welcomed;
  const shown = member ? (plan === 'annual' ? 'annual' : 'monthly') : prompt ? 'prompt' : null;
  useEffect(() => noteBanner(shown), [shown]);
  return (
    <>
      {member ? (
        <div className="premium-banner premium-member" role="status">
          <strong>
            <span aria-hidden="true">👑</span> PREMIUM MEMBER
          </strong>
          <span>{planLabel(plan)}</span>
          <span>Full Access</span>
        </div>
      ) : !prompt ? null : (
        <div className="premium-banner premium-required" role="region" aria-label="Premium">
          <p>
            <strong>PREMIUM REQUIRED</strong> - Subscribe now to access premium wellness content and features
          </p>
          <Link className="btn btn-gold btn-small" to="/subscribe">
            Subscribe
          </Link>
          <button
            type="button"
            className="icon-btn"
            aria-label="Dismiss the premium banner"
            onClick={() => {
              sessionFlag.set(DISMISSED_KEY);
              setDismissed(true);
            }}
          >
            ×
          </button>
        </div>
      )}
      <Suspense fallback={null}>
        <TestModeBadge />
      </Suspense>
    </>
  );
}
