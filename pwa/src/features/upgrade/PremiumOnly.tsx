// A premium page's frame: its header, the 'PREMIUM FEATURE' mark and way back
// to the dashboard where the spec shows them, a placeholder while membership is
// checked, then the page for members and the upgrade notice (or the page's own
// preview) for everyone else. The server refuses the content to non-members in
// any case; this only decides what to show.

import type { ReactNode } from 'react';
import { Link } from '../../lib/router';
import { CardSkeleton } from '../../components/CardSkeleton';
import { PageHeader } from '../../components/PageHeader';
import { usePremium } from '../../entitlement/usePremium';
import { PremiumRequired } from './PremiumRequired';

export function PremiumOnly(props: {
  title: string;
  /** The `main` element's class. */
  className: string;
  /** Marked 'PREMIUM FEATURE' with a link back to the dashboard. */
  marked?: boolean;
  /** What non-members see instead of the upgrade notice. */
  preview?: ReactNode;
  /** The members' page (rendered only for members). */
  children: (plan: string) => ReactNode;
}) {
  const { premium, loading } = usePremium();
  return (
    <>
      <PageHeader title={props.title} />
      <main className={`page ${props.className}`}>
        {props.marked && (
          <p className="row">
            <span className="premium-pill">PREMIUM FEATURE</span>
            <Link to="/premium-dashboard">← Premium Dashboard</Link>
          </p>
        )}
        {loading ? (
          <CardSkeleton label="Checking your membership" />
        ) : premium.isPremium ? (
          props.children(premium.plan)
        ) : (
          (props.preview ?? <PremiumRequired />)
        )}
      </main>
    </>
  );
}
