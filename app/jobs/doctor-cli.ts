import { parseArgs } from "node:util";
import { examine } from "./doctor/examine";

const usage = `npm run doctor [-- --timeout <seconds>] [-- --payments live|test]
    checks the settings and what they point at (database, storage, SMTP, Mollie, push keys, tenant files);
    one line per check, exit code 0 when nothing is wrong, 1 otherwise (docs/operations.md#doctor)
    --payments: the kind of Mollie key expected; live with NODE_ENV=production, test otherwise`;

const { values } = parseArgs({
  options: {
    timeout: { type: "string", default: "5" },
    payments: { type: "string" },
    help: { type: "boolean" },
  },
});

const seconds = Number(values.timeout);
if (values.help || !(seconds > 0) || (values.payments !== undefined && values.payments !== "live" && values.payments !== "test")) {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}

const paymentMode = (values.payments as "live" | "test" | undefined) ?? (process.env.NODE_ENV === "production" ? "live" : "test");
const { lines, healthy } = await examine(process.env, { timeoutMs: seconds * 1000, paymentMode });
for (const line of lines) console.log(line);
console.log(healthy ? "doctor: nothing wrong found" : "doctor: problems found (lines marked PROBLEM)");
// Connections a timed-out check left open must not keep the process alive.
process.exit(healthy ? 0 : 1);
