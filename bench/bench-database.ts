// A PostgreSQL database of a benchmark's own (bench:chat, bench:streams): made fresh on the server
// of DATABASE_URL, migrated, and dropped at the end, so a run leaves nothing behind.
import postgres from "postgres";
import { openDatabase } from "../db/client.server";

export async function createBenchDatabase(serverUrl: string, name: string, maxConnections: number) {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database ${name}`);
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  const database = openDatabase({ url: target.toString(), maxConnections });
  await database.migrate();
  return {
    url: target.toString(),
    db: database.db,
    async drop() {
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
