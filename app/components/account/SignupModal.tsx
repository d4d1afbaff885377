import { Link, useFetcher, useLocation, type LinkProps } from "@remix-run/react";
import { createContext, lazy, Suspense, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { SubmissionResult } from "@conform-to/react";
import { Alert } from "~/components/ui/Field";
import type { SignupFormSettings } from "~/models/accounts/pages/signup-form-settings.server";
import { DESKTOP_QUERY, useMediaQuery } from "~/utils/use-media-query";

/**
 * The form (with its schema and form library, about a quarter of the layout's script) is fetched
 * when the modal is first wanted, not with every page of the layout: on smartphones the modal never
 * opens, and the first load stays within its budget (bench/js-budget.ts).
 */
const loadSignupForm = () => import("./SignupForm");
const SignupForm = lazy(() => loadSignupForm().then((module) => ({ default: module.SignupForm })));

const OpenSignup = createContext<(() => void) | null>(null);

/**
 * docs/product/accounts.md#signup: on desktop the signup form opens in a large modal; on smartphones (and
 * without JavaScript) links lead to the /signup page.
 */
export function SignupModalProvider({ signup, children }: { signup: SignupFormSettings | null; children: ReactNode }) {
  // The page the modal was opened on: a successful signup navigates on to /complete-signup,
  // and there the modal has done its job.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const { pathname } = useLocation();
  return (
    <OpenSignup.Provider value={signup ? () => setOpenedOn(pathname) : null}>
      {children}
      {signup && openedOn === pathname ? <SignupModal settings={signup} onClose={() => setOpenedOn(null)} /> : null}
    </OpenSignup.Provider>
  );
}

/** A link to /signup that opens the modal instead on a desktop-sized screen. */
export function SignupLink(props: Omit<LinkProps, "to">) {
  const openSignup = useContext(OpenSignup);
  const desktop = useMediaQuery(DESKTOP_QUERY);
  return (
    <Link
      {...props}
      to="/signup"
      // Fetched as the pointer comes near, so the form is there when the modal opens.
      onPointerEnter={(event) => {
        props.onPointerEnter?.(event);
        if (openSignup && desktop) void loadSignupForm();
      }}
      onClick={(event) => {
        props.onClick?.(event);
        if (!openSignup || !desktop || event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        openSignup();
      }}
    />
  );
}

interface SignupActionData {
  result?: SubmissionResult<string[]>;
  suggestion?: string;
  waitMinutes?: number;
}

/**
 * The modal. Once something is typed or the form is being sent, signup is in progress and
 * neither Escape nor a click on the backdrop closes it (only the explicit close button does).
 */
function SignupModal({ settings, onClose }: { settings: SignupFormSettings; onClose: () => void }) {
  const { t } = useTranslation("account");
  const submit = useFetcher<SignupActionData>();
  const [typed, setTyped] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const inProgress = typed || submit.state !== "idle";

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !inProgress) onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [inProgress, onClose]);
  useEffect(() => {
    panel.current?.focus();
  }, []);

  return (
    <div
      className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-black/60 p-4 sm:items-center"
      role="presentation"
      data-testid="signup-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget && !inProgress) onClose();
      }}
    >
      <div
        ref={panel}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby="signup-modal-title"
        className="relative w-full max-w-3xl rounded-2xl bg-white p-6 shadow-2xl outline-none sm:p-8"
        data-testid="signup-modal"
        onInput={() => setTyped(true)}
      >
        <button
          type="button"
          onClick={onClose}
          disabled={submit.state !== "idle"}
          className="absolute right-3 top-3 rounded-full px-3 py-1 text-2xl leading-none text-gray-500 hover:bg-gray-100"
          aria-label={t("signup.close")}
          data-testid="signup-modal-close"
        >
          ×
        </button>
        <h2 id="signup-modal-title" className="text-2xl font-bold">
          {t("signup.title")}
        </h2>
        <p className="mt-1 text-gray-600">{t("signup.intro")}</p>
        <div className="mt-6">
          {settings.open ? (
            <Suspense fallback={<p className="text-gray-600" role="status" aria-busy="true" data-testid="signup-form-loading" />}>
              <SignupForm
                minAge={settings.minAge}
                latestBirthDate={settings.latestBirthDate}
                lastResult={submit.data?.result}
                suggestion={submit.data?.suggestion}
                waitMinutes={submit.data?.waitMinutes}
                fetcher={submit}
              />
            </Suspense>
          ) : (
            <Alert tone="info" testId="invite-only">
              {t("signup.inviteOnly")}
            </Alert>
          )}
        </div>
      </div>
    </div>
  );
}
