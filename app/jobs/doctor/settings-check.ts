import { MIN_SECRET_LENGTH, type SettingError } from "~/env.server";
import { ok, problem, type Check, type Finding } from "./check";

/** Every setting that is missing or wrong, one line each (the server's start would stop at the first). */
export function settingsFindings(problems: readonly SettingError[], summary: string): Finding[] {
  if (problems.length === 0) return [ok(`every setting parses (${summary})`)];
  return problems.map((error) => problem(`${error.setting}: ${error.reason}${error.reason.includes("README") ? "" : " (README, Settings)"}`));
}

/**
 * SESSION_SECRETS signs sessions and seals stored secrets (docs/conventions.md#sessions-and-cookies):
 * required with real services, each long enough to resist guessing.
 */
export const sessionSecretsCheck: Check = {
  name: "session secrets",
  settings: ["SESSION_SECRETS", "LOCAL_SERVICES", "NODE_ENV", "DATA_DIR"],
  async run(env) {
    const secrets = env.sessionSecrets;
    if (secrets.length === 0) {
      if (env.localServices) return [ok(`SESSION_SECRETS not set: with LOCAL_SERVICES=1 the server makes a random one and keeps it in ${env.DATA_DIR}/secret.key`)];
      return [problem("SESSION_SECRETS is not set: required unless LOCAL_SERVICES=1; set one or more random secrets (comma-separated, newest first), e.g. from `openssl rand -base64 48`")];
    }
    if (new Set(secrets).size < secrets.length) return [problem("SESSION_SECRETS lists a secret twice: keep each once, newest first")];
    const shortest = Math.min(...secrets.map((secret) => secret.length));
    const counted = `${secrets.length} secret${secrets.length === 1 ? "" : "s"}, the shortest ${shortest} characters`;
    // Shorter ones pass only where the server accepts them (the local services outside production);
    // elsewhere the settings line above already names SESSION_SECRETS and this check is not run.
    if (shortest < MIN_SECRET_LENGTH) return [ok(`${counted}: enough for local use only; production and real services need ${MIN_SECRET_LENGTH} (e.g. \`openssl rand -base64 48\`)`)];
    return [ok(counted)];
  },
};
