// Home's premium section: 'PREMIUM MEMBER' with the hub link for members, the
// promo for everyone else, and the page-load check of a `session_id` that a
// checkout sent the browser back with.

import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PremiumPromo } from '../home/PremiumPromo';
import { verifyCheckout } from './entitlement';
import { usePremium, useRecheckPremium } from './usePremium';

export function HomePremium() {
  const { premium, loading } = usePremium();
  useSessionIdCheck(premium.isPremium, loading);
  if (loading) return null;
  if (premium.isPremium) {
    return (
      <section className="promo premium-home" aria-labelledby="premium-member">
        <h2 id="premium-member">👑 PREMIUM MEMBER</h2>
        <p>{premium.plan === 'annual' ? 'Annual Plan' : 'Monthly Plan'} · Full Access</p>
        <Link className="btn btn-gold" to="/premium-dashboard">
          Access Premium Hub
        </Link>
      </section>
    );
  }
  return <PremiumPromo />;
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
