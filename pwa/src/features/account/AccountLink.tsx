// The account corner of Home's header: 'Log in' for anonymous users; the
// account's first name (to /account) and 'Log out' (to /login) once signed in.

import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '../../lib/query';
import { Link, useNavigate } from '../../lib/router';
import { storage } from '../../lib/storage';
import { me, ME_KEY, NAME_KEY } from './me';

export function AccountLink() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const account = useQuery({ queryKey: ME_KEY, queryFn: me, staleTime: 5 * 60_000, retry: false });
  const firstName = account.data?.firstName;
  // Kept for the header offline, where the server cannot say.
  useEffect(() => {
    if (firstName) storage.set(NAME_KEY, firstName);
  }, [firstName]);
  // Its place is kept while the account is asked for, so the header never moves.
  if (account.isPending) return <span className="account-link account-pending" aria-hidden="true">Log in</span>;
  // Offline: the name (else the email's first part) this device signed in with still tells who it is.
  const email = storage.get('userEmail');
  const name = account.data
    ? account.data.firstName || account.data.email
    : account.isError && email
      ? (storage.get(NAME_KEY) ?? email.split('@')[0])
      : null;
  if (!name) {
    return (
      <Link className="account-link" to="/login">
        Log in
      </Link>
    );
  }
  return (
    <p className="account-link">
      {/* On a phone the name alone fits beside 'Log out' (cut short if long);
          a screen reader hears who is signed in. */}
      <Link to="/account">
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21a8 8 0 0 1 16 0" />
        </svg>
        <span className="account-name">
          <span className="sr-only">Signed in as </span>
          {name}
        </span>
      </Link>{' '}
      <button
        type="button"
        className="link-btn"
        disabled={leaving}
        onClick={() => {
          setLeaving(true);
          // Logging out loads what it needs then: it is not part of the first screen.
          void import('./session').then(({ logout }) => logout(client)).then(() => navigate('/login'));
        }}
      >
        {leaving ? 'Logging out…' : 'Log out'}
      </button>
    </p>
  );
}
