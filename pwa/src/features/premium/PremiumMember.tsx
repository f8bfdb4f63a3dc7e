// Home's premium section, below Today's Reading: for members the PREMIUM
// MEMBER card (their plan, the days left of a free trial and what it will
// cost, the hub link and 'Manage subscription'); for everyone else the
// subscription check (when an email is stored), the trial notice and the
// promo. Also the page-load check of a `session_id` that a checkout sent the
// browser back with.

import { useEffect } from 'react';
import { Link, useNavigate } from '../../lib/router';
import { useSearchParams } from '../../lib/searchParams';
import { verifyCheckout } from '../../entitlement/server';
import { usePremium } from '../../entitlement/usePremium';
import { useRecheckPremium } from '../../entitlement/change';
import { storage } from '../../lib/storage';
import { ManageSubscriptionButton } from './manage';
import { PLANS, planLabel } from './plans';
import { PremiumPromo } from './PremiumPromo';
import { TrialNotice, useTrialStatus } from './TrialNotice';

export function HomePremium() {
  const { premium, loading } = usePremium();
  useSessionIdCheck(premium.isPremium, loading);
  if (loading) return <div className="premium-slot" aria-hidden="true" />;
  if (premium.isPremium) return <MemberCard plan={premium.plan} isOwner={premium.isOwner} />;
  return (
    <>
      <SubscriptionCheck />
      <TrialNotice />
      <PremiumPromo />
    </>
  );
}

function MemberCard({ plan, isOwner }: { plan: string; isOwner: boolean }) {
  const trial = useTrialStatus().data;
  const figures = PLANS[plan === 'annual' ? 'annual' : 'monthly'];
  const days = trial?.isTrialing ? trial.daysRemaining : undefined;
  return (
    <section className="promo premium-home" aria-labelledby="premium-member">
      <h2 id="premium-member">
        <span aria-hidden="true">👑</span> PREMIUM MEMBER
      </h2>
      <p>{planLabel(plan)} · Full Access</p>
      {days !== undefined && (
        <p className="trial-line">
          Free trial: {days === 0 ? 'ends today' : `${days} ${days === 1 ? 'day' : 'days'} left`}, then {figures.price} {figures.per}.
        </p>
      )}
      <div className="row-actions">
        <Link className="btn btn-gold" to="/premium-dashboard">
          Access Premium Hub
        </Link>
        <ManageSubscriptionButton isOwner={isOwner} />
      </div>
    </section>
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
