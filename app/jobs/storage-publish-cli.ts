// `npm run storage:publish`: copies every member's face into the public storage area — once after
// the upgrade that made the storage private (README, "Object storage"), or to repair the public area.
import { closeDatabase, databaseHandle } from "../../db/database.server";
import { publishAllFaces } from "~/models/profiles/public-face.server";
import { storage } from "~/services/storage/storage.server";
import { SettingError } from "~/env.server";

const handle = databaseHandle();
let failed = false;
try {
  await handle.migrate();
  const { faces, missing } = await publishAllFaces(handle.db, storage(), console.log);
  console.log(`storage: ${faces} faces published`);
  for (const key of missing) console.error(`storage: not in the private area, not published: ${key}`);
  failed = missing.length > 0;
} catch (error) {
  // A missing setting is said by the command runner (app/jobs/command.ts), in one line.
  if (error instanceof SettingError) throw error;
  console.error(error instanceof Error ? error.message : error);
  failed = true;
} finally {
  await closeDatabase();
}
process.exit(failed ? 1 : 0);
