// Every address the app does not have: the spec's title, what happened in
// plain words, and the ways back.

import { Link } from '../lib/router';

export function NotFound() {
  return (
    <main className="page not-found">
      <h1>404 Page Not Found</h1>
      <p>We could not find this page. The link may be old, or the address may have a typo.</p>
      <div className="row-actions">
        <Link className="btn btn-primary" to="/">
          Back to Home
        </Link>
        <button type="button" className="btn btn-outline" onClick={() => window.history.back()}>
          Go Back
        </button>
      </div>
    </main>
  );
}
