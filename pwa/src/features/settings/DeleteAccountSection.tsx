// "Delete my account": what goes, the export offered first, the proof (the
// password, or a code emailed to an account without one), and a last
// confirmation. The server cancels the subscription and deletes every row;
// this device then starts again as a new anonymous user.

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '../../lib/query';
import { Link, useLocation, useNavigate } from '../../lib/router';
import { ApiError, apiRequest } from '../../api/client';
import { messageOf } from '../../api/messageOf';
import { CodeInput, PasswordInput } from '../../components/form';
import { toast } from '../../components/toast';
import { deleteAccount, me, ME_KEY } from '../account';

/** The field the server named in its refusal, when it is one of the form's. */
function refusedField(error: unknown): 'password' | 'code' | null {
  if (!(error instanceof ApiError)) return null;
  try {
    const { field } = JSON.parse(error.body) as { field?: unknown };
    return field === 'password' || field === 'code' ? field : null;
  } catch {
    return null;
  }
}

export function DeleteAccountSection() {
  const account = useQuery({ queryKey: ME_KEY, queryFn: me });
  // Reached from the privacy policy's quick action.
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (hash === '#delete-account') section.current?.scrollIntoView();
  }, [hash]);
  return (
    <section ref={section} className="card danger-zone" id="delete-account" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete my account</h2>
      {account.isPending ? (
        <p className="muted">Checking your account…</p>
      ) : account.data ? (
        <DeleteForm email={account.data.email} hasPassword={account.data.hasPassword} />
      ) : (
        <p>
          You are not signed in to an account. <Link to="/login">Log in</Link> to delete one. What you keep without an account
          lives on this device and its anonymous sync; clearing this site&apos;s data in your browser removes it here.
        </p>
      )}
    </section>
  );
}

function DeleteForm({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [sure, setSure] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ field: 'password' | 'code' | null; message: string } | null>(null);

  async function sendCode() {
    setBusy(true);
    setProblem(null);
    try {
      await apiRequest('POST', '/api/account/deletion-code');
      setCodeSent(true);
      toast({ title: 'Code sent', description: `Check ${email} for a 6-digit code.` });
    } catch (e) {
      setProblem({ field: null, message: messageOf(e, 'The code could not be sent. Please try again.') });
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!sure) {
      setProblem({ field: null, message: 'Tick the box to confirm that everything is deleted for good.' });
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await deleteAccount(client, hasPassword ? { password } : { code });
      toast({ title: 'Account deleted', description: 'Your account and everything kept of it are gone.' });
      await navigate('/');
    } catch (e) {
      const message = messageOf(e, navigator.onLine ? 'The account could not be deleted. Please try again.' : 'You are offline: deleting needs the server.');
      setProblem({ field: refusedField(e), message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <p>
        This deletes the account <strong>{email}</strong> and everything Manna keeps of it, on every device: your journal,
        reminders, weight entries, wellness checks, plans, shopping lists, settings and their history, your calendar address
        and notifications. A premium subscription is cancelled with it, with no further charge. It cannot be undone.
      </p>
      <p>
        Want a copy first? <a href="#export-title">Export your data</a> above, then come back.
      </p>
      {hasPassword ? (
        <PasswordInput
          label="Password"
          name="delete-password"
          value={password}
          error={problem?.field === 'password' ? problem.message : undefined}
          onChange={setPassword}
        />
      ) : codeSent ? (
        <CodeInput
          label="6-digit code"
          name="delete-code"
          value={code}
          error={problem?.field === 'code' ? problem.message : undefined}
          onChange={setCode}
        />
      ) : (
        <p>
          Your account has no password: we will email a code to {email} to make sure it is you.{' '}
          <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void sendCode()}>
            Email me a code
          </button>
        </p>
      )}
      <label className="check">
        <input type="checkbox" checked={sure} onChange={(e) => setSure(e.target.checked)} />I understand that my account and
        everything in it are deleted for good.
      </label>
      {problem && problem.field === null && (
        <p className="field-error" role="alert">
          {problem.message}
        </p>
      )}
      <button type="submit" className="btn btn-danger" disabled={busy || (!hasPassword && !codeSent)}>
        {busy ? 'Deleting…' : 'Delete my account'}
      </button>
    </form>
  );
}
