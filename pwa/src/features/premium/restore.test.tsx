import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../test/render';
import RestoreAccessPage from './RestoreAccessPage';

vi.mock('../../identity/device', () => ({ ensureDevice: async () => {} }));

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));

describe('restoring premium with an emailed code', () => {
  it('on /already-paid: code step, then the server’s reason when no subscription is found', async () => {
    const fetch = stubFetch((url) => {
      expect(url).toBe('/api/check-subscription-by-email');
      return fetch.mock.calls.length === 1
        ? { codeSent: true, isPremium: false, message: 'We sent a 6-digit code to ruth@example.org. Enter it to continue.' }
        : { isPremium: false, error: 'No premium subscription found for this email' };
    });
    renderWithProviders(<RestoreAccessPage variant="already-paid" />, '/already-paid');
    const verify = screen.getByRole('button', { name: 'Verify My Subscription' });
    expect(verify).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: '  Ruth@Example.org ' } });
    fireEvent.click(verify);
    expect(await screen.findByText('We sent a 6-digit code to ruth@example.org. Enter it to continue.')).toBeInTheDocument();
    expect(JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({ email: 'ruth@example.org' });
    const confirm = screen.getByRole('button', { name: 'Confirm Code' });
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '12a34' } });
    expect(confirm).toBeDisabled();
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '123456' } });
    fireEvent.click(confirm);
    expect(await screen.findByText('No Active Subscription Found')).toBeInTheDocument();
    expect(screen.getByText('No premium subscription found for this email')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Get Your Personalized 30-Day Wellness Plan' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start My Plan - $4.99/month' })).toHaveAttribute('href', '/checkout');
    expect(JSON.parse(String((fetch.mock.calls[1] as unknown as [string, RequestInit])[1].body))).toEqual({ email: 'ruth@example.org', code: '123456' });
  });

  it('on /already-paid: a failed call says verification failed; a wrong code shows the server’s words', async () => {
    let answer: () => unknown = () => new TypeError('offline');
    stubFetch(() => answer());
    renderWithProviders(<RestoreAccessPage variant="already-paid" />, '/already-paid');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ruth@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify My Subscription' }));
    expect(await screen.findByText('Verification Failed')).toBeInTheDocument();
    expect(screen.getByText("Unable to verify your subscription. Please contact support if you've already paid.")).toBeInTheDocument();

    answer = () => ({ codeSent: true, isPremium: false, message: 'We sent a 6-digit code to ruth@example.org. Enter it to continue.' });
    fireEvent.click(screen.getByRole('button', { name: 'Verify My Subscription' }));
    await screen.findByLabelText('6-digit code');
    answer = () => json({ error: 'bad_request', message: 'That code is not right. 4 tries left.' }, 400);
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Code' }));
    expect(await screen.findByText('That code is not right. 4 tries left.')).toBeInTheDocument();
  });

  it('on /quick-access: an empty email is named, Enter submits, and failures use its own words', async () => {
    const fetch = stubFetch(() => json({ error: 'internal', message: 'Something went wrong on our side. Please try again.' }, 500));
    renderWithProviders(<RestoreAccessPage variant="quick-access" />, '/quick-access');
    fireEvent.click(screen.getByRole('button', { name: 'Access Premium Content' }));
    expect(await screen.findByText('Email Required')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email address')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    const email = screen.getByLabelText('Email');
    fireEvent.change(email, { target: { value: 'ruth@example.org' } });
    fireEvent.submit(email.closest('form')!);
    expect(await screen.findByText('Connection Error')).toBeInTheDocument();
    expect(screen.getByText('Unable to verify access. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});
