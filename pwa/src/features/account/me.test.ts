import { afterEach, describe, expect, it, vi } from 'vitest';
import { maybeSignedIn, noteSignedIn, SIGNED_IN_KEY } from '../../identity';
import { stubFetch } from '../../test/render';
import { me } from './me';

afterEach(() => vi.unstubAllGlobals());

describe('who is signed in', () => {
  it('is not asked of the server by a browser that never signed in', async () => {
    const fetched = stubFetch(() => ({ user: { email: 'x@example.com' } }));
    expect(maybeSignedIn()).toBe(false);
    expect(await me()).toBeNull();
    expect(fetched).not.toHaveBeenCalled();
  });

  it('is asked once signed in; a session that ended is noted and not asked again', async () => {
    noteSignedIn(true);
    const fetched = stubFetch(() => Promise.resolve(new Response('{"error":"unauthorized"}', { status: 401 })));
    expect(await me()).toBeNull();
    expect(fetched).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(SIGNED_IN_KEY)).toBe('false');
    expect(await me()).toBeNull();
    expect(fetched).toHaveBeenCalledTimes(1);
  });

  it('a browser signed in before the note existed (it kept the email) is asked', () => {
    localStorage.setItem('userEmail', 'ruth@example.com');
    expect(maybeSignedIn()).toBe(true);
  });
});
