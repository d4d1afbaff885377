import { parseWithZod } from "@conform-to/zod";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "../../db/schema/index";
import { personalSchema, SEXUALITY_CONSENT_VERSION } from "../../app/models/profiles/profile-forms";
import { personalValues, savePersonal, withdrawSexualityConsent } from "../../app/models/profiles/profile-update.server";
import { createTestDatabase, type TestDatabase } from "../fixtures/database";
import { formOf } from "../fixtures/context";
import { createMember } from "../fixtures/members";

let handle: TestDatabase;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

describe("the sexuality needs an explicit consent (special-category data, review M-10)", () => {
  it("is refused without the consent, keeping what was chosen; with it, the time and text version are stored; withdrawing clears the field", async () => {
    const without = parseWithZod(formOf({ gender: "male", sexuality: "gay" }), { schema: personalSchema });
    expect(without.status).toBe("error");
    expect(without.reply().error).toEqual({ sexuality_consent: ["security:sexualityConsent.required"] });
    expect(without.reply().initialValue).toMatchObject({ sexuality: "gay" });
    // Not saying needs no consent.
    expect(parseWithZod(formOf({ gender: "male" }), { schema: personalSchema }).status).toBe("success");

    const { id } = await createMember(handle.db, { siteId: "consentsite", email: "consent@example.com" });
    const given = parseWithZod(formOf({ gender: "male", sexuality: "gay", sexuality_consent: "on" }), { schema: personalSchema });
    if (given.status !== "success") throw new Error("the consent was not taken");
    await savePersonal(handle.db, id, given.value, ["gender", "sexuality"]);
    const [saved] = await handle.db.select().from(profiles).where(eq(profiles.memberId, id));
    expect(saved).toMatchObject({ sexuality: "gay", sexualityConsentVersion: SEXUALITY_CONSENT_VERSION });
    expect(saved!.sexualityConsentAt).toBeInstanceOf(Date);
    expect(personalValues(saved, ["gender", "sexuality"])).toEqual({ gender: "male", sexuality: "gay", sexuality_consent: "on" });

    await withdrawSexualityConsent(handle.db, id);
    const [withdrawn] = await handle.db.select().from(profiles).where(eq(profiles.memberId, id));
    expect(withdrawn).toMatchObject({ sexuality: null, sexualityConsentAt: null, sexualityConsentVersion: null, gender: "male" });
  });
});
