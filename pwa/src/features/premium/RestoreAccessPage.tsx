// '/already-paid' and '/quick-access': prove the payment email with a one-time
// code, then this device gets the subscription's premium.

import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from '../../lib/router';
import { apiRequest, ApiError } from '../../api/client';
import { messageOf } from '../../api/messageOf';
import { CodeInput } from '../../components/form';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast';
import { storage } from '../../lib/storage';
import { ensureDevice } from '../../identity';
import type { PremiumAnswer } from '../../entitlement/entitlement';
import { acceptAnswer } from '../../entitlement/server';
import { PremiumRequired } from '../upgrade';
import { useRecheckPremium } from '../../entitlement/change';

type Answer = PremiumAnswer & { codeSent?: boolean; error?: string; message?: string; needsPassword?: boolean };

/** The two pages' own wording (spec part 1 §8 for quick access, part 2 for already-paid). */
const TEXTS = {
  'quick-access': {
    noEmail: 'Please enter your email address',
    notFound: 'Access Not Found',
    notFoundDefault: 'No premium subscription found for this email',
    failed: ['Connection Error', 'Unable to verify access. Please try again.'],
  },
  'already-paid': {
    noEmail: 'Please enter the email you used for payment',
    notFound: 'No Active Subscription Found',
    notFoundDefault: "We couldn't find an active subscription for this email. Please check your email or contact support.",
    failed: ['Verification Failed', "Unable to verify your subscription. Please contact support if you've already paid."],
  },
} as const;

export default function RestoreAccessPage({ variant }: { variant: 'already-paid' | 'quick-access' }) {
  const navigate = useNavigate();
  const recheck = useRecheckPremium();
  // Home's subscription check passes the email this device already knows.
  const known = (useLocation().state as { email?: string } | null)?.email;
  const [email, setEmail] = useState(typeof known === 'string' ? known : '');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [notFound, setNotFound] = useState(false);

  const texts = TEXTS[variant];

  async function submit(event: FormEvent) {
    event.preventDefault();
    const clean = email.trim().toLowerCase();
    if (!clean) {
      toast({ title: 'Email Required', description: texts.noEmail, variant: 'destructive' });
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      await ensureDevice();
      const answer = await apiRequest<Answer>('POST', '/api/check-subscription-by-email', {
        email: clean,
        code: sentTo ? code.trim() : undefined,
      });
      if (answer.codeSent) {
        setSentTo(clean);
        setNotice(answer.message ?? `We sent a 6-digit code to ${clean}.`);
      } else if (answer.isPremium) {
        await acceptAnswer(answer);
        storage.set('verifiedEmail', clean);
        storage.set('userEmail', clean);
        await recheck();
        toast({ title: 'Premium Activated!', description: 'Welcome back to your premium plan.', durationMs: 2000 });
        // Already paid: an address with no account yet is offered one (spec
        // part 2: /set-password when needsPassword, else /?premium=activated).
        const next = variant === 'quick-access' ? '/?premium=quick-access' : answer.needsPassword ? '/set-password' : '/?premium=activated';
        setTimeout(() => void navigate(next), 1500);
      } else {
        storage.set('verifiedEmail', clean);
        toast({ title: texts.notFound, description: answer.error ?? texts.notFoundDefault, variant: 'destructive' });
        setNotFound(true);
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        setNotice(messageOf(error, 'Please check the email and code.'));
      } else {
        toast({ title: texts.failed[0], description: texts.failed[1], variant: 'destructive' });
      }
    } finally {
      setBusy(false);
    }
  }

  const title = variant === 'already-paid' ? 'Already Paid?' : 'Quick Access';
  return (
    <>
      <PageHeader title={title} />
      <main className="page restore">
        <form className="form card" onSubmit={(e) => void submit(e)} noValidate>
          <p>
            {variant === 'already-paid'
              ? 'Enter the email you paid with. We will send a code to it to confirm it is yours.'
              : 'Enter your email to access your premium content on this device.'}
          </p>
          <label htmlFor="restore-email">Email</label>
          <input
            id="restore-email"
            type="email"
            autoComplete="email"
            value={email}
            disabled={sentTo !== null}
            onChange={(e) => setEmail(e.target.value)}
          />
          {sentTo && <CodeInput label="6-digit code" value={code} onChange={setCode} />}
          {notice && (
            <p className="notice" role="status">
              {notice}
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={busy || (variant === 'already-paid' && !email.trim()) || (sentTo !== null && code.length !== 6)}>
            {busy ? 'Verifying…' : sentTo ? 'Confirm Code' : variant === 'already-paid' ? 'Verify My Subscription' : 'Access Premium Content'}
          </button>
          {sentTo && (
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => {
                setSentTo(null);
                setCode('');
                setNotice(null);
              }}
            >
              Use another email or send a new code
            </button>
          )}
        </form>
        {notFound && variant === 'already-paid' && <PremiumRequired />}
        {variant === 'already-paid' ? (
          <p>
            Not a member yet? <Link to="/subscribe-simple">See the plans</Link> · <Link to="/">Back to Home</Link>
          </p>
        ) : (
          <p>
            <Link to="/">Back to Home</Link>
          </p>
        )}
      </main>
    </>
  );
}

export function AlreadyPaidPage() {
  return <RestoreAccessPage variant="already-paid" />;
}

export function QuickAccessPage() {
  return <RestoreAccessPage variant="quick-access" />;
}
