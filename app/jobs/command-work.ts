import { closeDatabase } from "../../db/database.server";
import { SettingError } from "~/env.server";

/**
 * A command's work, run the way every command ends: `work` resolves true when it succeeded. An
 * error is one line, not a stack trace, and the command fails; a missing or wrong setting is left
 * to the command runner (app/jobs/command.ts), which names it in one line. The database is closed
 * either way, and the process exits 0 or 1.
 */
export async function runCommandWork(work: () => Promise<boolean>): Promise<never> {
  let succeeded = false;
  try {
    succeeded = await work();
  } catch (error) {
    if (error instanceof SettingError) throw error;
    console.error(error instanceof Error ? error.message : error);
  } finally {
    await closeDatabase();
  }
  process.exit(succeeded ? 0 : 1);
}
