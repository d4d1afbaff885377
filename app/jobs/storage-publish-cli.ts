// `npm run storage:publish`: copies every member's face into the public storage area — once after
// the upgrade that made the storage private (README, "Object storage"), or to repair the public area.
import { databaseHandle } from "../../db/database.server";
import { publishAllFaces } from "~/models/profiles/public-face.server";
import { storage } from "~/services/storage/storage.server";
import { runCommandWork } from "./command-work";

const handle = databaseHandle();
await runCommandWork(async () => {
  await handle.migrate();
  const { faces, missing } = await publishAllFaces(handle.db, storage(), console.log);
  console.log(`storage: ${faces} faces published`);
  for (const key of missing) console.error(`storage: not in the private area, not published: ${key}`);
  return missing.length === 0;
});
