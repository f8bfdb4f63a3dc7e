// /join/:code: where an invitation's link (or its QR code) opens, installed
// or not. It shows the group the code lets the person into, asks only for
// the name to show in it, and says plainly why a link no longer works.

import { useState, type FormEvent } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast';
import { useQuery, useQueryClient } from '../../lib/query';
import { Link, useNavigate, useParams } from '../../lib/router';
import { DisplayNameField } from './DisplayNameField';
import { GROUPS_QUERY, joinGroup, KIND_WORDS, LIVE, previewInvitation } from './api';
import { refusalOf, wordsOf } from './refusal';

export default function JoinPage() {
  const code = useParams().code ?? '';
  const navigate = useNavigate();
  const client = useQueryClient();
  const preview = useQuery({ queryKey: ['invitation', code], queryFn: () => previewInvitation(code), retry: 1, ...LIVE });
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [joining, setJoining] = useState(false);
  const group = preview.data;

  async function join(event: FormEvent) {
    event.preventDefault();
    setJoining(true);
    setError(undefined);
    try {
      const joined = await joinGroup(code, name.trim());
      await client.invalidateQueries({ queryKey: GROUPS_QUERY });
      toast({ title: 'Welcome', description: `You have joined ${joined.name}.` });
      navigate(`/groups/${encodeURIComponent(joined.id)}`, { replace: true });
    } catch (e) {
      const refusal = refusalOf(e);
      if (refusal?.field === 'displayName') setError(refusal.message);
      else toast({ title: 'Not Joined', description: wordsOf(e, 'You could not join just now. Check your connection and try again.'), variant: 'destructive' });
    } finally {
      setJoining(false);
    }
  }

  return (
    <main className="page groups">
      <PageHeader title="Join a Group" />
      {preview.isPending ? (
        <p role="status">Looking up the invitation...</p>
      ) : preview.isError || !group ? (
        <div className="card notice" role="alert">
          <p>{wordsOf(preview.error, 'The invitation could not be looked up. Check your connection and try again.')}</p>
          <p>
            <Link to="/groups">Your groups</Link>
          </p>
        </div>
      ) : group.joined ? (
        <div className="card">
          <p>
            You already belong to <strong>{group.name}</strong>.
          </p>
          <Link to={`/groups/${encodeURIComponent(group.groupId)}`} className="btn btn-primary">
            Open the group
          </Link>
        </div>
      ) : (
        <section className="card" aria-labelledby="invited-heading">
          <p className="eyebrow">You are invited to pray with</p>
          <h2 id="invited-heading">{group.name}</h2>
          <p className="muted">
            {KIND_WORDS[group.kind]} · {group.memberCount} {group.memberCount === 1 ? 'member' : 'members'}
          </p>
          {group.description && <p>{group.description}</p>}
          <form className="form" onSubmit={join} noValidate>
            <DisplayNameField value={name} onChange={setName} error={error} />
            <button type="submit" className="btn btn-primary" disabled={joining}>
              {joining ? 'Joining...' : 'Join the group'}
            </button>
          </form>
        </section>
      )}
    </main>
  );
}
