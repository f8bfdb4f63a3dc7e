// A modal dialog on the browser's own <dialog>: focus moves into it and stays
// there, Escape and the Close button close it, and focus returns to what
// opened it.

import { useEffect, useRef, type ReactNode } from 'react';

export function Dialog(props: { id: string; title: string; open: boolean; onClose: () => void; children: ReactNode }) {
  const { open, onClose } = props;
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="dialog dialog-reading" aria-labelledby={`${props.id}-title`} onClose={onClose}>
      <div className="dialog-head">
        <h2 id={`${props.id}-title`}>{props.title}</h2>
        <button type="button" className="btn btn-outline btn-small" onClick={onClose}>
          Close
        </button>
      </div>
      {props.children}
    </dialog>
  );
}
