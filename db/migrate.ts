// `npm run db:migrate`: applies db/migrations to DATABASE_URL, or to the embedded database.
import { closeDatabase, databaseHandle } from "./database.server";

const handle = databaseHandle();
try {
  await handle.migrate();
  console.log(`migrated (${handle.kind})`);
} finally {
  await closeDatabase();
}
