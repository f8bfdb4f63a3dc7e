// The meditation page's worship picker: ten of the worship page's hymns, the
// chosen one's lines to sing or pray along with, and a way to the full page.

import { useId, useState } from 'react';
import { Link } from '../../lib/router';
import { useContentList } from '../../content/useContentList';
import type { WorshipSong } from '../../generated/content';

export const PICKER_SIZE = 10;

export function WorshipPicker() {
  const songs = useContentList<WorshipSong>('/api/worship-songs');
  const [index, setIndex] = useState(0);
  const id = useId();
  const list = (songs.data ?? []).slice(0, PICKER_SIZE);
  if (list.length === 0) return null;
  const song = list[Math.min(index, list.length - 1)];
  return (
    <section className="card worship-picker" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        Worship music
      </h2>
      <label htmlFor={`${id}-song`}>Song</label>
      <select id={`${id}-song`} value={index} onChange={(e) => setIndex(Number(e.target.value))}>
        {list.map((s, i) => (
          <option key={s.id} value={i}>
            {s.title}
          </option>
        ))}
      </select>
      <blockquote className="hymn-lines">
        {song.keyLines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </blockquote>
      <p className="meta">
        {song.author}, {song.year} · <Link to="/worship-music">All songs, with listening links</Link>
      </p>
    </section>
  );
}
