import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  message: string;
  /** What is about to go, under the question. */
  detail?: ReactNode;
  confirmLabel: string;
  /** `danger` (the default) for what cannot be taken back; `primary` for a reversible step. */
  tone?: 'danger' | 'primary';
  busy?: boolean;
  /** Fields the step asks for (a shipment's carrier), between the question and the buttons. */
  children?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The shop's confirm prompt ("are you sure wants to delete"), used instead of the browser's
 * confirm() everywhere. The native <dialog> keeps focus inside, closes on Escape and gives
 * focus back to the button that opened it; Cancel has the focus, so Enter never confirms by
 * accident.
 */
export function ConfirmDialog({
  open,
  message,
  detail,
  confirmLabel,
  tone = 'danger',
  busy = false,
  children,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const messageId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-describedby={messageId}
      aria-label="Confirm"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <div className="modal-box">
        <p id={messageId} className="text-lg font-semibold">
          {message}
        </p>
        {detail ? <div className="mt-2 text-sm text-base-content/75">{detail}</div> : null}
        {children ? <div className="mt-4 flex flex-col gap-3">{children}</div> : null}
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onCancel} autoFocus>
            Cancel
          </button>
          <button
            type="button"
            className={`btn ${tone === 'danger' ? 'btn-error' : 'btn-primary'}`}
            onClick={onConfirm}
            disabled={busy}
          >
            {busy ? (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            ) : null}
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
