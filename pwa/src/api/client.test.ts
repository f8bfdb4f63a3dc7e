import { afterEach, describe, expect, it, vi } from 'vitest';
import { newUserId, userId } from '../identity/ids';
import { apiRequest, ApiError, whileIdentityEnds } from './client';
import { messageOf } from './messageOf';

afterEach(() => vi.unstubAllGlobals());

describe('API client', () => {
  it('keeps one anonymous id and sends it with cookies', async () => {
    const fetch = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const id = userId();
    expect(id).toMatch(/^user-\d+-[a-z0-9]+$/);
    expect(userId()).toBe(id);
    expect(localStorage.getItem('manna-user-id')).toBe(id);
    await apiRequest('POST', '/api/refresh-content', { a: 1 });
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.credentials).toBe('include');
    expect(init.headers).toMatchObject({ 'X-User-ID': id, 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"a":1}');
  });

  it('turns a failed answer into "status: body"', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"date: bad"}', { status: 400, statusText: 'Bad Request' })));
    await expect(apiRequest('GET', '/api/home')).rejects.toThrow('400: {"message":"date: bad"}');
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 503, statusText: 'Service Unavailable' })));
    await expect(apiRequest('GET', '/api/home')).rejects.toThrow('503: Service Unavailable');
  });

  it('holds every other call while an identity ends, then sends it as the new one', async () => {
    const sent: { url: string; user: string }[] = [];
    let answerLogout = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push({ url, user: (init.headers as Record<string, string>)['X-User-ID'] });
        if (url === '/api/auth/logout') await new Promise<void>((r) => (answerLogout = r));
        return new Response('{}', { status: 200 });
      }),
    );
    const account = userId();
    let fresh = '';
    const loggingOut = whileIdentityEnds(async () => {
      await apiRequest('POST', '/api/auth/logout', undefined, { endsIdentity: true });
      fresh = newUserId();
    });
    // Asked while the logout is under way (a page refetching its data).
    const meanwhile = apiRequest('GET', '/api/trial-status');
    await vi.waitFor(() => expect(sent.map((s) => s.url)).toEqual(['/api/auth/logout']));
    answerLogout();
    await loggingOut;
    await meanwhile;
    expect(sent).toEqual([
      { url: '/api/auth/logout', user: account },
      { url: '/api/trial-status', user: fresh },
    ]);
    expect(fresh).not.toBe(account);
  });

  it('tells a person the server\'s message, else the fallback', () => {
    expect(messageOf(new ApiError(401, '{"error":"unauthorized","message":"Invalid email or password"}', ''), 'fallback')).toBe('Invalid email or password');
    expect(messageOf(new ApiError(402, '{"error":{"message":"Your card was declined."}}', ''), 'fallback')).toBe('Your card was declined.');
    expect(messageOf(new ApiError(502, '', 'Bad Gateway'), 'Please try again.')).toBe('Please try again.');
    expect(messageOf(new TypeError('Failed to fetch'), 'Unable to verify access.')).toBe('Unable to verify access.');
  });
});
