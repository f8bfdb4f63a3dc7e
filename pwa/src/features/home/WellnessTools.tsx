// Wellness Tools: a tile for every tool page of the app (the app's route table
// says which pages are tools, so the grid grows with the routes).

import { Link } from '../../lib/router';

export interface Tool {
  to: string;
  title: string;
  subtitle: string;
  /** A decorative symbol (hidden from screen readers). */
  icon: string;
}

export function WellnessTools({ tools }: { tools: Tool[] }) {
  return (
    <section aria-labelledby="tools-title">
      <h2 id="tools-title" className="section-title">
        Wellness Tools
      </h2>
      <ul className="tools-grid">
        {tools.map((tool) => (
          <li key={tool.to}>
            <Link className="tool-tile" to={tool.to}>
              <span className="tool-icon" aria-hidden="true">
                {tool.icon}
              </span>
              <span className="tool-title">{tool.title}</span>
              <span className="tool-subtitle">{tool.subtitle}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
