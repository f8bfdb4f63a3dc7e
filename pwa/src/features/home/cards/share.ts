// Sharing the day's verse: as text through the phone's share sheet (or the
// clipboard where there is none), or as an image drawn here on a canvas with
// the reference and the app's name. Loaded only when a share button is
// pressed, so Home's first screen carries none of it.

export interface SharedVerse {
  reference: string;
  verse: string;
}

/** What happened, for the page to say. */
export type Shared = 'shared' | 'copied' | 'saved' | 'cancelled';

/** What a person is told after sharing. */
export const SHARED_WORDS = {
  shared: null,
  cancelled: null,
  copied: { title: 'Copied', description: 'The verse and its reference are on your clipboard.' },
  saved: { title: 'Image saved', description: 'The verse image is in your downloads.' },
} as const;

/** The words shared: the verse in quotes, then its reference. */
export function verseText({ reference, verse }: SharedVerse): string {
  return `“${verse.trim()}” (${reference}, KJV)`;
}

function cancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export async function shareText(v: SharedVerse): Promise<Shared> {
  const text = verseText(v);
  if (navigator.share) {
    try {
      await navigator.share({ title: v.reference, text });
      return 'shared';
    } catch (error) {
      if (cancelled(error)) return 'cancelled';
    }
  }
  await navigator.clipboard.writeText(text);
  return 'copied';
}

/** Side of the square image, in pixels (what phones' share targets show well). */
const SIDE = 1080;
const MARGIN = 96;

/** `text` broken into lines no wider than `width` in the context's font. */
function wrap(ctx: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const tried = line ? `${line} ${word}` : word;
    if (ctx.measureText(tried).width > width && line) {
      lines.push(line);
      line = word;
    } else {
      line = tried;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The verse image: the verse as large as fits, its reference, and "Manna". */
export async function verseImage(v: SharedVerse): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = SIDE;
  canvas.height = SIDE;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw images.');
  ctx.fillStyle = '#1f4a36';
  ctx.fillRect(0, 0, SIDE, SIDE);
  ctx.fillStyle = '#fbf8f1';
  ctx.textBaseline = 'top';
  const text = `“${v.verse.trim()}”`;
  // The largest size whose lines fit above the reference.
  let size = 72;
  let lines: string[] = [];
  for (; size >= 28; size -= 4) {
    ctx.font = `${size}px Georgia, 'Times New Roman', serif`;
    lines = wrap(ctx, text, SIDE - 2 * MARGIN);
    if (lines.length * size * 1.3 <= SIDE - 2 * MARGIN - 160) break;
  }
  const height = lines.length * size * 1.3;
  let y = (SIDE - 160 - height) / 2;
  for (const line of lines) {
    ctx.fillText(line, MARGIN, y);
    y += size * 1.3;
  }
  ctx.fillStyle = '#f1d08a';
  ctx.font = `600 44px system-ui, sans-serif`;
  ctx.fillText(`${v.reference} (KJV)`, MARGIN, y + 32);
  ctx.fillStyle = '#fbf8f1';
  ctx.font = `40px system-ui, sans-serif`;
  ctx.textAlign = 'right';
  ctx.fillText('Manna', SIDE - MARGIN, SIDE - MARGIN - 40);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be made.'))), 'image/png'),
  );
}

/** A file name from the reference: "Psalm 5:3" → "psalm-5-3.png". */
export function imageName(reference: string): string {
  return `${reference.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}.png`;
}

export async function shareImage(v: SharedVerse): Promise<Shared> {
  const file = new File([await verseImage(v)], imageName(v.reference), { type: 'image/png' });
  if (navigator.canShare?.({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: v.reference });
      return 'shared';
    } catch (error) {
      if (cancelled(error)) return 'cancelled';
    }
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(file);
  link.download = file.name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  return 'saved';
}
