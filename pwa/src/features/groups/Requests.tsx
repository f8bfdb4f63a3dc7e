// A group's prayer requests: asking for prayer (for the whole group or its
// leaders only, with or without one's name), the open ones and those fallen
// into "older" after 30 days, and the answered ones to look back on. Each
// request shows its news, how many prayed and, for those who chose, who.

import { useState, type FormEvent } from 'react';
import { TextArea, TextInput, DateInput } from '../../components/form';
import { sentence } from '../../components/form/Field';
import { LiveList } from '../../components/LiveList';
import { toast } from '../../components/toast';
import type { GroupDetail } from '../../generated/api';
import { ANSWER_MAX, REPORT_MAX, REQUEST_DETAILS_MAX, REQUEST_TITLE_MAX, UPDATE_MAX, type FieldError } from '../../generated/records';
import { dayLabel } from '../../lib/dates';
import { storage } from '../../lib/storage';
import { useRecords, type Stored } from '../../sync/useRecords';
import { useRefused } from '../../sync/useRefused';
import { discardRefused, newRecordId } from '../../sync/saveRecords';
import type { Groups } from '../../wasm/groups';
import { writeShared } from './write';

type Request = Stored<'groupRequests'>;
const SHOW_NAME_KEY = 'manna-prayed-with-name';
const FIELD_LABELS = { title: 'Request', details: 'Details', answer: 'How it was answered', answeredOn: 'Day answered', text: 'News', group: 'Group' };

interface Props {
  group: GroupDetail;
  rules: Groups;
  today: string;
  /** The answered requests (to look back on) instead of the open ones. */
  answered: boolean;
}

export function Requests({ group, rules, today, answered }: Props) {
  const requests = useRecords('groupRequests');
  // Read once for the whole list: each card takes its own from these.
  const updates = useRecords('groupUpdates').value ?? [];
  const prayers = useRecords('groupPrayers').value ?? [];
  const ofRequest = <T extends { fields: { requestId: string } }>(rows: T[], id: string) => rows.filter((r) => r.fields.requestId === id);
  const refused = useRefused('groupRequests');
  const ours = {
    ...requests,
    value: requests.value
      ?.filter((r) => r.fields.groupId === group.id && Boolean(r.fields.answeredOn) === answered)
      .sort((a, b) => (answered ? (b.fields.answeredOn ?? '').localeCompare(a.fields.answeredOn ?? '') : b.fields.renewedOn.localeCompare(a.fields.renewedOn))),
  };
  const stateOf = (r: Request) => rules.requestState(r.fields.renewedOn, r.fields.answeredOn ?? null, today);
  return (
    <>
      {!answered && <AskForPrayer group={group} rules={rules} today={today} />}
      <LiveList
        live={ours}
        what={answered ? 'answered requests' : 'prayer requests'}
        refused={answered ? undefined : { ...refused, value: refused.value?.filter((c) => c.fields.groupId === group.id) }}
        describe={(fields) => String(fields.title ?? 'A request')}
        fieldLabels={FIELD_LABELS}
        onDiscard={(change) => void discardRefused(change.seq)}
        empty={
          <p className="card empty">
            {answered
              ? 'No answered prayers yet. When someone marks their request answered, it is kept here to look back on.'
              : 'No requests yet. Ask the group to pray with you above.'}
          </p>
        }
      >
        {(items) => {
          const open = items.filter((r) => answered || stateOf(r) === 'open');
          const older = answered ? [] : items.filter((r) => stateOf(r) === 'older');
          return (
            <>
              <ul className="request-list" aria-label={answered ? 'Answered requests' : 'Open requests'}>
                {open.map((r) => (
                  <RequestCard key={r.id} request={r} updates={ofRequest(updates, r.id)} prayers={ofRequest(prayers, r.id)} group={group} rules={rules} today={today} older={false} />
                ))}
              </ul>
              {older.length > 0 && (
                <section aria-labelledby="older-heading">
                  <h2 id="older-heading" className="section-title">
                    Older
                  </h2>
                  <p className="muted small">Open for more than 30 days. The person who asked can renew a request to bring it back up.</p>
                  <ul className="request-list" aria-label="Older requests">
                    {older.map((r) => (
                      <RequestCard key={r.id} request={r} updates={ofRequest(updates, r.id)} prayers={ofRequest(prayers, r.id)} group={group} rules={rules} today={today} older />
                    ))}
                  </ul>
                </section>
              )}
            </>
          );
        }}
      </LiveList>
    </>
  );
}

const blank = { title: '', details: '', leadersOnly: false, anonymous: false };

function AskForPrayer({ group, rules, today }: Omit<Props, 'answered'>) {
  const [form, setForm] = useState(blank);
  const [error, setError] = useState<FieldError | null>(null);
  const [saving, setSaving] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    const fields = {
      groupId: group.id,
      title: form.title.trim(),
      details: form.details.trim(),
      audience: form.leadersOnly ? ('leaders' as const) : ('group' as const),
      anonymous: form.anonymous,
      renewedOn: today,
      authorId: group.you.memberId,
      authorName: group.you.displayName,
    };
    try {
      const id = await newRecordId('groupRequests', { groupId: group.id });
      const refusal = await writeShared(rules, group, { table: 'groupRequests', id, op: 'put', fields });
      setError(refusal);
      if (!refusal) {
        setForm(blank);
        toast({ title: 'Request Shared', description: form.leadersOnly ? 'The group\'s leaders will see it.' : 'The group will see it and pray with you.' });
      }
    } finally {
      setSaving(false);
    }
  }
  const fieldError = (name: string) => (error?.field === name ? error.message : undefined);
  return (
    <section className="card" aria-labelledby="ask-heading">
      <h2 id="ask-heading">Ask for prayer</h2>
      <form className="form" onSubmit={submit} noValidate>
        <TextInput label="Your request" value={form.title} onChange={(title) => setForm({ ...form, title })} error={fieldError('title')} maxLength={REQUEST_TITLE_MAX} name="title" />
        <TextArea label="Details (optional)" value={form.details} onChange={(details) => setForm({ ...form, details })} error={fieldError('details')} maxLength={REQUEST_DETAILS_MAX} name="details" />
        <label className="check">
          <input type="checkbox" checked={form.leadersOnly} onChange={(e) => setForm({ ...form, leadersOnly: e.target.checked })} /> Only the group&apos;s leaders may see it
        </label>
        <label className="check">
          <input type="checkbox" checked={form.anonymous} onChange={(e) => setForm({ ...form, anonymous: e.target.checked })} /> Share it without my name (the leaders still see it)
        </label>
        {error && !['title', 'details'].includes(error.field) && (
          <p className="form-alert" role="alert">
            <strong>Not shared.</strong> {sentence(error.message)}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Sharing...' : 'Share with the group'}
        </button>
      </form>
    </section>
  );
}

interface CardProps {
  request: Request;
  updates: Stored<'groupUpdates'>[];
  prayers: Stored<'groupPrayers'>[];
  group: GroupDetail;
  rules: Groups;
  today: string;
  older: boolean;
}

function RequestCard({ request, updates, prayers, group, rules, today, older }: CardProps) {
  const f = request.fields;
  const me = group.you.memberId;
  const mine = f.authorId === me;
  const leads = group.you.role !== 'member';
  const prayedToday = prayers.some((p) => p.fields.memberId === me && p.fields.prayedOn === today);
  const names = [...new Set(prayers.map((p) => p.fields.name).filter((n): n is string => Boolean(n)))];
  const [problem, setProblem] = useState<FieldError | null>(null);
  const [showName, setShowName] = useState(() => storage.get(SHOW_NAME_KEY) !== 'no');
  const by = mine ? `You${f.anonymous ? ' (shared without your name)' : ''}` : (f.authorName ?? 'Someone in the group');

  const act = async (write: Parameters<typeof writeShared>[2], done?: string) => {
    const refusal = await writeShared(rules, group, write);
    setProblem(refusal);
    if (!refusal && done) toast({ title: done, description: 'Saved, and shared with the group when this phone is online.' });
    return !refusal;
  };
  const pray = async () => {
    storage.set(SHOW_NAME_KEY, showName ? 'yes' : 'no');
    const id = await newRecordId('groupPrayers', { groupId: group.id });
    await act({
      table: 'groupPrayers',
      id,
      op: 'put',
      fields: { groupId: group.id, requestId: request.id, prayedOn: today, memberId: me, name: showName ? group.you.displayName : null },
      parent: f,
    });
  };

  return (
    <li className="card request" aria-labelledby={`${request.id}-title`}>
      <h3 id={`${request.id}-title`}>{f.title}</h3>
      <p className="muted small">
        {by} · {dayLabel(f.renewedOn, { month: 'long', day: 'numeric' })}
        {f.audience === 'leaders' && <span className="tag">Leaders only</span>}
        {f.hidden && <span className="tag">Hidden by a leader</span>}
        {older && <span className="tag">Older</span>}
      </p>
      {f.details && <p className="request-details">{f.details}</p>}
      {f.answeredOn && (
        <p className="answer">
          <strong>Answered {dayLabel(f.answeredOn, { month: 'long', day: 'numeric', year: 'numeric' })}.</strong> {f.answer}
        </p>
      )}
      {updates.length > 0 && (
        <ul className="updates" aria-label="News">
          {updates.map((u) => (
            <li key={u.id}>{u.fields.text}</li>
          ))}
        </ul>
      )}
      <p className="prayed" aria-live="polite">
        {prayers.length === 0 ? 'No one has marked praying yet.' : `Prayed ${prayers.length} ${prayers.length === 1 ? 'time' : 'times'}`}
        {names.length > 0 && ` · ${names.join(', ')}`}
      </p>
      {!f.answeredOn && (
        <div className="actions">
          <button type="button" className="btn" onClick={() => void pray()} disabled={prayedToday}>
            {prayedToday ? 'You prayed today' : 'I prayed'}
          </button>
          {!prayedToday && (
            <label className="check small">
              <input type="checkbox" checked={showName} onChange={(e) => setShowName(e.target.checked)} /> Show my name
            </label>
          )}
        </div>
      )}
      {problem && (
        <p className="form-alert" role="alert">
          <strong>Not saved.</strong> {sentence(problem.message)}
        </p>
      )}
      {mine && <AuthorTools request={request} act={act} today={today} older={older} group={group} />}
      {!mine && leads && (
        <div className="actions">
          <button type="button" className="btn btn-small" onClick={() => void act({ table: 'groupRequests', id: request.id, op: 'patch', fields: { hidden: !f.hidden }, before: f }, f.hidden ? 'Shown Again' : 'Hidden')}>
            {f.hidden ? 'Show to the group again' : 'Hide from the group'}
          </button>
          <button type="button" className="btn btn-small btn-danger" onClick={() => void act({ table: 'groupRequests', id: request.id, op: 'delete', before: f }, 'Deleted')}>
            Delete
          </button>
        </div>
      )}
      {!mine && !leads && <Report request={request} act={act} group={group} />}
    </li>
  );
}

type Act = (write: Parameters<typeof writeShared>[2], done?: string) => Promise<boolean>;

function AuthorTools({ request, act, today, older, group }: { request: Request; act: Act; today: string; older: boolean; group: GroupDetail }) {
  const f = request.fields;
  const [news, setNews] = useState('');
  const [answer, setAnswer] = useState({ on: today, words: '' });
  return (
    <details className="tools">
      <summary>Add news or mark answered</summary>
      <form className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void newRecordId('groupUpdates', { groupId: group.id }).then((id) =>
            act({ table: 'groupUpdates', id, op: 'put', fields: { groupId: group.id, requestId: request.id, text: news.trim(), authorId: group.you.memberId }, parent: f }, 'News Added').then(
              (ok) => ok && setNews(''),
            ),
          );
        }}
      >
        <TextArea label="News for the group" value={news} onChange={setNews} maxLength={UPDATE_MAX} name="news" />
        <button type="submit" className="btn btn-small">
          Add news
        </button>
      </form>
      {!f.answeredOn && (
        <form className="form"
          onSubmit={(e) => {
            e.preventDefault();
            void act({ table: 'groupRequests', id: request.id, op: 'patch', fields: { answeredOn: answer.on, answer: answer.words.trim() || null }, before: f }, 'Marked Answered');
          }}
        >
          <DateInput label="Answered on" value={answer.on} max={today} onChange={(on) => setAnswer({ ...answer, on })} name="answeredOn" />
          <TextArea label="What happened (a few words, optional)" value={answer.words} onChange={(words) => setAnswer({ ...answer, words })} maxLength={ANSWER_MAX} name="answer" />
          <button type="submit" className="btn btn-small">
            Mark answered
          </button>
        </form>
      )}
      <div className="actions">
        {older && (
          <button type="button" className="btn btn-small" onClick={() => void act({ table: 'groupRequests', id: request.id, op: 'patch', fields: { renewedOn: today }, before: f }, 'Renewed')}>
            Renew (keep it with the open requests)
          </button>
        )}
        <button type="button" className="btn btn-small btn-danger" onClick={() => void act({ table: 'groupRequests', id: request.id, op: 'delete', before: f }, 'Deleted')}>
          Delete my request
        </button>
      </div>
    </details>
  );
}

function Report({ request, act, group }: { request: Request; act: Act; group: GroupDetail }) {
  const [reason, setReason] = useState('');
  return (
    <details className="tools">
      <summary>Report to the leaders</summary>
      <form className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void newRecordId('groupReports', { groupId: group.id }).then((id) =>
            act(
              { table: 'groupReports', id, op: 'put', fields: { groupId: group.id, postId: request.id, reason: reason.trim(), reporterId: group.you.memberId } },
              'Reported to the Leaders',
            ).then((ok) => ok && setReason('')),
          );
        }}
      >
        <TextInput label="Why (optional)" value={reason} onChange={setReason} maxLength={REPORT_MAX} name="reason" />
        <button type="submit" className="btn btn-small">
          Report
        </button>
      </form>
    </details>
  );
}
