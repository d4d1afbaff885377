import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { databaseHandle } from "../../db/database.server";
import { runCommandWork } from "./command-work";
import { importReturns, markCollected, recordReturnedCollection } from "~/models/payments/direct-debit-collections.server";

const usage = `npm run directdebit -- collected --request <id>            the collection of a confirmed direct debit came in
npm run directdebit -- return --request <id> --reason <code>  it came back (SEPA reason code, e.g. AC04, MD06): blocks the IBAN and phone, takes the credits back
npm run directdebit -- import-returns <file.csv>             returns from the bank, one "reference,reason" per line (reference dd_<id> or <id>)`;

const { values, positionals } = parseArgs({ allowPositionals: true, options: { request: { type: "string" }, reason: { type: "string" }, help: { type: "boolean" } } });
const [command, file] = positionals;
const requestId = Number(values.request);
const handle = databaseHandle();
await runCommandWork(async () => {
  let failed = false;
  if (values.help || !command) {
    console.log(usage);
  } else if (command === "collected" && Number.isSafeInteger(requestId)) {
    await handle.migrate();
    failed = !(await markCollected(handle.db, requestId));
    console.log(failed ? `request ${requestId}: not a confirmed, unreturned collection that is still open` : `request ${requestId}: collected`);
  } else if (command === "return" && Number.isSafeInteger(requestId) && values.reason) {
    await handle.migrate();
    const outcome = await recordReturnedCollection(handle.db, { requestId, reason: values.reason });
    failed = !outcome.ok;
    console.log(describe(String(requestId), outcome));
  } else if (command === "import-returns" && file) {
    await handle.migrate();
    for (const result of await importReturns(handle.db, readFileSync(file, "utf8"))) {
      failed ||= !result.outcome.ok;
      console.log(`line ${result.line}: ${describe(result.reference, result.outcome)}`);
    }
  } else {
    console.log(usage);
    failed = true;
  }
  return !failed;
});

function describe(reference: string, outcome: Awaited<ReturnType<typeof recordReturnedCollection>> | { ok: false; error: "unreadable" }): string {
  if (!outcome.ok) return `${reference}: ${outcome.error === "unreadable" ? "not a request reference" : "no confirmed direct debit with this reference"}`;
  if (outcome.already) return `${reference}: already returned, nothing changed`;
  const taken = outcome.reversal;
  return `${reference}: returned; IBAN and phone blocked${taken ? `, ${taken.takenCredits} credits taken back${taken.debtCredits ? `, ${taken.debtCredits} owed` : ""}${taken.premiumEnded ? ", premium ended" : ""}` : ""}`;
}
