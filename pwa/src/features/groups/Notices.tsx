// How a person hears of their groups. For each group: new requests as each
// one is posted, in a daily digest at a chosen time, or not at all, and
// whether the group is muted (nothing of it, "people prayed" included). For
// all groups: quiet hours, in which no group notification comes (what was
// held comes, gathered, when they end). Notifications reach the devices
// where they are turned on, in Prayer Reminders.

import { useState } from 'react';
import { EnumSelect, TimeInput } from '../../components/form';
import { toast } from '../../components/toast';
import type { GroupDetail } from '../../generated/api';
import { NEW_REQUESTS_VALUES, type NewRequests, type NoticeChoice } from '../../generated/records';
import { useQueryClient } from '../../lib/query';
import { Link } from '../../lib/router';
import { RecordRefused } from '../../sync/saveRecords';
import { stateWords, useNotificationState } from '../reminders';
import { savePreferences, usePreferences } from '../settings';
import { groupQuery, isOffline, setNotices } from './api';
import { refusalOf, wordsOf } from './refusal';

const NEW_REQUEST_WORDS: Record<NewRequests, string> = {
  each: 'Each one, as it is posted',
  digest: 'Once a day, gathered',
  off: 'Not at all',
};

/** Says when this device will not ring, and where to turn it on. */
function DeviceLine() {
  const { state } = useNotificationState();
  if (state === 'on' || state === 'checking') return null;
  return (
    <p className="muted small">
      {stateWords(state) ?? 'Notifications are off on this device.'} Turn them on in <Link to="/prayer-reminders">Prayer Reminders</Link> to hear of
      your groups here.
    </p>
  );
}

/** A member's choice for one group, saved as it is changed. */
export function GroupNotices({ group }: { group: GroupDetail }) {
  const client = useQueryClient();
  const [choice, setChoice] = useState<NoticeChoice>(group.notices);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<{ field: string; message: string }>();

  async function change(next: Partial<NoticeChoice>) {
    const before = choice;
    setChoice({ ...choice, ...next });
    setError(undefined);
    if (isOffline()) {
      setChoice(before);
      setError({ field: '', message: 'You are offline: how you hear of the group can be changed when you are back online.' });
      return;
    }
    setSaving(true);
    try {
      const saved = await setNotices(group.id, next);
      setChoice(saved);
      client.setQueryData(groupQuery(group.id), { ...group, notices: saved });
    } catch (e) {
      setChoice(before);
      const refusal = refusalOf(e);
      setError(refusal ?? { field: '', message: wordsOf(e, 'Your choice could not be saved. Check your connection and try again.') });
    } finally {
      setSaving(false);
    }
  }

  return (
    <details className="card group-notices">
      <summary>
        <strong>Notifications from this group</strong>
        <span className="muted small">
          {' '}
          · {choice.muted ? 'muted' : choice.newRequests === 'digest' ? `daily at ${choice.digestAt}` : choice.newRequests === 'each' ? 'each request' : 'off'}
        </span>
      </summary>
      <div className="form" aria-busy={saving}>
        <EnumSelect
          label="New prayer requests"
          name="newRequests"
          values={NEW_REQUESTS_VALUES}
          value={choice.newRequests}
          optionLabel={(v) => NEW_REQUEST_WORDS[v]}
          onChange={(v) => v && void change({ newRequests: v })}
          error={error?.field === 'newRequests' ? error.message : undefined}
        />
        {choice.newRequests === 'digest' && (
          <TimeInput
            label="Daily at"
            name="digestAt"
            value={choice.digestAt}
            onChange={(t) => t && void change({ digestAt: t })}
            error={error?.field === 'digestAt' ? error.message : undefined}
          />
        )}
        <label className="check">
          <input type="checkbox" checked={choice.muted} onChange={(e) => void change({ muted: e.target.checked })} />
          Mute this group (nothing from it at all, &ldquo;people prayed&rdquo; included)
        </label>
        {error && !['newRequests', 'digestAt'].includes(error.field) && (
          <p className="field-error" role="alert">
            {error.message}
          </p>
        )}
        <p className="muted small">When people pray for a request of yours, you hear of it at most once an hour for that request.</p>
        <DeviceLine />
      </div>
    </details>
  );
}

const DEFAULT_QUIET = { from: '21:00', to: '07:00' };

/** Quiet hours for every group, kept with the account's preferences. */
export function QuietHours() {
  const preferences = usePreferences();
  // What was picked and ticked here, shown at once (the saved record follows a moment later).
  const [picked, setPicked] = useState<{ from: string; to: string } | null>(null);
  const [ticked, setTicked] = useState<boolean | null>(null);
  const [error, setError] = useState<{ field: string; message: string }>();
  if (!preferences) return null;
  const on = ticked ?? (preferences.quietFrom !== null && preferences.quietTo !== null);
  const hours = picked ?? (on ? { from: preferences.quietFrom ?? '', to: preferences.quietTo ?? '' } : DEFAULT_QUIET);

  async function save(next: { from: string; to: string } | null, announce: boolean) {
    if (!preferences) return;
    setError(undefined);
    try {
      await savePreferences(preferences, { quietFrom: next?.from ?? null, quietTo: next?.to ?? null });
      if (announce) {
        toast(
          next
            ? { title: 'Quiet hours on', description: `No group notifications from ${next.from} to ${next.to}; what comes meanwhile waits until then.` }
            : { title: 'Quiet hours off', description: 'Group notifications come at any hour.' },
        );
      }
    } catch (e) {
      setTicked(null);
      if (e instanceof RecordRefused) setError({ field: e.refusal.field, message: e.refusal.message });
      else setError({ field: '', message: 'Your quiet hours could not be saved on this device.' });
    }
  }

  const edit = (key: 'from' | 'to') => (t: string) => {
    if (!t) return;
    const next = { ...hours, [key]: t };
    setPicked(next);
    if (on) void save(next, false);
  };

  return (
    <section className="card" aria-labelledby="quiet-heading">
      <h2 id="quiet-heading">Quiet hours</h2>
      <div className="form">
        <label className="check">
          <input
            type="checkbox"
            checked={on}
            onChange={(e) => {
              setTicked(e.target.checked);
              void save(e.target.checked ? hours : null, true);
            }}
          />
          No group notifications during these hours (at your phone's local time)
        </label>
        <div className="time-range">
          <TimeInput label="From" name="quietFrom" value={hours.from} onChange={edit('from')} error={error?.field === 'quietFrom' ? error.message : undefined} />
          <TimeInput label="To" name="quietTo" value={hours.to} onChange={edit('to')} error={error?.field === 'quietTo' ? error.message : undefined} />
        </div>
        {error && !['quietFrom', 'quietTo'].includes(error.field) && (
          <p className="field-error" role="alert">
            {error.message}
          </p>
        )}
      </div>
      <DeviceLine />
    </section>
  );
}
