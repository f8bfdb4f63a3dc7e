// Local storage that never throws: read or write failures are warned and fall
// back to an in-memory copy for the rest of the session (spec part 1 §3).

const memory = new Map<string, string>();

export const storage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch (error) {
      console.warn(`Reading "${key}" from local storage failed`, error);
      return memory.get(key) ?? null;
    }
  },
  set(key: string, value: string): void {
    memory.set(key, value);
    try {
      localStorage.setItem(key, value);
    } catch (error) {
      console.warn(`Writing "${key}" to local storage failed`, error);
    }
  },
  remove(key: string): void {
    memory.delete(key);
    try {
      localStorage.removeItem(key);
    } catch (error) {
      console.warn(`Removing "${key}" from local storage failed`, error);
    }
  },
  /** Removes every key `pattern` matches. */
  removeMatching(pattern: RegExp): void {
    try {
      for (const key of Object.keys(localStorage)) {
        if (pattern.test(key)) localStorage.removeItem(key);
      }
    } catch (error) {
      console.warn('Clearing local storage failed', error);
    }
    for (const key of [...memory.keys()]) if (pattern.test(key)) memory.delete(key);
  },
  /** Removes every key except `keep`. */
  clearExcept(keep: readonly string[]): void {
    try {
      for (const key of Object.keys(localStorage)) {
        if (!keep.includes(key)) localStorage.removeItem(key);
      }
    } catch (error) {
      console.warn('Clearing local storage failed', error);
    }
    for (const key of [...memory.keys()]) if (!keep.includes(key)) memory.delete(key);
  },
};

/** A yes/no remembered for this browser session (dismissed banners). */
export const sessionFlag = {
  get(key: string): boolean {
    try {
      return sessionStorage.getItem(key) === 'true';
    } catch {
      return false;
    }
  },
  set(key: string): void {
    try {
      sessionStorage.setItem(key, 'true');
    } catch {
      /* the screen still hides it until the next load */
    }
  },
};
