import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noteWelcomed, WELCOME_KEY } from '../../lib/welcomed';
import { renderWithProviders, stubFetch } from '../../test/render';
import { PremiumBanner } from './PremiumBanner';

const state = vi.hoisted(() => ({ premium: { isPremium: false, plan: 'free', isOwner: false }, loading: false }));
vi.mock('../../entitlement/usePremium', () => ({ usePremium: () => state }));

const config = (testMode: boolean) => ({ testMode, publishableKey: null, emulatorUrl: null });

beforeEach(() => noteWelcomed('skipped'));

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  state.premium = { isPremium: false, plan: 'free', isOwner: false };
  state.loading = false;
});

describe('premium banner', () => {
  it('asks no one to pay before the welcome is behind them, and tells the next first page', () => {
    localStorage.removeItem(WELCOME_KEY);
    stubFetch(() => config(false));
    renderWithProviders(<PremiumBanner />);
    expect(screen.queryByText('PREMIUM REQUIRED')).toBeNull();
    expect(document.cookie).toContain('manna-prompt=0');
    act(() => noteWelcomed('skipped'));
    expect(screen.getByText('PREMIUM REQUIRED')).toBeInTheDocument();
    expect(document.cookie).toContain('manna-prompt=1');
  });

  it('asks a free user to subscribe, and stays dismissed for the rest of the session', async () => {
    stubFetch(() => config(false));
    const first = renderWithProviders(<PremiumBanner />);
    const banner = screen.getByRole('region', { name: 'Premium' });
    expect(banner).toHaveTextContent('PREMIUM REQUIRED - Subscribe now to access premium wellness content and features');
    expect(screen.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscribe');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss the premium banner' }));
    expect(screen.queryByText('PREMIUM REQUIRED')).toBeNull();
    first.unmount();
    renderWithProviders(<PremiumBanner />);
    expect(screen.queryByText('PREMIUM REQUIRED')).toBeNull();
  });

  it('keeps its place while premium is being checked, showing what this device last knew', async () => {
    state.loading = true;
    stubFetch(() => config(true));
    const fresh = renderWithProviders(<PremiumBanner />);
    expect(await screen.findByText(/^Test mode/)).toBeInTheDocument();
    expect(screen.getByText('PREMIUM REQUIRED')).toBeInTheDocument();
    fresh.unmount();
    localStorage.setItem('isPremium', 'true');
    localStorage.setItem('subscriptionPlan', 'annual');
    renderWithProviders(<PremiumBanner />);
    expect(screen.getByRole('status')).toHaveTextContent('Annual Plan');
    expect(screen.queryByText('PREMIUM REQUIRED')).toBeNull();
    // The next first page from the server has the member's banner, with the plan.
    expect(document.cookie).toContain('manna-prompt=annual');
    localStorage.clear();
  });

  it('shows members the gold banner with their plan, even after the free banner was dismissed', () => {
    sessionStorage.setItem('manna-premium-banner-dismissed', 'true');
    stubFetch(() => config(false));
    state.premium = { isPremium: true, plan: 'annual', isOwner: false };
    const annual = renderWithProviders(<PremiumBanner />);
    expect(screen.getByRole('status')).toHaveTextContent('PREMIUM MEMBER');
    expect(screen.getByRole('status')).toHaveTextContent('Annual Plan');
    expect(screen.getByRole('status')).toHaveTextContent('Full Access');
    annual.unmount();
    state.premium = { isPremium: true, plan: 'monthly', isOwner: false };
    renderWithProviders(<PremiumBanner />);
    expect(screen.getByRole('status')).toHaveTextContent('Monthly Plan');
    expect(screen.queryByText('PREMIUM REQUIRED')).toBeNull();
  });
});
