import { Link } from 'react-router';
import { SyncStatusBadge } from '../sync/SyncStatusBadge';

export function PageHeader({ title }: { title: string }) {
  return (
    <header className="app-header page-header">
      <Link to="/" className="back-link">
        ← Home
      </Link>
      <h1>{title}</h1>
      <SyncStatusBadge />
    </header>
  );
}
