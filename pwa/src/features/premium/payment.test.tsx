import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../test/render';
import PaymentPage from './PaymentPage';

vi.mock('../../identity/device', () => ({ ensureDevice: async () => {} }));

const EMULATOR = 'http://127.0.0.1:9999';
const TEST_MODE = { testMode: true, publishableKey: null, emulatorUrl: EMULATOR, prices: { monthly: 499, annual: 3999 } };

afterEach(() => vi.unstubAllGlobals());

function failing(status: number) {
  return new Response(JSON.stringify({ message: 'Stripe is unavailable' }), { status });
}

describe('embedded payment page', () => {
  it('says it is setting up, then explains a failed set-up with a way back to the plans', async () => {
    let answer!: (r: Response) => void;
    stubFetch((url) => (url.includes('create-subscription') ? new Promise<Response>((r) => (answer = r)) : TEST_MODE));
    renderWithProviders(<PaymentPage />, '/payment?plan=monthly');
    expect(await screen.findByText('Setting up your subscription...')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to subscription plans' })).toHaveAttribute('href', '/subscribe');
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    act(() => answer(failing(502)));
    expect(await screen.findByRole('heading', { name: 'Unable to initialize payment' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Plans' })).toHaveAttribute('href', '/subscribe');
    expect(await screen.findByText('Failed to initialize payment. Please try again.')).toBeInTheDocument();
  });

  it('shows the server’s reason when it refuses, such as an existing subscription', async () => {
    const reason = "You already have an active premium subscription (Annual plan). Use 'Manage subscription' on Home to change or cancel it.";
    stubFetch((url) =>
      url.includes('create-subscription') ? Promise.resolve(new Response(JSON.stringify({ error: 'conflict', message: reason }), { status: 409 })) : TEST_MODE,
    );
    renderWithProviders(<PaymentPage />, '/payment?plan=annual');
    expect(await screen.findByRole('heading', { name: 'Unable to initialize payment' })).toBeInTheDocument();
    expect((await screen.findAllByText(reason)).length).toBeGreaterThan(0);
  });

  it('treats an answer without a client secret as a failed set-up', async () => {
    stubFetch((url) => (url.includes('create-subscription') ? { error: { message: 'No client secret received' } } : TEST_MODE));
    renderWithProviders(<PaymentPage />, '/payment');
    expect(await screen.findByRole('heading', { name: 'Unable to initialize payment' })).toBeInTheDocument();
  });

  it('pays with the emulator card form: a decline is shown, a success goes to the success page', async () => {
    const fetch = stubFetch((url) => (url.includes('create-subscription') ? { clientSecret: 'pi_7_secret_abc' } : TEST_MODE));
    renderWithProviders(<PaymentPage />, '/payment');
    expect(await screen.findByRole('heading', { name: 'Complete Your Subscription' })).toBeInTheDocument();
    const [, init] = fetch.mock.calls.find(([url]) => String(url).includes('create-subscription'))! as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ plan: 'annual' });

    // Before the card form has loaded, paying is refused with a message.
    const pay = screen.getByRole('button', { name: 'Subscribe for $39.99' });
    fireEvent.click(pay);
    expect(await screen.findByText('Stripe has not loaded yet. Please try again.')).toBeInTheDocument();

    const frame = screen.getByTitle('Card details') as HTMLIFrameElement;
    expect(frame.src).toBe(`${EMULATOR}/elements/card?client_secret=pi_7_secret_abc`);
    const fromFrame = (data: unknown) =>
      act(() => window.dispatchEvent(new MessageEvent('message', { data, origin: EMULATOR, source: frame.contentWindow })));
    let next: unknown = null;
    const post = vi.fn((message: unknown, origin: string) => {
      expect(message).toEqual({ type: 'manna-confirm' });
      expect(origin).toBe(EMULATOR);
      queueMicrotask(() => void fromFrame(next));
    });
    frame.contentWindow!.postMessage = post as unknown as typeof window.postMessage;
    // A message from another origin is not the card form: still not ready.
    act(() => window.dispatchEvent(new MessageEvent('message', { data: { type: 'manna-ready' }, origin: 'http://evil.test', source: frame.contentWindow })));
    await act(async () => {});
    fireEvent.click(pay);
    await act(async () => {});
    expect(post).not.toHaveBeenCalled();
    await fromFrame({ type: 'manna-ready' });

    next = { type: 'manna-result', ok: false, message: 'Your card was declined.', paymentIntent: 'pi_7' };
    fireEvent.click(pay);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(screen.getByText('Payment Error')).toBeInTheDocument();

    next = { type: 'manna-result', ok: true, message: '', paymentIntent: 'pi_7' };
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe for $39.99' }));
    expect(await screen.findByText('at: /subscription-success?plan=annual&payment_intent=pi_7')).toBeInTheDocument();
    expect(screen.getByText('Payment Successful!')).toBeInTheDocument();
    expect(post).toHaveBeenCalledTimes(2);
  });
});
