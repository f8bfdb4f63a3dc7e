// The bell at the end of a session, made with Web Audio (no sound file to
// download or cache). It is booked on the audio clock when a session starts
// or resumes, so it rings on time even while the screen is locked and the
// page's timers sleep; a completion noticed before it rang rings it at once.

type Booking = { context: AudioContext; nodes: OscillatorNode[]; at: number };

let context: AudioContext | null = null;
let booking: Booking | null = null;

function audio(): AudioContext | null {
  if (typeof AudioContext === 'undefined') return null;
  context ??= new AudioContext();
  // Allowed here: every call comes from a tap on Start, Resume or the end.
  void context.resume().catch(() => undefined);
  return context;
}

/** Two soft sine partials that fade over three seconds, from `at` (audio time). */
function ring(ctx: AudioContext, at: number): OscillatorNode[] {
  const gain = ctx.createGain();
  gain.connect(ctx.destination);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.35, at + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + 3);
  return [528, 792].map((frequency) => {
    const osc = ctx.createOscillator();
    osc.type = 'sine';
    osc.frequency.value = frequency;
    osc.connect(gain);
    osc.start(at);
    osc.stop(at + 3.1);
    return osc;
  });
}

/** Books the bell `remainingMs` from now (replacing any earlier booking). */
export function bookChime(remainingMs: number): void {
  cancelChime();
  const ctx = audio();
  if (!ctx) return;
  const at = ctx.currentTime + remainingMs / 1000;
  booking = { context: ctx, nodes: ring(ctx, at), at };
}

/** Calls off a booked bell (pause, stop). */
export function cancelChime(): void {
  if (!booking) return;
  for (const node of booking.nodes) {
    try {
      node.stop();
    } catch {
      /* already stopped */
    }
  }
  booking = null;
}

/** The session ended: ring now unless the booked bell is ringing or has rung. */
export function chimeNow(): void {
  if (booking && booking.context.currentTime >= booking.at - 0.25) {
    booking = null;
    return;
  }
  cancelChime();
  const ctx = audio();
  if (ctx) ring(ctx, ctx.currentTime);
}
