// The embedded payment page (/payment?plan=monthly|annual, annual by default):
// the server creates an incomplete subscription and answers the client secret
// of its first invoice; the card is confirmed in place (Stripe's Payment
// Element, or the emulator's card form in test mode) and the browser goes on to
// /subscription-success with the payment intent.

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '../../lib/router';
import { useSearchParams } from '../../lib/searchParams';
import { apiRequest, ApiError } from '../../api/client';
import { messageOf } from '../../api/messageOf';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { toast } from '../../components/toast';
import { ensureDevice } from '../../identity';
import { useBillingConfig } from './billingConfig';
import { mountEmulatorForm, mountStripeForm, type CardForm } from './cardForms';
import { PLANS, type PlanName } from './plans';

type Setup = { phase: 'setting-up' } | { phase: 'failed'; reason?: string } | { phase: 'ready'; clientSecret: string };

const NOT_LOADED = 'Stripe has not loaded yet. Please try again.';

/** Tells of a failed set-up; answers the server's reason when it refused (a 4xx). */
function failedToInitialise(error: unknown): string | undefined {
  console.warn('Setting up the subscription failed', error);
  const refused = error instanceof ApiError && error.status < 500 ? messageOf(error, '') || undefined : undefined;
  toast({ title: 'Error', description: refused ?? 'Failed to initialize payment. Please try again.', variant: 'destructive' });
  return refused;
}

export default function PaymentPage() {
  const [params] = useSearchParams();
  const plan: PlanName = params.get('plan') === 'monthly' ? 'monthly' : 'annual';
  const config = useBillingConfig();
  const [setup, setSetup] = useState<Setup>({ phase: 'setting-up' });
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (config.isError) failedToInitialise(config.error);
  }, [config.isError, config.error]);

  useEffect(() => {
    // One subscription per visit and plan, even when effects run twice.
    if (!config.data || started.current === plan) return;
    started.current = plan;
    setSetup({ phase: 'setting-up' });
    void (async () => {
      try {
        await ensureDevice();
        const answer = await apiRequest<{ clientSecret?: string; error?: { message?: string } }>('POST', '/api/create-subscription', { plan });
        if (!answer.clientSecret) throw new Error(answer.error?.message ?? 'No client secret received');
        setSetup({ phase: 'ready', clientSecret: answer.clientSecret });
      } catch (error) {
        setSetup({ phase: 'failed', reason: failedToInitialise(error) });
      }
    })();
  }, [config.data, plan]);

  const phase = config.isError ? 'failed' : setup.phase;
  return (
    <>
      <PageHeader title="Payment" />
      <main className="page payment">
        {phase === 'setting-up' && <Spinner label="Setting up your subscription..." />}
        {phase === 'failed' && (
          <section className="card" role="alert">
            <h1>Unable to initialize payment</h1>
            <p>{(setup.phase === 'failed' && setup.reason) || 'Your card has not been charged.'}</p>
            <Link className="btn btn-primary" to="/subscribe">
              Back to Plans
            </Link>
          </section>
        )}
        {setup.phase === 'ready' && config.data && (
          <PaymentForm
            plan={plan}
            clientSecret={setup.clientSecret}
            emulatorUrl={config.data.testMode ? config.data.emulatorUrl : null}
            publishableKey={config.data.publishableKey}
          />
        )}
        <p>
          <Link to="/subscribe">Back to subscription plans</Link>
        </p>
      </main>
    </>
  );
}

interface FormProps {
  plan: PlanName;
  clientSecret: string;
  emulatorUrl: string | null;
  publishableKey: string | null;
}

function PaymentForm({ plan, clientSecret, emulatorUrl, publishableKey }: FormProps) {
  const navigate = useNavigate();
  const host = useRef<HTMLDivElement>(null);
  const [form, setForm] = useState<CardForm | null>(null);
  const [paying, setPaying] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const details = PLANS[plan];

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let live = true;
    let mounted: CardForm | null = null;
    const mounting = emulatorUrl
      ? mountEmulatorForm(el, emulatorUrl, clientSecret)
      : publishableKey
        ? mountStripeForm(el, publishableKey, clientSecret)
        : Promise.reject(new Error('No Stripe publishable key is configured'));
    mounting.then(
      (f) => {
        mounted = f;
        if (live) setForm(f);
        else f.destroy();
      },
      (error: unknown) => {
        console.warn('The card form did not load', error);
        if (live) setMessage(NOT_LOADED);
      },
    );
    return () => {
      live = false;
      mounted?.destroy();
    };
  }, [clientSecret, emulatorUrl, publishableKey]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form) {
      setMessage(NOT_LOADED);
      return;
    }
    setPaying(true);
    setMessage(null);
    const back = `/subscription-success?plan=${plan}`;
    const outcome = await form.confirm(new URL(back, window.location.origin).href).catch(() => ({ ok: false, message: '', paymentIntent: '' }));
    if (!outcome.ok) {
      toast({ title: 'Payment Error', description: outcome.message || 'Please try again.', variant: 'destructive' });
      setMessage(outcome.message || 'An unexpected error occurred.');
      setPaying(false);
      return;
    }
    toast({ title: 'Payment Successful!' });
    void navigate(`${back}&payment_intent=${encodeURIComponent(outcome.paymentIntent)}`, { state: { toasted: true } });
  }

  return (
    <form className="card payment-form" onSubmit={(e) => void submit(e)} aria-labelledby="payment-title" noValidate>
      <h1 id="payment-title">Complete Your Subscription</h1>
      <p>
        {details.name} plan: <strong>{details.price}</strong> {details.per}
      </p>
      {!form && !message && (
        <p className="muted" role="status">
          Loading the card form…
        </p>
      )}
      <div ref={host} className="card-host" />
      {message && (
        <p className="field-error" role="alert">
          {message}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={paying}>
        {paying ? 'Processing…' : `Subscribe for ${details.price}`}
      </button>
      <p className="muted small">You are charged {details.price} today; cancel anytime from Manage subscription.</p>
    </form>
  );
}
