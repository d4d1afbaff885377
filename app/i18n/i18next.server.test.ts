import { describe, expect, it } from "vitest";
import { getFixedT, i18nFor } from "./i18next.server";

describe("server texts, with plain lookups kept", () => {
  it("answers each language and namespace with its own catalogue's text, call after call", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await getFixedT("nl", "members"))("search.title")).toBe("Leden zoeken");
      expect((await getFixedT("en", "members"))("search.title")).toBe("Search members");
      expect((await getFixedT("nl", "members"))("search.submit")).toBe("Zoeken");
    }
  });

  it("still fills in values, counts and prefixes on every call", async () => {
    const t = await getFixedT("nl", "members");
    expect(t("profile.metaTitle", { name: "Sanne", siteName: "Flirtpunt" })).toBe("Sanne | Flirtpunt");
    expect(t("profile.metaTitle", { name: "Eva", siteName: "Flirtpunt" })).toBe("Eva | Flirtpunt");
    expect(t("search.count", { count: 1, formatted: "1" })).toBe("1 lid gevonden");
    expect(t("search.count", { count: 2, formatted: "2" })).toBe("2 leden gevonden");
    const prefixed = (await i18nFor("nl")).getFixedT("nl", "members", "search.fields");
    expect(prefixed("gender")).toBe("Ik zoek een");
    expect(t("gender")).toBe("gender");
  });

  it("keeps answers with values apart by every value and its type, however often and in whatever order they are asked", async () => {
    const t = await getFixedT("nl", "members");
    for (let i = 0; i < 2; i++) {
      expect(t("search.count", { count: 1, formatted: "1" })).toBe("1 lid gevonden");
      expect(t("search.count", { count: 2, formatted: "2" })).toBe("2 leden gevonden");
      expect(t("profile.metaTitle", { name: "Sanne", siteName: "Flirtpunt" })).toBe("Sanne | Flirtpunt");
      expect(t("profile.metaTitle", { name: "Sanne", siteName: "Datingsite" })).toBe("Sanne | Datingsite");
      expect(t("profile.metaTitle", { name: "Sanne", siteName: "Flirtpunt", lng: "en" })).toBe((await getFixedT("en", "members"))("profile.metaTitle", { name: "Sanne", siteName: "Flirtpunt" }));
    }
    // A value that is an object goes to i18next each time (its content may change between calls).
    const named = { toString: () => "Eva" };
    expect(t("profile.metaTitle", { name: named as unknown as string, siteName: "Flirtpunt" })).toBe("Eva | Flirtpunt");
    named.toString = () => "Noor";
    expect(t("profile.metaTitle", { name: named as unknown as string, siteName: "Flirtpunt" })).toBe("Noor | Flirtpunt");
  });

  it("answers lists of texts with their values filled in, per value", async () => {
    const t = await getFixedT("nl", "pages");
    const sections = (siteName: string) => t("cookies.sections", { siteName, company: "Bedrijf B.V.", returnObjects: true }) as unknown as { heading: string; body: string }[];
    const first = sections("Flirtpunt");
    expect(first.length).toBeGreaterThan(1);
    expect(JSON.stringify(first)).toContain("Flirtpunt");
    expect(sections("Flirtpunt")).toEqual(first);
    expect(JSON.stringify(sections("Datingsite"))).not.toContain("Flirtpunt");
  });
});
