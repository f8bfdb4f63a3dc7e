// The page's only script. Over Home's page from the server, which already
// shows the day, the app's code is fetched once that page has been painted,
// so nothing the verse waits for shares the network with it; on every other
// page it loads at once. The styles are imported here so that they stay a
// link in the page itself.

import './styles.css';

/** Past this the app loads even if no paint was reported (a tab opened in the background paints nothing). */
const PAINT_WAIT_MS = 3000;

const load = () => import('./main');

if (document.querySelector('main[data-first-screen]') && typeof PerformanceObserver === 'function') {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    void load();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) start();
  });
  try {
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    start();
  }
  setTimeout(start, PAINT_WAIT_MS);
} else {
  void load();
}
