// /subscription-success: 'Welcome to Premium!' once the server has confirmed
// the subscription. With session_id the checkout is verified by the server
// (which stores the subscription for this user and answers a fresh
// entitlement); with payment_intent the payment's status is read. Until the
// server confirms, the page says it is confirming (and keeps asking for a
// little while); if it never does, it says so and offers the ways forward.

import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from '../../lib/router';
import { useSearchParams } from '../../lib/searchParams';
import { apiRequest } from '../../api/client';
import { toast } from '../../components/toast';
import { verifyCheckout } from '../../entitlement/server';
import { usePremium } from '../../entitlement/usePremium';
import { useRecheckPremium } from '../../entitlement/change';
import type { PaymentStatus } from '../../generated/api';
import { PremiumFeatureList } from '../upgrade';
import { planLabel } from './plans';

/** How often and how long to ask: Stripe can take a few seconds to settle. */
const ATTEMPTS = 5;
const PAUSE_MS = 2000;

type Outcome = 'confirming' | 'confirmed' | 'unconfirmed' | 'nothing';

async function confirmed(sessionId: string | null, paymentIntent: string | null): Promise<boolean> {
  if (sessionId) return verifyCheckout(sessionId);
  if (paymentIntent) {
    const { status } = await apiRequest<PaymentStatus>('GET', `/api/verify-payment/${encodeURIComponent(paymentIntent)}`);
    return status === 'succeeded';
  }
  return false;
}

export default function SubscriptionSuccessPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // The embedded payment page has already said 'Payment Successful!'.
  const toasted = (useLocation().state as { toasted?: boolean } | null)?.toasted === true;
  const recheck = useRecheckPremium();
  const { premium } = usePremium();
  const plan = params.get('plan') === 'annual' ? 'annual' : 'monthly';
  const sessionId = params.get('session_id');
  const paymentIntent = params.get('payment_intent');
  const [outcome, setOutcome] = useState<Outcome>(sessionId || paymentIntent ? 'confirming' : 'nothing');

  useEffect(() => {
    if (!sessionId && !paymentIntent) return;
    let live = true;
    void (async () => {
      for (let attempt = 1; attempt <= ATTEMPTS && live; attempt += 1) {
        try {
          if (await confirmed(sessionId, paymentIntent)) {
            await recheck();
            if (paymentIntent && !toasted) toast({ title: 'Payment Successful!' });
            if (live) setOutcome('confirmed');
            return;
          }
        } catch (error) {
          console.warn('Confirming the subscription failed', error);
        }
        if (attempt < ATTEMPTS) await new Promise((r) => setTimeout(r, PAUSE_MS));
      }
      if (live) setOutcome('unconfirmed');
    })();
    return () => {
      live = false;
    };
  }, [sessionId, paymentIntent, recheck, toasted]);

  // A member who opens the page again is welcome whatever the address says.
  const shown: Outcome = premium.isPremium && outcome !== 'confirming' ? 'confirmed' : outcome;

  return (
    <main className="page success">
      {shown === 'confirming' && (
        <section className="card success-card" aria-busy="true">
          <h1>Confirming Your Subscription…</h1>
          <div className="spinner" aria-hidden="true" />
          <p role="status">We are checking your payment with Stripe. This takes a few seconds.</p>
        </section>
      )}
      {shown === 'confirmed' && (
        <section className="card success-card">
          <h1>Welcome to Premium!</h1>
          <p>
            Your <strong>{planLabel(premium.isPremium ? premium.plan : plan)}</strong> is ready.
          </p>
          <h2>Unlocked for you</h2>
          <PremiumFeatureList />
          <button type="button" className="btn btn-gold" onClick={() => void navigate('/?verified=true')}>
            Start Your Wellness Journey
          </button>
        </section>
      )}
      {(shown === 'unconfirmed' || shown === 'nothing') && (
        <section className="card success-card" role="alert">
          <h1>{shown === 'nothing' ? 'No Payment to Confirm' : 'Not Confirmed Yet'}</h1>
          <p>
            {shown === 'nothing'
              ? 'This page confirms a subscription after payment, and there is no payment to confirm here.'
              : 'We could not confirm your subscription with Stripe yet. If you completed the payment, it can take a minute; you will not be charged twice.'}
          </p>
          <div className="row-actions">
            <Link className="btn btn-primary" to="/already-paid">
              I Already Paid
            </Link>
            <Link className="btn btn-outline" to="/subscribe">
              See the Plans
            </Link>
            <Link className="btn btn-outline" to="/">
              Back to Home
            </Link>
          </div>
        </section>
      )}
    </main>
  );
}
