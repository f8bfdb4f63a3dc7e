// Listen / Pause / Resume / Stop for a text, with the speed to read at and
// what is happening ("Listening…", "Paused"). The sentence being read is
// marked in the text itself (see SpokenWords).

import { PlayControls } from './PlayControls';
import { SPEECH_RATES } from './speechRate';
import type { ReadAloud } from './useReadAloud';

const STATUS = { idle: '', speaking: 'Listening…', paused: 'Paused' } as const;

export function ReadAloudControls({ speech, text, title }: {
  speech: ReadAloud;
  /** The words to read, asked for when Listen is pressed (in parts: see `listen`). */
  text: () => string | readonly string[];
  /** What the lock screen shows while it reads. */
  title: string;
}) {
  const { state } = speech;
  return (
    <div className="read-aloud">
      <PlayControls
        label="Read aloud"
        startLabel="Listen"
        state={state === 'speaking' ? 'playing' : state}
        onStart={() => speech.listen(text(), { title })}
        onPause={speech.pause}
        onResume={speech.resume}
        onStop={speech.stop}
      >
        <label className="read-aloud-speed">
          Speed
          <select value={String(speech.rate)} onChange={(e) => speech.setRate(Number(e.target.value))}>
            {SPEECH_RATES.map((r) => (
              <option key={r} value={String(r)}>
                {r}×
              </option>
            ))}
          </select>
        </label>
      </PlayControls>
      {/* Always present, so that screen readers announce each change. */}
      <p role="status" className="read-aloud-state">
        {STATUS[state]}
      </p>
    </div>
  );
}
