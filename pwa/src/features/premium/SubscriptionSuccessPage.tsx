// /subscription-success: 'Welcome to Premium!'. With session_id the checkout is
// verified by the server (which stores the subscription for this user and
// answers a fresh entitlement); with payment_intent the payment status is read.
// The page is shown in every case; premium shows only once the server says so.

import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { apiRequest } from '../../api/client';
import { toast } from '../../components/toast';
import { verifyCheckout } from './entitlement';
import { PremiumFeatureList } from './PremiumFeatureList';
import { planLabel } from './plans';
import { useRecheckPremium } from './usePremium';

export default function SubscriptionSuccessPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // The embedded payment page has already said 'Payment Successful!'.
  const toasted = (useLocation().state as { toasted?: boolean } | null)?.toasted === true;
  const recheck = useRecheckPremium();
  const plan = params.get('plan') === 'annual' ? 'annual' : 'monthly';
  const sessionId = params.get('session_id');
  const paymentIntent = params.get('payment_intent');
  const [checking, setChecking] = useState(Boolean(sessionId || paymentIntent));

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        if (sessionId) {
          await verifyCheckout(sessionId);
        } else if (paymentIntent) {
          const { status } = await apiRequest<{ status: string }>('GET', `/api/verify-payment/${encodeURIComponent(paymentIntent)}`);
          if (status === 'succeeded' && !toasted) toast({ title: 'Payment Successful!' });
        }
      } catch (error) {
        console.warn('Verifying the payment failed', error);
      }
      await recheck();
      if (live) setChecking(false);
    })();
    return () => {
      live = false;
    };
  }, [sessionId, paymentIntent, recheck, toasted]);

  return (
    <main className="page success">
      <section className="card success-card">
        <h1>Welcome to Premium!</h1>
        <p>
          Your <strong>{planLabel(plan)}</strong> is ready.
        </p>
        {checking && (
          <p className="muted" role="status">
            Confirming your subscription…
          </p>
        )}
        <h2>Unlocked for you</h2>
        <PremiumFeatureList />
        <button type="button" className="btn btn-gold" onClick={() => void navigate('/?verified=true')}>
          Start Your Wellness Journey
        </button>
      </section>
    </main>
  );
}
