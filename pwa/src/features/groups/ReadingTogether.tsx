// Reading together: the day's reading, the same for everyone in the group,
// and the members' few words on it when the leaders have turned reflections
// on (hidden or deleted by a leader like any post).

import { useState, type FormEvent } from 'react';
import { TextArea } from '../../components/form';
import { sentence } from '../../components/form/Field';
import { toast } from '../../components/toast';
import { useDaily } from '../../content/useDaily';
import type { GroupDetail } from '../../generated/api';
import { REFLECTION_MAX, type FieldError } from '../../generated/records';
import { Link } from '../../lib/router';
import { useRecords } from '../../sync/useRecords';
import { newRecordId } from '../../sync/saveRecords';
import type { Groups } from '../../wasm/groups';
import { writeShared } from './write';

export function ReadingTogether({ group, rules, today }: { group: GroupDetail; rules: Groups; today: string }) {
  const reading = useDaily('bibleReading', today);
  const leads = group.you.role !== 'member';
  const reflections = (useRecords('groupReflections').value ?? [])
    .filter((r) => r.fields.groupId === group.id && r.fields.date === today)
    .sort((a, b) => a.fields.createdAt.localeCompare(b.fields.createdAt));
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<FieldError | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const id = await newRecordId('groupReflections', { groupId: group.id });
    const fields = { groupId: group.id, date: today, text: text.trim(), authorId: group.you.memberId, authorName: group.you.displayName };
    const refusal = await writeShared(rules, group, { table: 'groupReflections', id, op: 'put', fields });
    setProblem(refusal);
    if (!refusal) {
      setText('');
      toast({ title: 'Reflection Shared', description: 'The group will see it with today\'s reading.' });
    }
  }

  return (
    <>
      <section className="card" aria-labelledby="reading-heading">
        <h2 id="reading-heading">Today&apos;s reading</h2>
        {reading.isPending ? (
          <p role="status">Loading today&apos;s reading...</p>
        ) : reading.data ? (
          <>
            <p>
              <strong>{reading.data.reference}</strong>
            </p>
            <blockquote className="verse">{reading.data.verse}</blockquote>
            <Link to="/">The reflection and prayer on Home</Link>
          </>
        ) : (
          <p>Today&apos;s reading is not saved on this phone yet. It shows once the phone is online.</p>
        )}
      </section>
      <section aria-labelledby="reflections-heading">
        <h2 id="reflections-heading" className="section-title">
          Reflections
        </h2>
        {!group.reflections ? (
          <p className="card empty">
            Reflections are off in this group.{leads ? ' You can turn them on in the Members tab.' : ' A leader can turn them on.'}
          </p>
        ) : (
          <>
            {reflections.length === 0 ? (
              <p className="card empty">No reflections on today&apos;s reading yet.</p>
            ) : (
              <ul className="request-list" aria-label="Reflections on today's reading">
                {reflections.map((r) => (
                  <li key={r.id} className="card">
                    <p>{r.fields.text}</p>
                    <p className="muted small">
                      {r.fields.authorId === group.you.memberId ? 'You' : (r.fields.authorName ?? 'Someone in the group')}
                      {r.fields.hidden && ' · hidden by a leader'}
                    </p>
                    {leads && r.fields.authorId !== group.you.memberId && (
                      <button
                        type="button"
                        className="btn btn-small"
                        onClick={() =>
                          void writeShared(rules, group, { table: 'groupReflections', id: r.id, op: 'patch', fields: { hidden: !r.fields.hidden }, before: r.fields }).then(setProblem)
                        }
                      >
                        {r.fields.hidden ? 'Show again' : 'Hide'}
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
            <form className="card form" onSubmit={(e) => void submit(e)} noValidate>
              <TextArea label="Your reflection on today's reading" value={text} onChange={setText} maxLength={REFLECTION_MAX} name="reflection" error={problem?.field === 'text' ? problem.message : undefined} />
              {problem && problem.field !== 'text' && (
                <p className="form-alert" role="alert">
                  <strong>Not shared.</strong> {sentence(problem.message)}
                </p>
              )}
              <button type="submit" className="btn btn-primary">
                Share
              </button>
            </form>
          </>
        )}
      </section>
    </>
  );
}
