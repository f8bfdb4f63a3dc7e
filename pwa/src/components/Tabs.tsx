// Tabs as screen readers and keyboards expect them: a tablist whose selected
// tab is the one focus stop (arrow keys, Home and End move between tabs), and
// one panel labelled by its tab.

import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface Tab<T extends string> {
  id: T;
  label: string;
}

export function Tabs<T extends string>(props: {
  /** Unique on the page: the tab and panel ids start with it. */
  name: string;
  label: string;
  tabs: readonly Tab<T>[];
  selected: T;
  onSelect: (id: T) => void;
  children: ReactNode;
}) {
  const { name, tabs, selected, onSelect } = props;
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent, index: number) {
    const last = tabs.length - 1;
    const to =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (to === null) return;
    event.preventDefault();
    onSelect(tabs[to].id);
    buttons.current[to]?.focus();
  }

  return (
    <>
      <div className="tabs" role="tablist" aria-label={props.label}>
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${name}-tab-${tab.id}`}
            aria-selected={tab.id === selected}
            aria-controls={`${name}-panel`}
            tabIndex={tab.id === selected ? 0 : -1}
            className={`tab${tab.id === selected ? ' selected' : ''}`}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${name}-panel`} aria-labelledby={`${name}-tab-${selected}`} className="tab-panel">
        {props.children}
      </div>
    </>
  );
}
