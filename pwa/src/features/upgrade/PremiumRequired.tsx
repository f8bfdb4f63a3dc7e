// The premium-required notice: what the plan gives, a way to start it, and a
// way back. Shown on /already-paid when an email has no subscription, and by
// premium-only screens to people without premium.

import { PLANS } from '../../generated/core';
import { Link, useNavigate } from '../../lib/router';
import { PremiumFeatureList } from './PremiumFeatureList';

export function PremiumRequired() {
  const navigate = useNavigate();
  return (
    <section className="promo premium-required-notice" aria-labelledby="premium-required-title">
      <h2 id="premium-required-title">Get Your Personalized 30-Day Wellness Plan</h2>
      <PremiumFeatureList />
      <div className="row-actions">
        <Link className="btn btn-gold" to="/checkout">
          {`Start My Plan - ${PLANS.monthly.price}/month`}
        </Link>
        <button type="button" className="btn btn-outline" onClick={() => void navigate(-1)}>
          Back
        </button>
      </div>
      <p className="muted small">7-day free trial, cancel anytime</p>
    </section>
  );
}
