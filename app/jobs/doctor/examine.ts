import { readSettings } from "~/env.server";
import { formatLine, problem, readsSetting, skipped, withinTime, type Check, type CheckOptions, type Finding } from "./check";
import { databaseCheck } from "./database-check";
import { mailCheck } from "./mail-check";
import { paymentsCheck } from "./payments-check";
import { pushCheck } from "./push-check";
import { smsCheck } from "./sms-check";
import { sessionSecretsCheck, settingsFindings } from "./settings-check";
import { storageCheck } from "./storage-check";
import { tenantsCheck } from "./tenants-check";

/** In the order they are printed: what the process reads first, then what it reaches. */
export const CHECKS: readonly Check[] = [sessionSecretsCheck, tenantsCheck, databaseCheck, storageCheck, mailCheck, smsCheck, paymentsCheck, pushCheck];

export interface Examination {
  lines: string[];
  healthy: boolean;
}

/**
 * Every check of a deployment's settings (docs/operations.md#doctor), the outside ones at once and
 * each within the deadline; a check whose settings are wrong is not run. Healthy: no problem found.
 */
export async function examine(source: Record<string, string | undefined>, options: CheckOptions): Promise<Examination> {
  const { env, problems } = readSettings(source);
  const settingsLine = `NODE_ENV=${env.NODE_ENV}, LOCAL_SERVICES ${env.localServices ? "on" : "off"}, database ${env.DATABASE_URL ? "PostgreSQL" : "embedded"}, storage ${env.s3 ? "S3" : "local"}`;
  const findings: Array<[string, Finding[]]> = [["settings", settingsFindings(problems, settingsLine)]];
  const results = await Promise.all(
    CHECKS.map(async (check): Promise<Finding[]> => {
      const wrong = problems.filter((error) => readsSetting(check, error.setting)).map((error) => error.setting);
      if (wrong.length > 0) return [skipped(`not checked: ${[...new Set(wrong)].join(", ")} ${wrong.length === 1 ? "is" : "are"} wrong (above)`)];
      // The check's own deadlines come first; this one catches a call that has none.
      const run = check.run(env, options).catch((error: unknown) => [problem(`the check failed: ${error instanceof Error ? error.message : String(error)}`)]);
      return withinTime(run, check.deadlineMs?.(options) ?? options.timeoutMs + 1_000);
    }),
  );
  CHECKS.forEach((check, index) => findings.push([check.name, results[index]!]));
  const lines = findings.flatMap(([name, list]) => list.map((finding) => formatLine(name, finding)));
  const healthy = findings.every(([, list]) => list.every((finding) => finding.status !== "problem"));
  return { lines, healthy };
}
