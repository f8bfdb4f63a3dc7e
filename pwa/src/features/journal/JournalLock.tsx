// The journal's lock on its page: what locking means, said before it is
// done; the passphrase twice and the person's word that they understand;
// the recovery key shown once; opening the journal on another device (or
// with the recovery key); and changing the passphrase.

import { useState, type FormEvent, type ReactNode } from 'react';
import { PasswordInput, TextInput } from '../../components/form';
import { toast } from '../../components/toast';
import { loadJournalCrypto } from '../../wasm/journal';
import { changePassphrase, lockJournal, openJournal, recoverJournal, type LockState } from './lock';

/** What a lock cannot undo, said before it is made and where it is kept. */
export function WhatLockingMeans() {
  return (
    <ul className="small">
      <li>Your entries are sealed on your devices before they are sent. Manna&apos;s server keeps only what it cannot read.</li>
      <li>Each of your devices asks for the passphrase once, then opens the journal, offline too.</li>
      <li>
        <strong>If you forget the passphrase and lose the recovery key, no one can read your entries again</strong>: not you, not Manna,
        not the server&apos;s operator. Resetting your account password does not open them.
      </li>
    </ul>
  );
}

/** Why a passphrase will not do, in the core's words. */
async function passphraseProblem(passphrase: string, again: string): Promise<{ field: 'passphrase' | 'again'; message: string } | null> {
  const problem = (await loadJournalCrypto()).checkPassphrase(passphrase);
  if (problem) return { field: 'passphrase', message: problem };
  if (passphrase !== again) return { field: 'again', message: 'must be the same passphrase typed again' };
  return null;
}

function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    // The key's derivation holds the page for a moment: "Working…" shows first.
    await new Promise((shown) => setTimeout(shown, 50));
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  return [busy, run] as const;
}

/** The card on the Write tab: lock the journal, or (locked) what it means
 *  and a new passphrase. */
export function LockCard({ state, onLocked }: { state: LockState; onLocked: (recoveryCode: string) => void }) {
  if (state.kind === 'open-journal') return <LockForm onLocked={onLocked} />;
  if (state.kind !== 'unlocked') return null;
  return (
    <section className="card" aria-labelledby="locked-title">
      <h2 id="locked-title" className="card-title">
        Your journal is locked
      </h2>
      <WhatLockingMeans />
      <details className="disclosure">
        <summary>Change passphrase</summary>
        <NewPassphraseForm
          submitLabel="Change Passphrase"
          onSubmit={async (passphrase) => {
            await changePassphrase(passphrase, state.record, state.opened);
            toast({ title: 'Passphrase Changed', description: 'Your other devices keep the journal open; a new device asks for the new passphrase.' });
          }}
        />
      </details>
    </section>
  );
}

/** A new passphrase, typed twice; `lead` comes first in the form (the
 *  recovery key), `children` before its button (the promise). */
function NewPassphraseForm({
  submitLabel,
  onSubmit,
  lead,
  children,
}: {
  submitLabel: string;
  onSubmit: (passphrase: string) => Promise<void>;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  const [passphrase, setPassphrase] = useState('');
  const [again, setAgain] = useState('');
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const [busy, run] = useBusy();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = await passphraseProblem(passphrase, again);
    setProblem(found);
    if (found) return;
    await run(async () => {
      try {
        await onSubmit(passphrase);
        setPassphrase('');
        setAgain('');
      } catch (e) {
        setProblem({ field: 'form', message: e instanceof Error ? e.message : String(e) });
      }
    });
  }

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      {lead}
      <PasswordInput fresh label="New passphrase" name="passphrase" value={passphrase} onChange={setPassphrase} error={problem?.field === 'passphrase' ? problem.message : undefined} hint="A few words you will remember, at least 8 characters." />
      <PasswordInput fresh label="The same passphrase again" name="again" value={again} onChange={setAgain} error={problem?.field === 'again' ? problem.message : undefined} />
      {children}
      {problem?.field === 'form' && (
        <p className="form-alert" role="alert">
          {problem.message}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Working… this takes a few seconds' : submitLabel}
      </button>
    </form>
  );
}

function LockForm({ onLocked }: { onLocked: (recoveryCode: string) => void }) {
  const [understood, setUnderstood] = useState(false);
  return (
    <section className="card" aria-labelledby="lock-title">
      <h2 id="lock-title" className="card-title">
        Lock your journal
      </h2>
      <p>Seal your prayers with a passphrase only you know, so that only your devices can read them.</p>
      <details className="disclosure">
        <summary>Lock with a passphrase</summary>
        <WhatLockingMeans />
        <NewPassphraseForm
          submitLabel="Lock My Journal"
          onSubmit={async (passphrase) => {
            if (!understood) {
              throw new Error('Tick the box to say you understand what a lost passphrase means.');
            }
            onLocked(await lockJournal(passphrase));
          }}
        >
          <label className="check">
            <input type="checkbox" name="understood" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} /> I understand that without my passphrase or my
            recovery key, no one can read my journal.
          </label>
        </NewPassphraseForm>
      </details>
    </section>
  );
}

/** The recovery key, shown once (focused, so a screen reader reads it first). */
export function RecoveryKey({ code, onDone }: { code: string; onDone: () => void }) {
  return (
    <section className="card recovery-key" aria-labelledby="recovery-title">
      <h2 id="recovery-title" className="card-title" tabIndex={-1} ref={(h) => h?.focus()}>
        Your journal is locked. Write down your recovery key
      </h2>
      <p>If you ever forget your passphrase, this key opens your journal. It is shown only now: Manna does not keep it.</p>
      <p className="recovery-code" aria-label={`Recovery key: ${code.split('').join(' ')}`}>
        {code}
      </p>
      <div className="row">
        <button type="button" className="btn btn-outline" onClick={() => window.print()}>
          Print
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          I Have Written It Down
        </button>
      </div>
    </section>
  );
}

/** A locked journal on a device that has not opened it yet. */
export function UnlockCard({ state }: { state: Extract<LockState, { kind: 'closed' }> }) {
  const [passphrase, setPassphrase] = useState('');
  const [wrong, setWrong] = useState<string | undefined>();
  const [recovering, setRecovering] = useState(false);
  const [busy, run] = useBusy();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!passphrase) return setWrong('Type your journal passphrase.');
    await run(async () => {
      const opened = await openJournal(passphrase, state.record);
      setWrong(opened ? undefined : 'That passphrase does not open this journal. Check it and try again.');
    });
  }

  return (
    <section className="card" aria-labelledby="unlock-title">
      <h2 id="unlock-title" className="card-title">
        Your journal is locked
      </h2>
      <p>Its entries are sealed with your passphrase. Type it once on this device to open them here, offline too.</p>
      {!recovering ? (
        <form className="form" onSubmit={(e) => void submit(e)} noValidate>
          <PasswordInput label="Journal passphrase" name="passphrase" value={passphrase} onChange={setPassphrase} error={wrong} />
          <div className="row">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Opening…' : 'Open Journal'}
            </button>
            <button type="button" className="link-btn" onClick={() => setRecovering(true)}>
              Forgot it? Use your recovery key
            </button>
          </div>
        </form>
      ) : (
        <RecoverForm state={state} onCancel={() => setRecovering(false)} />
      )}
    </section>
  );
}

function RecoverForm({ state, onCancel }: { state: Extract<LockState, { kind: 'closed' }>; onCancel: () => void }) {
  const [code, setCode] = useState('');
  const [wrong, setWrong] = useState<string | undefined>();
  return (
    <>
      <NewPassphraseForm
        lead={<TextInput label="Recovery key" name="recovery" value={code} onChange={setCode} error={wrong} hint="The 24 letters and digits you wrote down when you locked the journal." />}
        submitLabel="Open and Set Passphrase"
        onSubmit={async (passphrase) => {
          const opened = await recoverJournal(code, passphrase, state.record);
          setWrong(opened ? undefined : 'That recovery key does not open this journal.');
          // Refused: what was typed stays in the form.
          if (!opened) throw new Error('Check the recovery key: it does not open this journal.');
          toast({ title: 'Journal Opened', description: 'Your new passphrase opens it on your other devices from now on.' });
        }}
      />
      <button type="button" className="link-btn" onClick={onCancel}>
        Back to the passphrase
      </button>
    </>
  );
}
