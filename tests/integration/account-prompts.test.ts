import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { members } from "../../db/schema";
import { setDatabaseHandle } from "../../db/database.server";
import { action as dismiss } from "../../app/routes/api.alerts.dismiss";
import { findSessionMember, startSession, sessionIdFrom } from "../../app/models/accounts/sessions.server";
import { accountAlerts } from "../../app/web/layout-data.server";
import { dismissedAlerts } from "../../app/models/notifications/pages/alerts.server";
import { tenantSchema } from "../../app/tenancy/schema";
import { contextFor, formOf } from "../fixtures/context";
import { testDatabasePerFile } from "../fixtures/database";
import { createMember } from "../fixtures/members";
import { tenantFixture } from "../fixtures/tenant";

const handle = testDatabasePerFile();
const tenant = tenantSchema.parse(tenantFixture());

beforeAll(() => setDatabaseHandle(handle));
afterAll(() => setDatabaseHandle(undefined));

function later(context: ReturnType<typeof contextFor>, alert: string) {
  const request = new Request("http://testsite.example/api/alerts/dismiss", { method: "POST", body: formOf({ alert, redirectTo: "/members" }) });
  return dismiss({ request, context, params: {} });
}

describe("'Later' on an account prompt (docs/product/notifications.md#one-prompt-at-a-time)", () => {
  it("is stored for the member: the prompt stays away in every browser they log in with, the others stay due", async () => {
    const kim = await createMember(handle.db, { tenant, name: "Kim" });
    const answer = await later(contextFor(tenant, { member: kim.current }), "noPhoto");
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/members");
    expect(answer.headers.get("Set-Cookie")).toBeNull();

    // Another device: a session of its own, the same member as the session lookup gives them.
    const cookie = await startSession(handle.db, { memberId: kim.id, siteId: tenant.id, userAgent: "phone" });
    const sessionId = await sessionIdFrom(cookie.split(";")[0]!);
    const elsewhere = await findSessionMember(handle.db, sessionId!, tenant.id);
    const alerts = accountAlerts(elsewhere, dismissedAlerts(elsewhere));
    expect(alerts.noPhoto).toBe(false);
    expect(alerts.push).toBe(true);
  });

  it("ignores an unknown prompt and a visitor, and writes nothing for them", async () => {
    const kim = await createMember(handle.db, { tenant, name: "Kim" });
    await later(contextFor(tenant, { member: kim.current }), "everything");
    expect((await later(contextFor(tenant), "noPhoto")).status).toBe(303);
    const [row] = await handle.db.select({ snoozed: members.promptsSnoozed }).from(members).where(eq(members.id, kim.id));
    expect(row!.snoozed).toEqual({});
  });
});
