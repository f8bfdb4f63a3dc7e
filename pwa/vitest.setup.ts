import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy and waitFor look for what a test expects for this long: long enough
// for a machine busy with other work, and a test that passes stops at once.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  if (typeof localStorage !== "undefined") localStorage.clear();
});
