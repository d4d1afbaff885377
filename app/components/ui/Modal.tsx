import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from "react";

// Effects that must run before the browser paints, and never on the server.
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';

/** The elements inside `dialog` that Tab reaches, in order. */
function tabbable(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.matches(":disabled") && element.getClientRects().length > 0 && !element.closest("[inert]") && (element.tagName !== "INPUT" || (element as HTMLInputElement).type !== "hidden"),
  );
}

/**
 * Every modal of the site (docs/product/site.md#accessibility): a native <dialog> opened with
 * showModal(), so the page behind it is inert and screen readers know it as a modal dialog.
 * Tab and Shift+Tab cycle within it (the browser alone would let the focus leave for its own
 * address bar); Escape calls `onClose`, or does nothing where the dialog must be answered;
 * when it closes, the focus goes back to where it was (or to `returnFocusTo`).
 *
 * The server renders it open, so a modal the server shows (the entry warning, the payment
 * confirmation) also stands without JavaScript; the script then makes it modal.
 */
export function Modal({
  labelledBy,
  describedBy,
  onClose,
  closeOnBackdrop = false,
  returnFocusTo,
  role,
  testId,
  backdropTestId,
  className = "",
  children,
}: {
  labelledBy: string;
  describedBy?: string;
  /** Escape (and a click beside the panel, with `closeOnBackdrop`); without it the dialog stays until answered. */
  onClose?: () => void;
  closeOnBackdrop?: boolean;
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** `alertdialog` for a question that must be answered. */
  role?: "alertdialog";
  testId?: string;
  backdropTestId?: string;
  /** Classes of the panel (width, padding, alignment). */
  className?: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useBrowserLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const before = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    // Rendered open (non-modal); reopened as a modal, which moves the focus into it.
    if (element.open) element.close();
    element.showModal();
    element.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    // Escape and the other ways a browser closes a modal (a phone's back gesture): ours to decide.
    const onCancel = (event: Event) => {
      event.preventDefault();
      close.current?.();
    };
    element.addEventListener("cancel", onCancel);
    return () => {
      element.removeEventListener("cancel", onCancel);
      const target = returnFocusTo?.current ?? before;
      // After this render: the dialog leaves the top layer first, then the page takes the focus back.
      requestAnimationFrame(() => {
        if (target?.isConnected) target.focus();
      });
    };
    // Opened once per mount; the latest onClose is read through the ref.
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === "Escape") {
      // The browser would close the dialog behind React's back: the keydown is ours.
      event.preventDefault();
      close.current?.();
      return;
    }
    if (event.key !== "Tab" || !dialog.current) return;
    const order = tabbable(dialog.current);
    const first = order[0];
    const last = order.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !dialog.current.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !dialog.current.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    // The dialog fills the screen; only a click on it, beside the panel, is a click on the backdrop.
    if (closeOnBackdrop && event.target === event.currentTarget) close.current?.();
  };

  return (
    <dialog
      ref={dialog}
      open
      role={role}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-modal="true"
      onKeyDown={onKeyDown}
      onClick={onClick}
      // The dialog itself is the dimmed backdrop, filling the screen with or without script; the
      // panel's auto margins centre it and still let a tall one scroll.
      className="fixed inset-0 z-50 m-0 h-full max-h-none w-full max-w-none overflow-y-auto border-0 bg-black/70 p-4 backdrop:bg-transparent open:flex"
      data-testid={backdropTestId}
    >
      <div className={`m-auto w-full rounded-2xl bg-white shadow-2xl ${className}`} data-testid={testId}>
        {children}
      </div>
    </dialog>
  );
}
