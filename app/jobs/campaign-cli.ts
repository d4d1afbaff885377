import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { closeDatabase, databaseHandle } from "../../db/database.server";
import { campaignFile, createCampaign } from "~/models/notifications/campaigns.server";
import { tenants } from "~/tenancy/tenants.server";

const usage = `npm run campaign -- --brand <id> --type news|promotions --file <texts.json>
  texts.json: { "nl": { "subject": "…", "paragraphs": ["…"], "button": { "label": "…", "url": "https://…" } }, "de": { … } }
  The running server sends it in batches to the brand's members who allow that type.`;

const { values } = parseArgs({ options: { brand: { type: "string" }, type: { type: "string" }, file: { type: "string" }, help: { type: "boolean" } } });
if (values.help || !values.brand || !values.file || (values.type !== "news" && values.type !== "promotions")) {
  console.log(usage);
  process.exit(values.help ? 0 : 1);
}
const tenant = tenants().get(values.brand);
if (!tenant) {
  console.error(`No brand ${values.brand}: see tenants/`);
  process.exit(1);
}
const parsed = campaignFile.safeParse(JSON.parse(readFileSync(values.file, "utf8")));
if (!parsed.success) {
  console.error(`${values.file}: ${parsed.error.issues.map((issue) => `${issue.path.join(".") || "file"}: ${issue.message}`).join("; ")}`);
  process.exit(1);
}
const handle = databaseHandle();
try {
  await handle.migrate();
  const id = await createCampaign(handle.db, { siteId: tenant.id, type: values.type, texts: parsed.data });
  console.log(`campaign ${id} for ${tenant.name} (${values.type}) stored; the server sends it within minutes`);
} finally {
  await closeDatabase();
}
