// /groups: the groups a person prays with (a church's prayer chain, a small
// group, a family), starting one, and joining one with the code or link its
// leaders shared. The list shows as of the last connection when offline.

import { useState, type FormEvent } from 'react';
import { messageOf } from '../../api/messageOf';
import { EnumSelect, TextArea, TextInput } from '../../components/form';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast';
import { GROUP_DESCRIPTION_MAX, GROUP_KIND_VALUES, GROUP_NAME_MAX, type GroupKind } from '../../generated/records';
import { useQuery, useQueryClient } from '../../lib/query';
import { loadGroups } from '../../wasm/groups';
import { Link, useNavigate } from '../../lib/router';
import { DisplayNameField } from './DisplayNameField';
import { QuietHours } from './Notices';
import { createGroup, fetchGroups, GROUPS_QUERY, isOffline, keptGroups, KIND_WORDS, LIVE, ROLE_WORDS } from './api';
import { refusalOf, wordsOf } from './refusal';

export default function GroupsPage() {
  const list = useQuery({ queryKey: GROUPS_QUERY, queryFn: fetchGroups, retry: 1, ...LIVE });
  const groups = list.data?.groups ?? keptGroups()?.groups;
  return (
    <main className="page groups">
      <PageHeader title="Praying Together" />
      <p className="muted">Share prayer requests with your church, small group or family, pray for one another, and read the day's passage together.</p>
      {list.isError && (
        <p className="card notice" role="status">
          {groups
            ? `${isOffline() ? 'You are offline' : 'Your groups could not be brought up to date just now'}: they are shown as of your last connection.`
            : messageOf(list.error, 'Your groups could not be loaded. Check your connection and try again.')}
        </p>
      )}
      {groups === undefined ? (
        <p role="status">Loading your groups...</p>
      ) : groups.length === 0 ? (
        <p className="card empty">You are not in a group yet. Start one below, or join one with the link or code its leaders shared with you.</p>
      ) : (
        <ul className="group-list" aria-label="Your groups">
          {groups.map((g) => (
            <li key={g.id}>
              <Link to={`/groups/${encodeURIComponent(g.id)}`} className="card group-link">
                <strong>{g.name}</strong>
                <span className="muted small">
                  {KIND_WORDS[g.kind]} · {g.memberCount} {g.memberCount === 1 ? 'member' : 'members'} · you are {ROLE_WORDS[g.role].toLowerCase()}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <JoinWithCode />
      <StartGroup />
      {groups && groups.length > 0 && <QuietHours />}
    </main>
  );
}

/** A code typed from a sheet or a screen: to the join page. */
function JoinWithCode() {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // From a whole link too: the code is its last part.
    const typed = code.trim().split('/').pop()?.replace(/[\s-]/g, '') ?? '';
    if (!(await loadGroups()).isInvitationCode(typed)) {
      setError('That is not an invitation code: it is the letters and digits at the end of the link, as the sheet shows them.');
      return;
    }
    navigate(`/join/${encodeURIComponent(typed.toUpperCase())}`);
  };
  return (
    <section className="card" aria-labelledby="join-heading">
      <h2 id="join-heading">Join a group</h2>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <TextInput label="Invitation code or link" value={code} onChange={setCode} error={error} maxLength={200} name="code" />
        <button type="submit" className="btn">
          Continue
        </button>
      </form>
    </section>
  );
}

const blank = { name: '', description: '', kind: 'small_group' as GroupKind, displayName: '' };

function StartGroup() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form, setForm] = useState(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (key: keyof typeof blank) => (value: string) => setForm({ ...form, [key]: value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      const made = await createGroup({ ...form, name: form.name.trim(), displayName: form.displayName.trim() });
      await client.invalidateQueries({ queryKey: GROUPS_QUERY });
      toast({ title: 'Group Started', description: `${made.name} is ready. Invite people from its Members tab.` });
      navigate(`/groups/${encodeURIComponent(made.id)}`);
    } catch (e) {
      const refusal = refusalOf(e);
      if (refusal && refusal.field in blank) setErrors({ [refusal.field]: refusal.message });
      else toast({ title: 'Not Started', description: wordsOf(e, 'The group could not be started. Check your connection and try again.'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="card" aria-labelledby="start-heading">
      <h2 id="start-heading">Start a group</h2>
      <form className="form" onSubmit={submit} noValidate>
        <TextInput label="Group name" value={form.name} onChange={set('name')} error={errors.name} maxLength={GROUP_NAME_MAX} name="name" />
        <TextArea label="What the group is (optional)" value={form.description} onChange={set('description')} error={errors.description} maxLength={GROUP_DESCRIPTION_MAX} name="description" />
        <EnumSelect label="Kind" values={GROUP_KIND_VALUES} value={form.kind} onChange={(v) => v && setForm({ ...form, kind: v })} optionLabel={(k) => KIND_WORDS[k]} name="kind" />
        <DisplayNameField value={form.displayName} onChange={set('displayName')} error={errors.displayName} />
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Starting...' : 'Start the group'}
        </button>
      </form>
    </section>
  );
}
