// /subscribe, /subscribe-simple, /checkout, /checkout-simple: choose monthly or
// annual; the plan button creates a checkout session and the browser goes to it.

import { useState } from 'react';
import { Link } from '../../lib/router';
import { apiRequest, ApiError } from '../../api/client';
import { messageOf } from '../../api/messageOf';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast';
import { ensureDevice } from '../../identity';
import { ManageSubscriptionButton } from './manage';
import { PremiumFeatureList } from '../upgrade';
import { PLANS, planLabel, type PlanName } from './plans';
import { usePremium } from '../../entitlement/usePremium';

const ALERT =
  'Unable to start subscription right now. Please refresh the page and try again. If the problem persists, please contact support.';

export default function SubscribePage() {
  const [busy, setBusy] = useState<PlanName | null>(null);

  async function start(plan: PlanName) {
    setBusy(plan);
    try {
      await ensureDevice();
      const answer = await apiRequest<{ url?: string; sessionId?: string; error?: string }>(
        'POST',
        '/api/create-checkout-session',
        { plan },
      );
      if (answer.error) {
        window.alert(ALERT);
        setBusy(null);
        return;
      }
      if (!answer.url || !answer.sessionId) {
        toast({ title: 'Subscription Error', description: 'No checkout URL received', variant: 'destructive' });
        setBusy(null);
        return;
      }
      window.location.assign(answer.url);
    } catch (error) {
      toast({ title: 'Subscription Error', description: messageOf(error, 'Server error: offline'), variant: 'destructive' });
      if (error instanceof ApiError && error.status >= 500) window.alert(ALERT);
      setBusy(null);
    }
  }

  return (
    <>
      <PageHeader title="Choose Your Plan" />
      <main className="page subscribe">
        <AlreadyMember />
        <section className="promo">
          <h2>Get Your Personalized 30-Day Wellness Plan</h2>
          <PremiumFeatureList />
          <p className="muted">7-day free trial, cancel anytime</p>
        </section>
        <div className="plans">
          <section className="card plan" aria-labelledby="plan-monthly">
            <h2 id="plan-monthly">{PLANS.monthly.name}</h2>
            <p className="price">
              <strong>{PLANS.monthly.price}</strong> {PLANS.monthly.per}
            </p>
            <button type="button" className="btn btn-primary" disabled={busy !== null} onClick={() => void start('monthly')}>
              {busy === 'monthly' ? 'Starting checkout…' : `Start Monthly Plan - ${PLANS.monthly.price}/mo`}
            </button>
            <PayHere plan="monthly" />
          </section>
          <section className="card plan plan-best" aria-labelledby="plan-annual">
            <span className="badge">Save {PLANS.annual.savePercent}%</span>
            <h2 id="plan-annual">{PLANS.annual.name}</h2>
            <p className="price">
              <strong>{PLANS.annual.price}</strong> {PLANS.annual.per}
            </p>
            <p>
              {PLANS.annual.monthlyEquivalent} per month · <s>{PLANS.annual.struck}</s>
            </p>
            <p className="small">Save ${PLANS.annual.saveDollars} per year</p>
            <button type="button" className="btn btn-gold" disabled={busy !== null} onClick={() => void start('annual')}>
              {busy === 'annual' ? 'Starting checkout…' : `Start Annual Plan - ${PLANS.annual.price}/yr`}
            </button>
            <PayHere plan="annual" />
          </section>
        </div>
        <p className="muted small">7-day free trial, cancel anytime. Payments are handled by Stripe.</p>
        <p>
          <Link to="/already-paid">I Already Paid</Link>
        </p>
      </main>
    </>
  );
}

/** The embedded payment page: pay by card without leaving the app (no trial). */
function PayHere({ plan }: { plan: PlanName }) {
  return (
    <p className="small pay-here">
      <Link to={`/payment?plan=${plan}`}>
        Or pay by card here<span className="sr-only"> for the {PLANS[plan].name} plan</span> (starts today)
      </Link>
    </p>
  );
}

/** Members are told so (with a way to change plan) before any plan button. */
function AlreadyMember() {
  const { premium } = usePremium();
  if (!premium.isPremium) return null;
  return (
    <section className="card" role="status">
      <p>
        You are a premium member ({planLabel(premium.plan)}).
        {premium.isOwner ? '' : ' To change or cancel your plan, manage your subscription.'}
      </p>
      <ManageSubscriptionButton isOwner={premium.isOwner} />
    </section>
  );
}
