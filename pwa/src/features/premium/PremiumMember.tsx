// Home's premium section: 'PREMIUM MEMBER' with the hub link and 'Manage
// subscription' for members; for everyone else the promo and, when an email is
// stored on this device, the subscription check; and the page-load check of a
// `session_id` that a checkout sent the browser back with.

import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { storage } from '../../lib/storage';
import { PremiumPromo } from '../home/PremiumPromo';
import { verifyCheckout } from './entitlement';
import { ManageSubscriptionButton } from './manage';
import { planLabel } from './plans';
import { usePremium, useRecheckPremium } from './usePremium';

export function HomePremium() {
  const { premium, loading } = usePremium();
  useSessionIdCheck(premium.isPremium, loading);
  if (loading) return null;
  if (premium.isPremium) {
    return (
      <section className="promo premium-home" aria-labelledby="premium-member">
        <h2 id="premium-member">
          <span aria-hidden="true">👑</span> PREMIUM MEMBER
        </h2>
        <p>{planLabel(premium.plan)} · Full Access</p>
        <div className="row-actions">
          <Link className="btn btn-gold" to="/premium-dashboard">
            Access Premium Hub
          </Link>
          <ManageSubscriptionButton isOwner={premium.isOwner} />
        </div>
      </section>
    );
  }
  return (
    <>
      <SubscriptionCheck />
      <PremiumPromo />
    </>
  );
}

/** For a device that knows an email (a login or an earlier check) but has no
 *  premium: one tap to prove that email with a code on /already-paid. */
function SubscriptionCheck() {
  const email = storage.get('verifiedEmail') ?? storage.get('userEmail');
  if (!email) return null;
  return (
    <section className="card subscription-check" aria-labelledby="subscription-check">
      <h2 id="subscription-check">Subscribed with {email}?</h2>
      <p>Confirm it with a code sent to that address and premium unlocks on this device.</p>
      <Link className="btn btn-outline" to="/already-paid" state={{ email }}>
        Check My Subscription
      </Link>
    </section>
  );
}

function useSessionIdCheck(isPremium: boolean, loading: boolean) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const recheck = useRecheckPremium();
  const sessionId = params.get('session_id');
  useEffect(() => {
    if (!sessionId || loading || isPremium) return;
    void (async () => {
      try {
        if (await verifyCheckout(sessionId)) {
          await recheck();
          void navigate('/subscription-success?verified=true', { replace: true });
        }
      } catch (error) {
        console.warn('Checking the checkout session failed', error);
      }
    })();
  }, [sessionId, loading, isPremium, navigate, recheck]);
}
