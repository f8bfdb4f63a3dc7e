// Whether the page can start at all: the storage APIs and the root element
// are there. When not, startupFailureScreen.ts says so (loaded only then).

export function missingStartupRequirement(win: Window): string | null {
  try {
    if (!win.localStorage || !win.indexedDB) return 'storage';
  } catch {
    return 'storage';
  }
  if (!win.document.getElementById('root')) return 'root';
  return null;
}
