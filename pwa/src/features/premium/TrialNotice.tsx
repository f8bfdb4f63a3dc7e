// The trial notice (spec part 1 §4): how a free trial stands, in four states
// coloured by urgency, dismissed for the session by 'Remind Me Later' or the
// close button. Members (trialing ones too) never see it: their trial's days
// are on their member card. Every action goes to the plans, which is what
// 'Upgrade Now', 'Secure Your Plan', 'Continue Premium' and 'Upgrade Early'
// mean to someone without a plan.

import { useState } from 'react';
import { useQuery } from '../../lib/query';
import { Link } from '../../lib/router';
import { apiRequest } from '../../api/client';
import { usePremium } from '../../entitlement/usePremium';
import type { TrialStatus } from '../../generated/api';
import { sessionFlag } from '../../lib/storage';

export type { TrialStatus };

const DISMISSED_KEY = 'manna-trial-notice-dismissed';

export interface Notice {
  tone: 'expired' | 'critical' | 'high' | 'normal';
  title: string;
  text: string;
  action: string;
}

/** The server's trial status (how urgent a trial is, by days left, is its call). */
export function useTrialStatus(enabled = true) {
  const { premium, loading } = usePremium();
  return useQuery({
    queryKey: ['trial-status', premium.isPremium, premium.plan],
    queryFn: () => apiRequest<TrialStatus>('GET', '/api/trial-status'),
    enabled: enabled && !loading,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** What the bar says for a trial status (null: nothing to show). */
export function trialNotice(status: TrialStatus | undefined): Notice | null {
  if (!status?.showUpgradePrompt || status.isPremium) return null;
  const days = Math.max(0, status.daysRemaining ?? 0);
  const left = `${days} days left in your free trial.`;
  switch (status.isTrialExpired ? 'expired' : (status.urgencyLevel ?? 'normal')) {
    case 'expired':
      return { tone: 'expired', title: 'Trial Expired', text: 'Your 7-day free trial has ended. Subscribe to keep your premium plan.', action: 'Upgrade Now' };
    case 'critical':
      return {
        tone: 'critical',
        title: 'Trial Ending Soon!',
        text: `Your free trial ends ${days === 0 ? 'today' : 'tomorrow'}. Choose a plan to keep premium.`,
        action: 'Secure Your Plan',
      };
    case 'high':
      return { tone: 'high', title: 'Trial Reminder', text: left, action: 'Continue Premium' };
    default:
      return { tone: 'normal', title: 'Premium Trial Active', text: left, action: 'Upgrade Early' };
  }
}

export function TrialNotice() {
  const { premium } = usePremium();
  const [dismissed, setDismissed] = useState(() => sessionFlag.get(DISMISSED_KEY));
  const status = useTrialStatus(!dismissed && !premium.isPremium);
  if (status.isError) console.warn('Reading the trial status failed', status.error);
  const notice = dismissed || premium.isPremium ? null : trialNotice(status.data);
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
        <Link className="btn btn-small trial-action" to="/subscribe">
          {notice.action}
        </Link>
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
