import { unzipSync, strFromU8 } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.server";
import { setDatabaseHandle } from "../../db/database.server";
import { photos } from "../../db/schema/index";
import { dataExportFile, EXPORT_DAYS, prepareDataExports, requestDataExport } from "../../app/models/accounts/data-export.server";
import { sendMessage } from "../../app/models/chat/chat-send.server";
import { loader as download } from "../../app/routes/settings.privacy.export.$token";
import type { Storage } from "../../app/services/storage/storage";
import { TenantRegistry } from "../../app/tenancy/registry";
import { tenantSchema } from "../../app/tenancy/schema";
import { createTestDatabase } from "../fixtures/database";
import { contextFor } from "../fixtures/context";
import { captureMail } from "../fixtures/mail";
import { createMember } from "../fixtures/members";
import { thrownStatus } from "../fixtures/route";
import { tenantFixture } from "../fixtures/tenant";

const base = tenantFixture({ id: "exportsite", domains: ["exportsite.example"] });
const tenant = tenantSchema.parse({ ...base, settings: { ...base.settings, free_messages: 3 } });
const registry = new TenantRegistry([tenant]);
let handle: DatabaseHandle;
let mail: ReturnType<typeof captureMail>;

/** A store holding one photo file. */
const storage: Storage = {
  put: async () => undefined,
  has: async () => true,
  get: async (key) => (key === "photos/ex/own.webp" ? Buffer.from("webp bytes") : null),
  remove: async () => undefined,
  publish: async () => undefined,
  unpublish: async () => undefined,
  publicUrl: (key) => `/media/${key}`,
};

beforeAll(async () => {
  handle = await createTestDatabase();
  setDatabaseHandle(handle);
  mail = captureMail();
});
afterAll(async () => {
  mail.restore();
  setDatabaseHandle(undefined);
  await handle.close();
});

describe("download my data (review M-10)", () => {
  it("is prepared by the job as a ZIP of data.json and the photo files, mailed as a link that only its member can use, until it expires", async () => {
    const member = await createMember(handle.db, { tenant, name: "Eva", email: "eva@example.com", credits: 100 });
    const other = await createMember(handle.db, { tenant, name: "Bram" });
    await handle.db.insert(photos).values({ memberId: member.id, storageKey: "photos/ex/own.webp", thumbKey: "photos/ex/own-thumb.webp", width: 10, height: 10 });
    expect(await sendMessage(handle.db, { senderId: member.id, recipientId: other.id, tenant, content: { kind: "text", body: "Hoi Bram, zin in koffie?" } })).toMatchObject({ ok: true });

    expect(await requestDataExport(handle.db, member.id, tenant.id)).toEqual({ ok: true });
    expect(await requestDataExport(handle.db, member.id, tenant.id)).toEqual({ ok: false, reason: "pending" });
    const now = new Date();
    expect(await prepareDataExports(handle.db, storage, registry, now)).toBe(1);

    const sent = mail.sent.find((m) => m.to === "eva@example.com")!;
    const token = /\/settings\/privacy\/export\/([A-Za-z0-9_-]{43})/.exec(sent.text)?.[1];
    expect(token).toBeDefined();
    const zip = await dataExportFile(handle.db, member.id, token!);
    const files = unzipSync(new Uint8Array(zip!));
    expect(Object.keys(files).sort()).toEqual(["data.json", "files/photos/ex/own.webp"]);
    const data = JSON.parse(strFromU8(files["data.json"]!)) as { account: Record<string, unknown>; profile: { name: string }; messagesWritten: Array<{ body: string }> };
    expect(data.profile.name).toBe("Eva");
    expect(data.messagesWritten.map((m) => m.body)).toEqual(["Hoi Bram, zin in koffie?"]);
    expect(data.account).not.toHaveProperty("passwordHash");
    expect(JSON.stringify(data)).not.toContain("$argon2");
    // Nor the two-step login's sealed secret and recovery-code hashes (review N-L-4): only that it is on.
    for (const key of ["totpSecret", "totpRecoveryCodes", "totpLastStep"]) expect(data.account).not.toHaveProperty(key);
    expect(data.account).toHaveProperty("totpEnabledAt");

    // The link is the member's alone, and dies after its days.
    expect(await dataExportFile(handle.db, other.id, token!)).toBeNull();
    const answer = await download({ request: new Request(`https://exportsite.example/settings/privacy/export/${token}`), context: contextFor(tenant, { member: member.current }), params: { token: token! } });
    expect(answer.headers.get("content-type")).toBe("application/zip");
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(await thrownStatus(download({ request: new Request("https://exportsite.example/x"), context: contextFor(tenant, { member: other.current }), params: { token: token! } }))).toBe(404);
    expect(await dataExportFile(handle.db, member.id, token!, new Date(now.getTime() + (EXPORT_DAYS + 1) * 86_400_000))).toBeNull();
  });
});
