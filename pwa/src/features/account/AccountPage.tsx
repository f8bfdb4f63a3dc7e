// /account: who is signed in, changing the password, logging out here, and
// logging out every other phone, tablet and browser that uses the account.

import { useState } from 'react';
import { useQuery, useQueryClient } from '../../lib/query';
import { Link, useNavigate } from '../../lib/router';
import { apiRequest } from '../../api/client';
import { messageOf } from '../../api/messageOf';
import { CardSkeleton } from '../../components/CardSkeleton';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast';
import { storage } from '../../lib/storage';
import { me, ME_KEY } from './me';
import { logout } from './session';

type Step = 'idle' | 'confirm' | 'working' | 'done';

function OtherDevices() {
  const [step, setStep] = useState<Step>('idle');
  const [error, setError] = useState<string | null>(null);

  async function endOthers() {
    setStep('working');
    setError(null);
    try {
      await apiRequest('POST', '/api/auth/logout-everywhere');
      setStep('done');
      toast({ title: 'Logged out everywhere else', description: 'Only this device is still signed in.' });
    } catch (e) {
      setStep('confirm');
      setError(messageOf(e, navigator.onLine ? 'Please try again.' : 'You are offline. Connect and try again.'));
    }
  }

  return (
    <section className="card" aria-labelledby="other-devices">
      <h2 id="other-devices">Other devices</h2>
      <p>
        Signed in on a phone or computer you no longer use, or does someone else know your password? Log out everywhere
        else: this device stays signed in, every other one needs your password again.
      </p>
      {step === 'done' ? (
        <p role="status">Every other device has been logged out.</p>
      ) : step === 'idle' ? (
        <button type="button" className="btn btn-outline" onClick={() => setStep('confirm')}>
          Log out everywhere else
        </button>
      ) : (
        <div role="group" aria-label="Confirm logging out every other device">
          <p>
            <strong>Log out every other device now?</strong>
          </p>
          <div className="row">
            <button type="button" className="btn btn-primary" disabled={step === 'working'} onClick={() => void endOthers()}>
              {step === 'working' ? 'Logging out…' : 'Yes, log them out'}
            </button>
            <button type="button" className="btn btn-outline" disabled={step === 'working'} onClick={() => setStep('idle')}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

export default function AccountPage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const account = useQuery({ queryKey: ME_KEY, queryFn: me, staleTime: 5 * 60_000, retry: false });

  let body;
  if (account.isPending) {
    body = <CardSkeleton label="Loading your account" />;
  } else if (account.isError) {
    const email = storage.get('userEmail');
    body = (
      <section className="card" role="alert">
        <h2>Your account can&apos;t be reached</h2>
        <p>
          {email ? `This device is signed in as ${email}. ` : ''}
          Changing your account needs a connection. Your journal, weights and lists stay on this device meanwhile.
        </p>
        <button type="button" className="btn btn-outline" onClick={() => void account.refetch()}>
          Try again
        </button>
      </section>
    );
  } else if (!account.data) {
    body = (
      <section className="card">
        <h2>You are not signed in</h2>
        <p>Log in to keep your journal, weights and lists on every device you use.</p>
        <div className="row">
          <Link className="btn btn-primary" to="/login">
            Log In
          </Link>
          <Link className="btn btn-outline" to="/register">
            Create Account
          </Link>
        </div>
      </section>
    );
  } else {
    const user = account.data;
    body = (
      <>
        <section className="card" aria-labelledby="signed-in-as">
          <h2 id="signed-in-as">{user.firstName ? `${user.firstName}` : 'Signed in'}</h2>
          <p>{user.email}</p>
          <div className="row">
            <Link className="btn btn-outline" to="/set-password">
              Change password
            </Link>
            <button
              type="button"
              className="btn btn-outline"
              disabled={leaving}
              onClick={() => {
                setLeaving(true);
                void logout(client).then(() => navigate('/login'));
              }}
            >
              {leaving ? 'Logging out…' : 'Log out'}
            </button>
          </div>
        </section>
        <OtherDevices />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Your Account" />
      <main className="page account">
        {body}
        <section className="card" aria-labelledby="your-data">
          <h2 id="your-data">Your Data</h2>
          <p>Add your readings, reminders and plan days to your phone&apos;s calendar, or export and import your records.</p>
          <Link className="btn btn-outline" to="/settings">
            Calendar, Export and Import
          </Link>
        </section>
      </main>
    </>
  );
}
