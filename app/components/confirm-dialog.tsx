import { useEffect, useId, useRef, type ReactNode } from "react";
import formStyles from "./forms.module.css";
import styles from "./confirm-dialog.module.css";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** The action cannot be undone: its button says so by its colour, and focus starts on Back. */
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The native <dialog>: focus stays inside, Escape closes it, focus returns; it starts on Back. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = "Back",
  destructive = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      back.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      className={styles.dialog}
      // Escape: the browser would close the dialog itself; the parent decides instead.
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      <div id={textId}>{children}</div>
      <div className={formStyles.actions}>
        <button
          type="button"
          className={destructive ? formStyles.danger : formStyles.primary}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
        <button ref={back} type="button" className={formStyles.secondary} onClick={onCancel}>
          {cancelLabel}
        </button>
      </div>
    </dialog>
  );
}
