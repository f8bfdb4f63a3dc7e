import { Link } from 'react-router';

export function NotFound() {
  return (
    <main className="page not-found">
      <h1>404 Page Not Found</h1>
      <p className="muted">Did you forget to add the page to the router?</p>
      <Link className="btn btn-primary" to="/">
        Back to Home
      </Link>
    </main>
  );
}
