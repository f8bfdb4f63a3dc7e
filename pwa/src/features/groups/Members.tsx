// A group's members, and what each place in it may do from here: anyone
// leaves (but the owner); leaders invite by a link and its QR code (for a
// room full of people), withdraw invitations, make members leaders, remove
// members, switch reflections on and read reports; the owner hands the group
// to a leader or deletes it. Every refusal is the server's words.

import { useEffect, useState } from 'react';
import { messageOf } from '../../api/messageOf';
import { toast } from '../../components/toast';
import type { GroupDetail, GroupInvitation, GroupMember } from '../../generated/api';
import { INVITATION_DEFAULT_DAYS, INVITATION_MOST_DAYS } from '../../generated/records';
import { useQuery, useQueryClient } from '../../lib/query';
import { useNavigate } from '../../lib/router';
import { useRecords } from '../../sync/useRecords';
import {
  deleteGroup,
  editGroup,
  forgetGroup,
  groupQuery,
  GROUPS_QUERY,
  handOver,
  leaveGroup,
  LIVE,
  makeInvitation,
  openInvitations,
  removeMember,
  ROLE_WORDS,
  setRole,
  withdrawInvitation,
} from './api';
import { wordsOf } from './refusal';

export function Members({ group }: { group: GroupDetail }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const me = group.you;
  const leads = me.role !== 'member';
  const [busy, setBusy] = useState(false);

  /** Runs a group call; the group is read again after it. */
  async function run(call: () => Promise<unknown>, done: string, failed: string) {
    setBusy(true);
    try {
      await call();
      toast({ title: done, description: '' });
      await client.invalidateQueries({ queryKey: groupQuery(group.id) });
      return true;
    } catch (e) {
      toast({ title: failed, description: wordsOf(e, 'Check your connection and try again.'), variant: 'destructive' });
      return false;
    } finally {
      setBusy(false);
    }
  }
  async function leaveOrDelete(deleting: boolean) {
    const sure = window.confirm(
      deleting
        ? `Delete ${group.name}? Every request, prayer and reflection in it is deleted for everyone, and this cannot be undone.`
        : `Leave ${group.name}? Your requests stay with the group; this phone keeps nothing of it.`,
    );
    if (!sure) return;
    const ok = await run(() => (deleting ? deleteGroup(group.id) : leaveGroup(group.id)), deleting ? 'Group Deleted' : 'You Left the Group', deleting ? 'Not Deleted' : 'Not Left');
    if (ok) {
      forgetGroup(group.id);
      await client.invalidateQueries({ queryKey: GROUPS_QUERY });
      navigate('/groups', { replace: true });
    }
  }

  return (
    <>
      <ul className="member-list" aria-label="Members">
        {group.members.map((m) => (
          <li key={m.memberId} className="card member">
            <span>
              <strong>{m.memberId === me.memberId ? `${m.displayName} (you)` : m.displayName}</strong> <span className="muted small">{ROLE_WORDS[m.role]}</span>
            </span>
            {m.memberId !== me.memberId && <MemberTools member={m} group={group} busy={busy} run={run} />}
          </li>
        ))}
      </ul>
      {leads && <Invitations group={group} />}
      {leads && <Reports group={group} />}
      {leads && (
        <section className="card" aria-labelledby="settings-heading">
          <h2 id="settings-heading">Reflections</h2>
          <p>{group.reflections ? 'Members may add a reflection to the day\'s reading.' : 'Reflections on the day\'s reading are off.'}</p>
          <button type="button" className="btn" disabled={busy} onClick={() => void run(() => editGroup(group.id, { reflections: !group.reflections }), group.reflections ? 'Reflections Off' : 'Reflections On', 'Not Changed')}>
            {group.reflections ? 'Turn reflections off' : 'Turn reflections on'}
          </button>
        </section>
      )}
      <section className="card" aria-labelledby="leave-heading">
        <h2 id="leave-heading">{me.role === 'owner' ? 'Delete the group' : 'Leave the group'}</h2>
        {me.role === 'owner' ? (
          <>
            <p>As the owner you cannot leave: first hand the group to a leader (with Hand the group over, beside them in the list), or delete it for everyone.</p>
            <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void leaveOrDelete(true)}>
              Delete this group
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void leaveOrDelete(false)}>
            Leave this group
          </button>
        )}
      </section>
    </>
  );
}

type Run = (call: () => Promise<unknown>, done: string, failed: string) => Promise<boolean>;

function MemberTools({ member, group, busy, run }: { member: GroupMember; group: GroupDetail; busy: boolean; run: Run }) {
  const role = group.you.role;
  const owner = role === 'owner';
  // A leader acts on members; the owner on anyone but themselves.
  if (role === 'member' || member.role === 'owner' || (!owner && member.role === 'leader')) return null;
  return (
    <span className="actions">
      {member.role === 'member' ? (
        <button type="button" className="btn btn-small" disabled={busy} onClick={() => void run(() => setRole(group.id, member.memberId, 'leader'), `${member.displayName} Is a Leader`, 'Not Changed')}>
          Make leader
        </button>
      ) : (
        <>
          <button type="button" className="btn btn-small" disabled={busy} onClick={() => void run(() => setRole(group.id, member.memberId, 'member'), `${member.displayName} Is a Member`, 'Not Changed')}>
            Make member
          </button>
          <button
            type="button"
            className="btn btn-small"
            disabled={busy}
            onClick={() => window.confirm(`Hand ${group.name} to ${member.displayName}? You stay a leader.`) && void run(() => handOver(group.id, member.memberId), 'Group Handed Over', 'Not Handed Over')}
          >
            Hand the group over
          </button>
        </>
      )}
      <button
        type="button"
        className="btn btn-small btn-danger"
        disabled={busy}
        onClick={() => window.confirm(`Remove ${member.displayName} from ${group.name}? Their phone keeps nothing of the group.`) && void run(() => removeMember(group.id, member.memberId), 'Member Removed', 'Not Removed')}
      >
        Remove
      </button>
    </span>
  );
}

function Invitations({ group }: { group: GroupDetail }) {
  const open = useQuery({ queryKey: ['invitations', group.id], queryFn: () => openInvitations(group.id), retry: 1, ...LIVE });
  const client = useQueryClient();
  const [made, setMade] = useState<GroupInvitation | null>(null);
  const [days, setDays] = useState(String(INVITATION_DEFAULT_DAYS));
  const [uses, setUses] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  async function make() {
    setProblem(null);
    try {
      const invitation = await makeInvitation(group.id, { days: Number(days), maxUses: uses ? Number(uses) : null });
      setMade(invitation);
      await client.invalidateQueries({ queryKey: ['invitations', group.id] });
    } catch (e) {
      setProblem(wordsOf(e, 'The invitation could not be made. Check your connection and try again.'));
    }
  }
  async function withdraw(id: string) {
    try {
      await withdrawInvitation(group.id, id);
      if (made?.id === id) setMade(null);
      await client.invalidateQueries({ queryKey: ['invitations', group.id] });
      toast({ title: 'Invitation Withdrawn', description: 'Its link no longer lets anyone join.' });
    } catch (e) {
      toast({ title: 'Not Withdrawn', description: messageOf(e, 'Check your connection and try again.'), variant: 'destructive' });
    }
  }
  return (
    <section className="card" aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite people</h2>
      <div className="row">
        <label>
          Lasts{' '}
          <select value={days} onChange={(e) => setDays(e.target.value)} name="days">
            {[1, INVITATION_DEFAULT_DAYS, 14, INVITATION_MOST_DAYS].map((d) => (
              <option key={d} value={d}>
                {d} {d === 1 ? 'day' : 'days'}
              </option>
            ))}
          </select>
        </label>
        <label>
          For{' '}
          <select value={uses} onChange={(e) => setUses(e.target.value)} name="maxUses">
            <option value="">any number of people</option>
            {[1, 5, 20, 100].map((n) => (
              <option key={n} value={n}>
                {n} {n === 1 ? 'person' : 'people'}
              </option>
            ))}
          </select>
        </label>
      </div>
      <button type="button" className="btn btn-primary" onClick={() => void make()}>
        Make an invitation link
      </button>
      {problem && (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      )}
      {made?.url && <NewInvitation invitation={made} />}
      {open.data && open.data.invitations.length > 0 && (
        <>
          <h3>Open invitations</h3>
          <ul className="plain-list" aria-label="Open invitations">
            {open.data.invitations.map((i) => (
              <li key={i.id}>
                Until {new Date(i.expiresAt).toLocaleDateString(undefined, { month: 'long', day: 'numeric' })} · {i.uses} joined
                {i.maxUses !== null ? ` of ${i.maxUses}` : ''}{' '}
                <button type="button" className="btn btn-small" onClick={() => void withdraw(i.id)}>
                  Withdraw
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The link just made, to copy or share, its code to read out, and its QR code. */
function NewInvitation({ invitation }: { invitation: GroupInvitation }) {
  const [qr, setQr] = useState<string | null>(null);
  const url = invitation.url ?? '';
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((q) => q.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => live && setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => live && setQr(null));
    return () => {
      live = false;
    };
  }, [url]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link Copied', description: 'Share it with the people you are inviting.' });
    } catch {
      toast({ title: 'Not Copied', description: 'Select the link and copy it by hand.', variant: 'destructive' });
    }
  };
  return (
    <div className="invitation" role="status">
      <p>Anyone with this link or code can join until it expires. Shown once: make a new one any time.</p>
      <p className="invitation-link">
        <a href={url}>{url}</a>
      </p>
      <p>
        Code: <strong className="code">{invitation.code}</strong>
      </p>
      <button type="button" className="btn btn-small" onClick={() => void copy()}>
        Copy the link
      </button>
      {qr && <img className="qr" src={qr} alt={`QR code of the invitation link ${url}`} width={220} height={220} />}
    </div>
  );
}

/** What members reported to the leaders. */
function Reports({ group }: { group: GroupDetail }) {
  const reports = (useRecords('groupReports').value ?? []).filter((r) => r.fields.groupId === group.id);
  const requests = useRecords('groupRequests').value ?? [];
  if (reports.length === 0) return null;
  return (
    <section className="card" aria-labelledby="reports-heading">
      <h2 id="reports-heading">Reported to the leaders</h2>
      <ul className="plain-list">
        {reports.map((r) => (
          <li key={r.id}>
            <strong>{requests.find((q) => q.id === r.fields.postId)?.fields.title ?? 'A post no longer there'}</strong>
            {r.fields.reason && `: ${r.fields.reason}`}
          </li>
        ))}
      </ul>
    </section>
  );
}
