import type { Env } from "~/env.server";

/** What one check found: fine, a problem (with what to do), or not checked here (and why). */
export interface Finding {
  status: "ok" | "problem" | "skipped";
  text: string;
}

export const ok = (text: string): Finding => ({ status: "ok", text });
export const problem = (text: string): Finding => ({ status: "problem", text });
export const skipped = (text: string): Finding => ({ status: "skipped", text });

export interface CheckOptions {
  /** How long a check may wait for an outside service before it counts as unreachable. */
  timeoutMs: number;
  /** Which kind of payment provider key this deployment should use. */
  paymentMode: "live" | "test";
}

/** One thing `npm run doctor` looks at (docs/operations.md#doctor). */
export interface Check {
  name: string;
  /**
   * The settings it reads, by name or by prefix ending in `_`: when one of them is wrong the check
   * is not run, as it would only test a default in its place.
   */
  settings: readonly string[];
  run(env: Env, options: CheckOptions): Promise<Finding[]>;
  /** How long the whole check may take; a second past the outside calls' deadline unless it says otherwise. */
  deadlineMs?(options: CheckOptions): number;
}

/** Whether a setting is one of those a check reads. */
export function readsSetting(check: Pick<Check, "settings">, setting: string): boolean {
  return check.settings.some((name) => (name.endsWith("_") ? setting.startsWith(name) : setting === name));
}

/** The work, or a problem when it has not finished in time: an unreachable host must not hang the doctor. */
export async function withinTime(work: Promise<Finding[]>, ms: number): Promise<Finding[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Finding[]>((resolve) => {
    timer = setTimeout(() => resolve([problem(`no answer within ${ms / 1000} s: the service is unreachable or too slow from here (firewall, host name, port)`)]), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The reason of a failed call: undici and node:net keep the useful part (ECONNREFUSED, ENOTFOUND…) in `cause` or `code`. */
export function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const code = (cause as NodeJS.ErrnoException | undefined)?.code ?? (error as NodeJS.ErrnoException).code;
  const message = cause ? `${error.message}: ${cause.message}` : error.message;
  return code && !message.includes(code) ? `${message} (${code})` : message;
}

/** One printed line: the status in a column of its own, then the check's name and what it found. */
export function formatLine(name: string, finding: Finding): string {
  const label = { ok: "ok", problem: "PROBLEM", skipped: "skipped" }[finding.status];
  return `${label.padEnd(8)}${name}: ${finding.text}`;
}
