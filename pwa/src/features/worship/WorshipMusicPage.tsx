// /worship-music: twelve public-domain hymns, one shown in full (its lines, its
// prayer, the passage it draws on) with buttons that search for it on two
// music streaming services and a video service in a new tab. Choosing another
// fades the card for 200 ms, switches it and scrolls to the top.

import { useEffect, useRef, useState } from 'react';
import { Link } from '../../lib/router';
import { CardSkeleton } from '../../components/CardSkeleton';
import { ListUnavailable } from '../../components/ListUnavailable';
import { PageHeader } from '../../components/PageHeader';
import { ListNotSavedOffline, useContentList } from '../../content/useContentList';
import type { WorshipSong } from '../../generated/content';

const FADE_MS = 200;

/** Searches only: never a guessed link to a particular recording. */
function searches(song: WorshipSong) {
  const q = encodeURIComponent(`${song.title} hymn`);
  return [
    { name: 'Spotify', url: `https://open.spotify.com/search/${q}` },
    { name: 'Apple Music', url: `https://music.apple.com/us/search?term=${q}` },
    { name: 'YouTube', url: `https://www.youtube.com/results?search_query=${q}` },
  ];
}

export default function WorshipMusicPage() {
  const songs = useContentList<WorshipSong>('/api/worship-songs');
  const [chosen, setChosen] = useState(0);
  const [fading, setFading] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function choose(index: number) {
    if (index === chosen || fading) return;
    setFading(true);
    timer.current = window.setTimeout(() => {
      setChosen(index);
      setFading(false);
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }, FADE_MS);
  }

  let body;
  if (songs.isPending) {
    body = <CardSkeleton label="Loading the songs" />;
  } else if (!songs.data?.length) {
    body = (
      <ListUnavailable
        what="the songs"
        offline={songs.error instanceof ListNotSavedOffline}
        failed={songs.isError}
        emptyText="No worship songs are available right now."
        onRetry={() => void songs.refetch()}
      />
    );
  } else {
    const list = songs.data;
    const song = list[Math.min(chosen, list.length - 1)];
    body = (
      <>
        <section className={`card song-card${fading ? ' fading' : ''}`} aria-labelledby="song-title" aria-live="polite">
          <p className="eyebrow">{song.theme}</p>
          <h2 id="song-title">{song.title}</h2>
          <p className="meta">
            {song.author}, {song.year}
          </p>
          <blockquote className="hymn-lines">
            {song.keyLines.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </blockquote>
          <h3>Prayer</h3>
          <p>{song.prayer}</p>
          <p className="meta">Scripture: {song.scripture} (KJV)</p>
          <h3>Listen</h3>
          <div className="row">
            {searches(song).map((s) => (
              <a key={s.name} className="btn btn-outline" href={s.url} target="_blank" rel="noopener noreferrer">
                {s.name}
                <span className="sr-only"> (search, opens in a new tab)</span>
              </a>
            ))}
          </div>
        </section>
        <Link className="btn btn-primary" to="/meditation">
          Use Meditation Timer
        </Link>
        <section aria-labelledby="all-songs">
          <h2 id="all-songs" className="section-title">
            All songs
          </h2>
          <ul className="plain-list stack">
            {list.map((s, i) => (
              <li key={s.id}>
                <button
                  type="button"
                  className={`song-choice${i === chosen ? ' chosen' : ''}`}
                  aria-pressed={i === chosen}
                  onClick={() => choose(i)}
                >
                  <strong>{s.title}</strong>
                  <span className="meta">
                    {s.author}, {s.year}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Worship and Prayer" />
      <main className="page worship">{body}</main>
    </>
  );
}
