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
 * one per intent — are told apart by their fields: the submission carries only names of this
 * form's controls, this form's hidden values, and the value of one of its buttons where only its
 * buttons have that name (a row's id on its button).
 */
export function navigationPart(navigation: Navigation, button: HTMLButtonElement): SubmissionPart {
  const { formAction, formMethod, formData } = navigation;
  const form = button.form;
  if (navigation.state === "idle" || formAction === undefined || formMethod === undefined || formData === undefined || form === null) return null;
  const action = button.getAttribute("formaction") ?? form.getAttribute("action");
  const method = button.getAttribute("formmethod") ?? form.getAttribute("method") ?? "get";
  if (action === null || path(action) !== path(formAction) || method.toLowerCase() !== formMethod.toLowerCase()) return null;

  const controls = [...form.elements].filter(isControl);
  const sent = (control: Control) => formData.getAll(control.name).includes(control.value);
  for (const name of new Set(formData.keys())) {
    const named = controls.filter((control) => control.name === name);
    if (named.length === 0 || (named.every(isSubmitButton) && !named.some(sent))) return null;
  }
  if (controls.some((control) => control instanceof HTMLInputElement && control.type === "hidden" && control.name && !control.disabled && !sent(control))) return null;
  // The button that sent it: the named one whose value went, else the form's first unnamed one.
  const buttons = controls.filter(isSubmitButton);
  const sender = buttons.find((candidate) => candidate.name && sent(candidate)) ?? buttons.find((candidate) => !candidate.name);
  return sender === button ? "sender" : "form";
}

type Control = HTMLInputElement | HTMLButtonElement | HTMLSelectElement | HTMLTextAreaElement;

function isControl(element: Element): element is Control {
  return element instanceof HTMLInputElement || element instanceof HTMLButtonElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;
}

function isSubmitButton(control: Control): control is HTMLButtonElement {
  return control instanceof HTMLButtonElement && control.type === "submit";
}

/** Path and query of an address as the router writes it (no hash, no trailing slash), resolved against the page's. */
function path(address: string): string {
  const url = new URL(address, window.location.href);
  return `${url.pathname.replace(/(.)\/+$/, "$1")}${url.search}`;
}
