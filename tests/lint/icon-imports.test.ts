import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// Icons are imported one module each (docs/decisions/041-inline-svg-icons.md): lucide-react's index
// would load every one of its thousands of icons in the server process.
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "../..") });

async function iconImportErrors(code: string) {
  const [result] = await eslint.lintText(code, { filePath: "app/components/members/Example.tsx" });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-syntax").length;
}

describe("the icon import lint", () => {
  it.each([`import { Drama } from "lucide-react";`, `import { Drama } from "lucide-react/icons";`, `import type { LucideIcon } from "lucide-react";`])("refuses %s", async (code) => {
    expect(await iconImportErrors(code)).toBe(1);
  });

  it.each([`import Drama from "lucide-react/icons/drama";`, `import type { LucideIcon } from "lucide-react/types";`])("accepts %s", async (code) => {
    expect(await iconImportErrors(code)).toBe(0);
  });
});
