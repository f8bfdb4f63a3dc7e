// /login, /register and /set-password, with the spec's validation messages,
// toasts and redirects.

import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '../../lib/query';
import { Link, useNavigate } from '../../lib/router';
import { apiRequest } from '../../api/client';
import { messageOf } from '../../api/messageOf';
import { CodeInput } from '../../components/form';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast';
import { storage } from '../../lib/storage';
import { ensureDevice } from '../../identity';
import type { CodeSent } from '../../generated/api';
import type { FieldError } from '../../generated/records';
import { loadTools } from '../../wasm/tools';
import { signIn } from './session';

type Errors = Partial<Record<'email' | 'password' | 'confirmPassword' | 'firstName' | 'lastName', string>>;

/** The problems the core finds (the server's own rules and words), by field. */
function byField(problems: FieldError[]): Errors {
  const errors: Errors = {};
  for (const p of problems) errors[p.field as keyof Errors] ??= p.message;
  return errors;
}

function Field(props: {
  id: string;
  label: string;
  type?: string;
  value: string;
  error?: string;
  autoComplete?: string;
  readOnly?: boolean;
  onChange: (v: string) => void;
}) {
  const errorId = `${props.id}-error`;
  return (
    <>
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type={props.type ?? 'text'}
        value={props.value}
        autoComplete={props.autoComplete}
        readOnly={props.readOnly}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.error && (
        <p id={errorId} className="field-error" role="alert">
          {props.error}
        </p>
      )}
    </>
  );
}

export function LoginPage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const { busy, run } = useSubmit('Login Failed', 'Please check your email and password.');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: typeof errors = byField((await loadTools()).loginProblems(email, password));
    setErrors(next);
    if (next.email || next.password) return;
    await run(async () => {
      const user = await signIn(client, '/api/auth/login', { email: email.trim().toLowerCase(), password });
      toast({ title: 'Welcome back!', description: `Signed in as ${user.email}` });
      void navigate('/');
    });
  }

  return (
    <>
      <PageHeader title="Log In" />
      <main className="page account">
        <form className="form card" onSubmit={(e) => void submit(e)} noValidate>
          <Field id="login-email" label="Email" type="email" autoComplete="email" value={email} error={errors.email} onChange={setEmail} />
          <Field
            id="login-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            error={errors.password}
            onChange={setPassword}
          />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Signing in…' : 'Log In'}
          </button>
        </form>
        <p>
          New here? <Link to="/register">Create an account</Link> · <Link to="/already-paid">I Already Paid</Link>
        </p>
      </main>
    </>
  );
}

type AccountForm = ReturnType<typeof useAccountForm>;

function NameFields({ prefix, account, lastLabel }: { prefix: string; account: AccountForm; lastLabel: string }) {
  const { form, errors, set } = account;
  return (
    <>
      <Field id={`${prefix}-first`} label="First name" autoComplete="given-name" value={form.firstName} error={errors.firstName} onChange={set('firstName')} />
      <Field id={`${prefix}-last`} label={lastLabel} autoComplete="family-name" value={form.lastName} error={errors.lastName} onChange={set('lastName')} />
    </>
  );
}

function NewPasswordFields({ prefix, account }: { prefix: string; account: AccountForm }) {
  const { form, errors, set } = account;
  return (
    <>
      <Field id={`${prefix}-password`} label="Password" type="password" autoComplete="new-password" value={form.password} error={errors.password} onChange={set('password')} />
      <Field
        id={`${prefix}-confirm`}
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        value={form.confirmPassword}
        error={errors.confirmPassword}
        onChange={set('confirmPassword')}
      />
    </>
  );
}

/** Runs a form's call with the button busy; a failure becomes the page's toast.
 *  The forms' rules (in the tools module) load while the person types, so
 *  pressing the button does not wait for them. */
function useSubmit(failTitle: string, fallback: string) {
  const [busy, setBusy] = useState(false);
  useEffect(() => void loadTools().catch(() => undefined), []);
  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      toast({ title: failTitle, description: messageOf(error, fallback), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}

function useAccountForm(initialEmail = '') {
  const [form, setForm] = useState({ email: initialEmail, password: '', confirmPassword: '', firstName: '', lastName: '' });
  const [errors, setErrors] = useState<Errors>({});
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const validate = async () => {
    const next = byField((await loadTools()).accountFormProblems(form));
    setErrors(next);
    return Object.keys(next).length === 0;
  };
  return { form, errors, set, validate };
}

/**
 * /register, in two steps: the form (a code is emailed to the address), then
 * the code. The email is proven before it becomes an account's, and the
 * answer never tells whether the address already had one.
 */
export function RegisterPage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const account = useAccountForm();
  const { form, errors, set, validate } = account;
  const { busy, run } = useSubmit('Registration Failed', 'Please check your information and try again.');
  // The address a code was sent to, and what the server said.
  const [sent, setSent] = useState<{ to: string; message: string } | null>(null);
  const [code, setCode] = useState('');
  const email = form.email.trim().toLowerCase();
  const waitingForCode = sent !== null && sent.to === email;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!(await validate())) return;
    await run(async () => {
      const body = { ...form, email };
      if (!waitingForCode) {
        await ensureDevice();
        const answer = await apiRequest<CodeSent>('POST', '/api/auth/register', body);
        setCode('');
        setSent({ to: email, message: answer.message });
        return;
      }
      await signIn(client, '/api/auth/register', { ...body, code: code.trim() });
      toast({ title: 'Account Created!', description: 'Your records are now saved to your account.' });
      void navigate('/checkout-simple');
    });
  }

  return (
    <>
      <PageHeader title="Create Account" />
      <main className="page account">
        <form className="form card" onSubmit={(e) => void submit(e)} noValidate>
          <NameFields prefix="reg" account={account} lastLabel="Last name (optional)" />
          <Field id="reg-email" label="Email" type="email" autoComplete="email" value={form.email} error={errors.email} onChange={set('email')} />
          <NewPasswordFields prefix="reg" account={account} />
          {waitingForCode && (
            <>
              <p className="notice" role="status">
                {sent.message}
              </p>
              <CodeInput label="6-digit code" value={code} onChange={setCode} />
            </>
          )}
          <button type="submit" className="btn btn-primary" disabled={busy || (waitingForCode && code.length !== 6)}>
            {busy ? (waitingForCode ? 'Creating your account…' : 'Sending a code…') : 'Create Account'}
          </button>
          {waitingForCode && (
            <button type="button" className="link-btn" disabled={busy} onClick={() => setSent(null)}>
              Send a new code
            </button>
          )}
        </form>
        <p>
          Already have an account? <Link to="/login">Log in</Link>
        </p>
      </main>
    </>
  );
}

export function SetPasswordPage() {
  const navigate = useNavigate();
  const verified = storage.get('verifiedEmail') ?? '';
  const account = useAccountForm(verified);
  const { form, errors, set, validate } = account;
  const { busy, run } = useSubmit('Failed to Set Password', 'Please try again.');
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!(await validate())) return;
    await run(async () => {
      await ensureDevice();
      await apiRequest('POST', '/api/auth/set-password', { ...form, email: form.email.trim().toLowerCase() });
      setDone(true);
      toast({ title: 'Account Secured!', description: 'You can now log in with your email and password.' });
      setTimeout(() => void navigate('/login'), 2000);
    });
  }

  return (
    <>
      <PageHeader title="Secure Your Account" />
      <main className="page account">
        {done ? (
          <section className="card" role="status">
            <h2>Account Secured!</h2>
            <p>Taking you to the login page…</p>
          </section>
        ) : (
          <form className="form card" onSubmit={(e) => void submit(e)} noValidate>
            <p>Set a password so you can log in on any device.</p>
            <Field
              id="set-email"
              label="Email"
              type="email"
              autoComplete="email"
              value={form.email}
              readOnly={Boolean(verified)}
              error={errors.email}
              onChange={set('email')}
            />
            <NameFields prefix="set" account={account} lastLabel="Last name" />
            <NewPasswordFields prefix="set" account={account} />
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Saving…' : 'Secure My Account'}
            </button>
            <Link to="/" className="btn btn-outline">
              Skip for now
            </Link>
          </form>
        )}
      </main>
    </>
  );
}
