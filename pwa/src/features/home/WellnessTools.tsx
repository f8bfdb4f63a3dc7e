import { Link } from 'react-router';

const TOOLS = [
  { to: '/worship-music', title: 'Worship Music', subtitle: 'Praise & worship', icon: '♪' },
  { to: '/wellness-score', title: 'Wellness Score', subtitle: 'Daily assessment', icon: '✓' },
  { to: '/farm-finder', title: 'Find Organic Farms', subtitle: 'Local chemical-free food', icon: '❦' },
  { to: '/hiking-trails', title: 'Hiking Trails', subtitle: 'Nature meditation paths', icon: '⛰' },
];

export function WellnessTools() {
  return (
    <section aria-labelledby="tools-title">
      <h2 id="tools-title" className="section-title">
        Wellness Tools
      </h2>
      <ul className="tools-grid">
        {TOOLS.map((tool) => (
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
