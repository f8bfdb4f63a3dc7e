import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../test/render';
import { TrialNotice, trialNotice, type TrialStatus } from './TrialNotice';

const premium = vi.hoisted(() => ({ isPremium: false }));
vi.mock('../../entitlement/usePremium', () => ({
  usePremium: () => ({ premium: { isPremium: premium.isPremium, plan: premium.isPremium ? 'monthly' : 'free', isOwner: false }, loading: false }),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  premium.isPremium = false;
});

const trial = (daysRemaining: number, urgencyLevel: TrialStatus['urgencyLevel']): TrialStatus => ({
  showUpgradePrompt: true,
  isPremium: false,
  isTrialing: false,
  isTrialExpired: false,
  daysRemaining,
  urgencyLevel,
});

describe('trial notice', () => {
  it('has four states by days left, each with its action', () => {
    expect(trialNotice({ ...trial(0, 'expired'), isTrialExpired: true })).toMatchObject({
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

  it('says nothing without a status, when no prompt is wanted, or to a member (trialing ones too)', () => {
    expect(trialNotice(undefined)).toBeNull();
    expect(trialNotice({ showUpgradePrompt: false, isPremium: false, isTrialing: false })).toBeNull();
    expect(trialNotice({ ...trial(5, 'normal'), isPremium: true, isTrialing: true })).toBeNull();
  });

  it('is never shown to a member, whatever the server says', async () => {
    premium.isPremium = true;
    const fetch = stubFetch(() => trial(2, 'high'));
    renderWithProviders(<TrialNotice />);
    await act(async () => {});
    expect(screen.queryByRole('region', { name: 'Free trial' })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the server’s status in its colour and stays hidden for the session after Remind Me Later', async () => {
    stubFetch(() => trial(2, 'high'));
    const first = renderWithProviders(<TrialNotice />);
    const bar = await screen.findByRole('region', { name: 'Free trial' });
    expect(bar).toHaveClass('trial-high');
    expect(bar).toHaveTextContent('Trial Reminder');
    expect(bar).toHaveTextContent('2 days left in your free trial.');
    fireEvent.click(screen.getByRole('button', { name: 'Remind Me Later' }));
    expect(screen.queryByRole('region', { name: 'Free trial' })).toBeNull();
    first.unmount();
    const fetch = stubFetch(() => trial(2, 'high'));
    renderWithProviders(<TrialNotice />);
    await act(async () => {}); // a fetch started on mount would have answered by now
    expect(screen.queryByRole('region', { name: 'Free trial' })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('leads every action to the plans, and closes with the close button', async () => {
    for (const [status, action] of [
      [{ ...trial(0, 'expired'), isTrialExpired: true }, 'Upgrade Now'],
      [trial(0, 'critical'), 'Secure Your Plan'],
      [trial(6, 'normal'), 'Upgrade Early'],
    ] as const) {
      sessionStorage.clear();
      stubFetch(() => status);
      const view = renderWithProviders(<TrialNotice />);
      await screen.findByRole('region', { name: 'Free trial' });
      expect(screen.getByRole('link', { name: action })).toHaveAttribute('href', '/subscribe');
      fireEvent.click(screen.getByRole('button', { name: 'Close the trial notice' }));
      await waitFor(() => expect(screen.queryByRole('region', { name: 'Free trial' })).toBeNull());
      view.unmount();
    }
  });
});
