// Shown without React when the page cannot start at all (storage APIs or the
// root element missing, startupFailure.ts), so it must not depend on anything
// that failed.

export function showStartupFailure(doc: Document): void {
  const main = doc.createElement('main');
  main.className = 'plain-screen';
  main.setAttribute('role', 'alert');
  const text = doc.createElement('p');
  text.textContent = 'Please refresh the page to continue.';
  const button = doc.createElement('button');
  button.type = 'button';
  button.textContent = 'Refresh';
  button.addEventListener('click', () => doc.defaultView?.location.reload());
  main.append(text, button);
  doc.body.replaceChildren(main);
}
