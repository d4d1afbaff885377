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
});
