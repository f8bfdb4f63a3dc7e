// Today's prayer prompts above the journal's form: three a day, taking
// turns through the list by the core's rotation, each one tap from the form.

import { Link } from '../../lib/router';
import { useContentList } from '../../content/useContentList';
import type { JournalPrompt } from '../../generated/content';
import { capitalize } from '../../lib/words';
import type { Core } from '../../wasm/core';

/** Where the prompts are listed. */
export const PROMPTS_PATH = '/api/journal-prompts';

/** Three prompts a day, taking turns through the list (the core's rotation). */
export function Prompts({ core, today, onUse }: { core: Core; today: string; onUse: (p: JournalPrompt) => void }) {
  const prompts = useContentList<JournalPrompt>(PROMPTS_PATH);
  const all = prompts.data ?? [];
  const first = all.length ? core.rotationIndex(today, all.length, 'journal-prompts') : 0;
  const todays = all.length ? [0, 1, 2].map((i) => all[(first + i) % all.length]) : [];
  return (
    <section className="card" aria-labelledby="prompts-title">
      <h2 id="prompts-title" className="card-title">
        Today&apos;s Prayer Prompts
      </h2>
      {prompts.isPending ? (
        // Three rows the height of a prompt (two lines and its button), so
        // the form below stays where it is when they come.
        <div className="prompt-placeholder" role="status" aria-label="Loading prompts" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <div key={i}>
              <div className="skeleton skeleton-line wide" />
              <div className="skeleton skeleton-line" />
              <div className="skeleton skeleton-line short" />
            </div>
          ))}
        </div>
      ) : todays.length === 0 ? (
        <p className="meta">Prompts appear here once Manna has been opened with a connection.</p>
      ) : (
        <ul className="plain-list prompt-list">
          {todays.map((p) => (
            <li key={p.id}>
              <span className="tag">{capitalize(p.category)}</span> {p.prompt}{' '}
              <button type="button" className="link-btn" onClick={() => onUse(p)}>
                Use this prompt
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="meta">
        Looking for guided prayer? <Link to="/prayer-sessions">Prayer sessions</Link>
      </p>
    </section>
  );
}
