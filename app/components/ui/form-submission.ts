import type { Navigation } from "@remix-run/react";

/**
 * The part a submit button plays in a submission under way: it sent it ("sender"), another button
 * of its form did ("form"), or the submission is another form's (null).
 */
export type SubmissionPart = "sender" | "form" | null;

/**
 * The part `button` plays in the navigation under way. A Remix `<Form>` writes its resolved
 * action into the page (a relative one resolved, the current route's when it has none, `?index`
 * on an index route), and React Router takes the navigation's `formAction` from that attribute,
 * so the two compare as written. Forms with the same action and method — one per row of a list,
 * one per intent — are told apart by their fields: the submission carries this form's hidden
 * values, and only names of this form's controls.
 */
export function navigationPart(navigation: Navigation, button: HTMLButtonElement): SubmissionPart {
  const { formAction, formMethod, formData } = navigation;
  const form = button.form;
  if (navigation.state === "idle" || formAction === undefined || formMethod === undefined || formData === undefined || form === null) return null;
  const action = button.getAttribute("formaction") ?? form.getAttribute("action");
  const method = button.getAttribute("formmethod") ?? form.getAttribute("method") ?? "get";
  if (action === null || path(action) !== path(formAction) || method.toLowerCase() !== formMethod.toLowerCase()) return null;
  for (const name of new Set(formData.keys())) if (form.elements.namedItem(name) === null) return null;
  for (const field of form.elements) {
    if (field instanceof HTMLInputElement && field.type === "hidden" && field.name && !field.disabled && !formData.getAll(field.name).includes(field.value)) return null;
  }
  return senderOf(form, formData) === button ? "sender" : "form";
}

/** The submit button that sent `formData`: the named one whose value it carries, else the form's first unnamed one. */
function senderOf(form: HTMLFormElement, formData: FormData): HTMLButtonElement | undefined {
  const buttons = [...form.elements].filter((field): field is HTMLButtonElement => field instanceof HTMLButtonElement && field.type === "submit");
  return buttons.find((button) => button.name && formData.getAll(button.name).includes(button.value)) ?? buttons.find((button) => !button.name);
}

/** Path and query of an address as the router writes it (no hash, no trailing slash), resolved against the page's. */
function path(address: string): string {
  const url = new URL(address, window.location.href);
  return `${url.pathname.replace(/(.)\/+$/, "$1")}${url.search}`;
}
