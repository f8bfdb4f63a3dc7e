// /pray, /plans and /me: the pages their tabs open, each a list of the places
// the tab holds with a line saying what each is for.

import { Link } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { hubOf, type HubId } from './tabs';

export default function HubPage({ hub }: { hub: HubId }) {
  const { title, sections } = hubOf(hub);
  return (
    <>
      <PageHeader title={title} />
      <main className="page hub">
        {sections.map((section, i) => (
          <section key={section.title} aria-labelledby={`hub-${hub}-${i}`}>
            <h2 id={`hub-${hub}-${i}`} className="section-title">
              {section.title}
            </h2>
            <ul className="hub-list">
              {section.links.map((link) => (
                <li key={link.to}>
                  <Link className="hub-link" to={link.to}>
                    <span className="hub-link-title">
                      {link.title}
                      {link.premium && <span className="hub-premium">Premium</span>}
                    </span>
                    <span className="hub-link-description">{link.description}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </main>
    </>
  );
}
