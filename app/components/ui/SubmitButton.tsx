import { useNavigation } from "@remix-run/react";
import { forwardRef, useCallback, useEffect, useState, type ButtonHTMLAttributes, type ForwardedRef, type Ref } from "react";
import { navigationPart, type SubmissionPart } from "./form-submission";

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type">;

/**
 * A form's submit button that shows when its form is on its way (docs/product/site.md#sending-a-form):
 * the button that sent it is `aria-disabled`, `aria-busy` and shows a spinner; the form's other
 * submit buttons are `aria-disabled`, and none sends the form again. Buttons of other forms stay as they are.
 *
 * In a `<Form>` it follows the navigation by itself; for a fetcher's form pass
 * `pending={fetcher.state !== "idle"}`. Without JavaScript it is a plain submit button.
 */
export const SubmitButton = forwardRef<HTMLButtonElement, ButtonProps & { pending?: boolean }>(function SubmitButton({ pending, ...props }, ref) {
  return pending === undefined ? <FormSubmitButton {...props} forwardedRef={ref} /> : <SubmitButtonView {...props} buttonRef={ref} submission={pending ? "sender" : null} />;
});

function FormSubmitButton({ forwardedRef, ...props }: ButtonProps & { forwardedRef: ForwardedRef<HTMLButtonElement> }) {
  // The element itself, as state: which form it belongs to is for the page to say, not for props.
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  const buttonRef = useCallback(
    (element: HTMLButtonElement | null) => {
      setButton(element);
      setRef(forwardedRef, element);
    },
    [forwardedRef],
  );
  const navigation = useNavigation();
  const documentPart = useDocumentSubmission(button);
  const part = (button && navigationPart(navigation, button)) ?? documentPart;
  return <SubmitButtonView {...props} buttonRef={buttonRef} submission={part} />;
}

/** The page's own ref of the button, as React would have set it. */
function setRef(ref: ForwardedRef<HTMLButtonElement>, element: HTMLButtonElement | null) {
  if (typeof ref === "function") ref(element);
  else if (ref) ref.current = element;
}

/**
 * A form the browser sends itself (`reloadDocument`): the page stays until the answer replaces it,
 * and the router knows nothing of it. Its submit event says so once no handler cancelled it (on the
 * window, after React's handlers on the document); the page shown again from the browser's cache
 * (Back) is idle again.
 */
function useDocumentSubmission(button: HTMLButtonElement | null): SubmissionPart {
  const [part, setPart] = useState<SubmissionPart>(null);
  useEffect(() => {
    const form = button?.form;
    if (!button || !form) return;
    const onSubmit = (event: SubmitEvent) => {
      if (event.target === form && !event.defaultPrevented) setPart(event.submitter === null || event.submitter === button ? "sender" : "form");
    };
    const onPageShow = () => setPart(null);
    window.addEventListener("submit", onSubmit);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      window.removeEventListener("submit", onSubmit);
      window.removeEventListener("pageshow", onPageShow);
    };
  }, [button]);
  return part;
}

function SubmitButtonView({ submission, buttonRef, className, children, onClick, ...rest }: ButtonProps & { submission: SubmissionPart; buttonRef?: Ref<HTMLButtonElement> }) {
  const sending = submission === "sender";
  const busy = submission !== null;
  return (
    <button
      ref={buttonRef}
      type="submit"
      // .submit-busy (app/tailwind.css) hides the label in place, so the button keeps its size.
      className={sending ? `${className ?? ""} submit-busy` : className}
      {...rest}
      // aria-disabled, not disabled: a disabled button would drop the keyboard's focus to the page.
      // A click (or Enter in a field of the form) while the form is on its way sends nothing.
      aria-disabled={busy || rest["aria-disabled"]}
      onClick={(event) => {
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
      aria-busy={sending || undefined}
    >
      {children}
      {sending ? <Spinner /> : null}
    </button>
  );
}

/** A ring turning in the button's text colour, over the label; still, for those who asked for less motion. */
function Spinner() {
  return (
    <span data-spinner="" aria-hidden="true" className="absolute inset-0 flex items-center justify-center">
      <svg viewBox="0 0 24 24" fill="none" className="h-[1.25em] w-[1.25em] motion-safe:animate-spin">
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeWidth="3" strokeOpacity="0.3" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
    </span>
  );
}
