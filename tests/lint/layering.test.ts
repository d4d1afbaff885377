import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The arrows docs/decisions/014-module-layering.md forbids, each linted as if written in a file of
// that layer: the lint must refuse every one and keep accepting the allowed arrows beside them.
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "../..") });

async function layeringErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports").length;
}

describe("the layering lint", () => {
  it.each([
    ["db/schema/example.ts", `import { GENDERS } from "../../app/models/profiles/profile-forms";`],
    ["db/seed/example.ts", `import { requireMember } from "../../app/web/require-member.server";`],
    ["app/services/mail/example.ts", `import { createSession } from "~/models/accounts/sessions.server";`],
    ["app/services/geo/example.ts", `import { blocked } from "../../models/safety/blocks.server";`],
    ["app/tenancy/example.ts", `import { GIFTS } from "~/models/chat/chat-rules";`],
    ["app/domain/example.ts", `import { ageOn } from "~/utils/age";`],
    ["app/domain/example.ts", `import { LANGUAGES } from "../i18n/i18next.server";`],
    ["app/models/likes/example.server.ts", `import { loader } from "~/routes/_default.likes.$type";`],
    ["app/models/chat/example.server.ts", `import { ChatShell } from "~/components/chat/ChatShell";`],
    ["app/models/likes/example.server.ts", `import { db } from "~/db.server";`],
    ["app/models/chat/example.server.ts", `import { data } from "@remix-run/node";`],
    ["app/components/chat/Example.tsx", `import { chatPage } from "~/models/chat/pages/chat-page.server";`],
    ["app/web/example.server.ts", `import { action } from "../routes/_default.settings";`],
    ["app/jobs/example.server.ts", `import { loader } from "~/routes/_default._index";`],
  ])("refuses in %s: %s", async (filePath, code) => {
    expect(await layeringErrors(filePath, code)).toBe(1);
  });

  it.each([
    ["db/schema/example.ts", `import { GENDERS } from "../../app/domain/profile-fields";`],
    ["app/services/payments/example.ts", `import { PAYMENT_METHODS } from "~/domain/payment-methods";`],
    ["app/domain/example.ts", `import { GIFTS } from "./gifts";`],
    ["app/models/chat/example.server.ts", `import { blocked } from "~/models/safety/blocks.server";`],
    ["app/models/chat/pages/example.server.ts", `import { db } from "~/db.server";`],
    ["app/models/accounts/example.server.ts", `import type { AppLoadContext } from "@remix-run/node";`],
    ["app/components/chat/Example.tsx", `import type { ChatPage } from "~/models/chat/pages/chat-page.server";`],
    ["app/routes/_default.likes.m.$id.tsx", `export { loader } from "./_default.members.$id";`],
  ])("accepts in %s: %s", async (filePath, code) => {
    expect(await layeringErrors(filePath, code)).toBe(0);
  });
});
