// What the daily cards below the reading show besides their text: where a
// claim can be looked up, and tags.

/** "PubMed search: topic — https://…" shown as what it is: a link to a
 *  search for the topic, not the source of a claim. */
export function SourceLink({ source }: { source?: string }) {
  if (!source) return null;
  const url = /https:\/\/\S+/.exec(source)?.[0];
  const said = source.replace(/\s*—\s*https:\/\/\S+/, '');
  const topic = /^PubMed search:\s*(.+)$/.exec(said)?.[1];
  const label = topic ? `Search PubMed for “${topic}”` : said;
  return (
    <p className="source small">
      {url ? (
        <a href={url} target="_blank" rel="noopener noreferrer">
          {label}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : (
        label
      )}
    </p>
  );
}

export function Tags({ tags }: { tags?: string[] }) {
  if (!tags?.length) return null;
  return (
    <ul className="tags" aria-label="Tags">
      {tags.map((t) => (
        <li key={t} className="tag">
          {t}
        </li>
      ))}
    </ul>
  );
}

/** Comma-separated benefits shown as badges (split on comma plus space). */
export function Badges({ text }: { text: string }) {
  return <Tags tags={text.split(', ').filter(Boolean)} />;
}
