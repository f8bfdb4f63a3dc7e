import { QueryClientProvider } from '../../lib/query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from '../../lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient';
import { PREMIUM_KEY } from '../../entitlement/usePremium';
import { resetPremium } from '../../entitlement/change';
import { stubFetch } from '../../test/render';
import { PremiumBanner } from './PremiumBanner';
import { noteWelcomed } from '../../lib/welcomed';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('premium banner after logout', () => {
  it('turns from PREMIUM MEMBER to PREMIUM REQUIRED without a reload', async () => {
    stubFetch(() => ({ testMode: false, publishableKey: null, emulatorUrl: null }));
    noteWelcomed('skipped');
    const client = createQueryClient();
    client.setQueryData(PREMIUM_KEY, { isPremium: true, plan: 'annual', isOwner: false });
    localStorage.setItem('manna-entitlement', 'a-token');
    localStorage.setItem('isPremium', 'true');
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <PremiumBanner />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('PREMIUM MEMBER');
    act(() => resetPremium(client));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Premium' })).toHaveTextContent('PREMIUM REQUIRED'));
    expect(localStorage.getItem('manna-entitlement')).toBeNull();
    expect(localStorage.getItem('isPremium')).toBeNull();
  });
});
