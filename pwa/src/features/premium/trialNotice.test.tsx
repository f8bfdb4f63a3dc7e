import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../test/render';
import { TrialNotice, trialNotice, type TrialStatus } from './TrialNotice';

vi.mock('./usePremium', () => ({ usePremium: () => ({ premium: { isPremium: true, plan: 'monthly', isOwner: false }, loading: false }) }));
vi.mock('../../sync/device', () => ({ ensureDevice: async () => {} }));

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const trial = (daysRemaining: number, urgencyLevel: TrialStatus['urgencyLevel']): TrialStatus => ({
  showUpgradePrompt: true,
  isPremium: true,
  isTrialing: true,
  isTrialExpired: false,
  daysRemaining,
  urgencyLevel,
});

describe('trial notice', () => {
  it('has four states by days left, each with its action', () => {
    expect(trialNotice({ showUpgradePrompt: true, isPremium: false, isTrialExpired: true, daysRemaining: 0, urgencyLevel: 'expired' })).toMatchObject({
      tone: 'expired',
      title: 'Trial Expired',
      action: 'Upgrade Now',
    });
    expect(trialNotice(trial(0, 'critical'))).toMatchObject({ tone: 'critical', title: 'Trial Ending Soon!', action: 'Secure Your Plan' });
    expect(trialNotice(trial(0, 'critical'))?.text).toContain('ends today');
    expect(trialNotice(trial(1, 'critical'))?.text).toContain('ends tomorrow');
    expect(trialNotice(trial(2, 'high'))).toMatchObject({ tone: 'high', title: 'Trial Reminder', action: 'Continue Premium' });
    expect(trialNotice(trial(3, 'high'))?.title).toBe('Trial Reminder');
    expect(trialNotice(trial(4, 'normal'))).toMatchObject({ tone: 'normal', title: 'Premium Trial Active', action: 'Upgrade Early' });
    expect(trialNotice(trial(7, 'normal'))?.text).toBe('7 days left in your free trial.');
  });

  it('says nothing without a status, when no prompt is wanted, or to a paying member', () => {
    expect(trialNotice(undefined)).toBeNull();
    expect(trialNotice({ showUpgradePrompt: false, isPremium: false })).toBeNull();
    expect(trialNotice({ showUpgradePrompt: true, isPremium: true, isTrialing: false })).toBeNull();
  });

  it('shows the server’s status in its colour and stays hidden for the session after Remind Me Later', async () => {
    stubFetch(() => trial(2, 'high'));
    const first = renderWithProviders(<TrialNotice />);
    const bar = await screen.findByRole('region', { name: 'Free trial' });
    expect(bar).toHaveClass('trial-high');
    expect(bar).toHaveTextContent('Trial Reminder');
    expect(bar).toHaveTextContent('2 days left in your free trial.');
    expect(screen.getByRole('button', { name: 'Continue Premium' })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Remind Me Later' }));
    expect(screen.queryByRole('region', { name: 'Free trial' })).toBeNull();
    first.unmount();
    const fetch = stubFetch(() => trial(2, 'high'));
    renderWithProviders(<TrialNotice />);
    await act(async () => {}); // a fetch started on mount would have answered by now
    expect(screen.queryByRole('region', { name: 'Free trial' })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('closes with the close button and opens the subscription settings from its action', async () => {
    const fetch = stubFetch((url) => (url.includes('billing-portal') ? Promise.resolve(new Response(JSON.stringify({ message: 'No subscription to manage on this account yet.' }), { status: 404 })) : trial(0, 'critical')));
    renderWithProviders(<TrialNotice />);
    const bar = await screen.findByRole('region', { name: 'Free trial' });
    expect(bar).toHaveClass('trial-critical');
    expect(bar).toHaveTextContent('Your free trial ends today.');
    fireEvent.click(screen.getByRole('button', { name: 'Secure Your Plan' }));
    expect(await screen.findByText('No subscription to manage on this account yet.')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/api/billing-portal'))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Close the trial notice' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Free trial' })).toBeNull());
  });
});
