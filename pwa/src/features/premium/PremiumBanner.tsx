// The banner shown across screens: gold 'PREMIUM MEMBER' for members; for
// everyone else a dismissible 'PREMIUM REQUIRED' (hidden for the session once
// dismissed), plus a 'Test mode' badge while payments go to the emulator.

import { useState } from 'react';
import { Link } from 'react-router';
import { sessionFlag } from '../../lib/storage';
import { useBillingConfig } from './billingConfig';
import { planLabel } from './plans';
import { usePremium } from './usePremium';

const DISMISSED_KEY = 'manna-premium-banner-dismissed';

export function PremiumBanner() {
  const { premium, loading } = usePremium();
  const config = useBillingConfig();
  const [dismissed, setDismissed] = useState(() => sessionFlag.get(DISMISSED_KEY));
  const testMode = config.data?.testMode ? (
    <span className="test-badge" title="Payments go to the local Stripe emulator: use card 4242 4242 4242 4242">
      Test mode
    </span>
  ) : null;
  if (premium.isPremium) {
    return (
      <div className="premium-banner premium-member" role="status">
        <strong>
          <span aria-hidden="true">👑</span> PREMIUM MEMBER
        </strong>
        <span>{planLabel(premium.plan)}</span>
        <span>Full Access</span>
        {testMode}
      </div>
    );
  }
  // Nothing to offer while premium is being checked or after a dismissal.
  if (loading || dismissed) return testMode && <div className="premium-banner-row">{testMode}</div>;
  return (
    <div className="premium-banner premium-required" role="region" aria-label="Premium">
      <p>
        <strong>PREMIUM REQUIRED</strong> - Subscribe now to access premium wellness content and features
      </p>
      <Link className="btn btn-gold btn-small" to="/subscribe">
        Subscribe
      </Link>
      {testMode}
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
  );
}
