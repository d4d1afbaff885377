import { SettingError } from "~/env.server";

/*
 * Runs one of the commands (package.json: staff, directdebit, campaign, db:seed, storage:publish, doctor, drill:restore). Each needs only
 * the database and the tenant files, and what its own work asks for (the staff command's TOTP
 * secret is sealed with SESSION_SECRETS). A setting that is missing or wrong, found while the
 * command loads or while it runs, is one line naming it, not a stack trace.
 */
const COMMANDS: Record<string, () => Promise<unknown>> = {
  staff: () => import("./staff-cli"),
  directdebit: () => import("./direct-debit-cli"),
  campaign: () => import("./campaign-cli"),
  seed: () => import("../../db/seed/cli"),
  "storage-publish": () => import("./storage-publish-cli"),
  doctor: () => import("./doctor-cli"),
  "restore-drill": () => import("./restore-drill-cli"),
};

const [name] = process.argv.splice(2, 1);
const command = name ? COMMANDS[name] : undefined;
if (!command) {
  console.error(`unknown command ${name ?? "(none)"}: one of ${Object.keys(COMMANDS).join(", ")}`);
  process.exit(2);
}
try {
  await command();
} catch (error) {
  if (!(error instanceof SettingError)) throw error;
  console.error(error.message);
  process.exit(2);
}
