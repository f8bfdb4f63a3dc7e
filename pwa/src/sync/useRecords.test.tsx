import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PrayerRemindersPage from '../features/reminders/PrayerRemindersPage';
import { renderWithProviders } from '../test/render';

const storage = vi.hoisted(() => ({ broken: false }));

// The browser database refusing to open, as some private windows do.
vi.mock('../db/index', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../db/index')>();
  return {
    ...actual,
    db: () => (storage.broken ? Promise.reject(new Error('UnknownError: Internal error opening backing store')) : actual.db()),
  };
});
vi.mock('./engine', () => ({ syncSoon: () => {} }));

afterEach(() => {
  storage.broken = false;
  vi.restoreAllMocks();
});

describe('lists read from this device', () => {
  it('show the records and follow a write', async () => {
    const { writeRecord } = await import('../db/synced');
    renderWithProviders(<PrayerRemindersPage />);
    expect(await screen.findByText('No prayer reminders yet.')).toBeTruthy();
    await act(() => writeRecord('prayerReminders', 'r-live', 'put', { title: 'Evening thanks', reminderTime: '21:00', isActive: 1, days: ['monday'], prayerType: 'evening', description: '' }));
    expect(await screen.findByRole('heading', { name: 'Evening thanks' })).toBeTruthy();
  });

  it("say so, with a way to retry, when this device's storage cannot be opened", async () => {
    storage.broken = true;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<PrayerRemindersPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Your prayer reminders could not be read from this device's storage");
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.queryByText('Loading prayer reminders...')).toBeNull();
  });
});
