// The trial notice bar on Home (spec part 1 §4): how many days of the 7-day
// free trial are left, in four states coloured by urgency, dismissed for the
// session by 'Remind Me Later' or the close button. Hidden while loading, when
// the server has nothing to say, and for paying members.

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiRequest } from '../../api/client';
import { sessionFlag } from '../../lib/storage';
import { useManageSubscription } from './manage';
import { usePremium } from './usePremium';

export interface TrialStatus {
  showUpgradePrompt: boolean;
  isPremium: boolean;
  isTrialing?: boolean;
  isTrialExpired?: boolean;
  daysRemaining?: number;
  urgencyLevel?: 'critical' | 'high' | 'expired' | 'normal';
}

const DISMISSED_KEY = 'manna-trial-notice-dismissed';

export interface Notice {
  tone: 'expired' | 'critical' | 'high' | 'normal';
  title: string;
  text: string;
  action: string;
}

/** What the bar says for a trial status (null: nothing to show). How urgent a
 *  trial is (by days left: ≤ 1 critical, 2–3 high) is the server's call. */
export function trialNotice(status: TrialStatus | undefined): Notice | null {
  if (!status?.showUpgradePrompt || (status.isPremium && !status.isTrialing)) return null;
  const days = Math.max(0, status.daysRemaining ?? 0);
  const left = `${days} days left in your free trial.`;
  switch (status.isTrialExpired ? 'expired' : (status.urgencyLevel ?? 'normal')) {
    case 'expired':
      return { tone: 'expired', title: 'Trial Expired', text: 'Your 7-day free trial has ended. Subscribe to keep your premium plan.', action: 'Upgrade Now' };
    case 'critical':
      return {
        tone: 'critical',
        title: 'Trial Ending Soon!',
        text: `Your free trial ends ${days === 0 ? 'today' : 'tomorrow'}. Check your payment details to keep premium.`,
        action: 'Secure Your Plan',
      };
    case 'high':
      return { tone: 'high', title: 'Trial Reminder', text: left, action: 'Continue Premium' };
    default:
      return { tone: 'normal', title: 'Premium Trial Active', text: left, action: 'Upgrade Early' };
  }
}

export function TrialNotice() {
  const { premium, loading } = usePremium();
  const [dismissed, setDismissed] = useState(() => sessionFlag.get(DISMISSED_KEY));
  const manage = useManageSubscription();
  const status = useQuery({
    queryKey: ['trial-status', premium.isPremium, premium.plan],
    queryFn: () => apiRequest<TrialStatus>('GET', '/api/trial-status'),
    enabled: !loading && !dismissed,
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (status.isError) console.warn('Reading the trial status failed', status.error);
  const notice = dismissed ? null : trialNotice(status.data);
  if (!notice) return null;
  const dismiss = () => {
    sessionFlag.set(DISMISSED_KEY);
    setDismissed(true);
  };
  return (
    <section className={`trial-notice trial-${notice.tone}`} role="region" aria-label="Free trial">
      <div>
        <h2>{notice.title}</h2>
        <p>{notice.text}</p>
      </div>
      <div className="trial-actions">
        {notice.tone === 'expired' ? (
          <Link className="btn btn-small trial-action" to="/subscribe">
            {notice.action}
          </Link>
        ) : (
          <button type="button" className="btn btn-small trial-action" disabled={manage.opening} onClick={() => void manage.open()}>
            {notice.action}
          </button>
        )}
        <button type="button" className="btn btn-small btn-outline" onClick={dismiss}>
          Remind Me Later
        </button>
      </div>
      <button type="button" className="icon-btn trial-close" aria-label="Close the trial notice" onClick={dismiss}>
        ×
      </button>
    </section>
  );
}
