import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_LANGUAGE, LANGUAGES } from "~/domain/languages";
import { NAMESPACES } from "./namespaces";

type Catalogue = Record<string, unknown>;
const PLURAL = /_(zero|one|two|few|many|other)$/;

function read(language: string, namespace: string): Catalogue {
  return JSON.parse(readFileSync(path.join("public/locales", language, `${namespace}.json`), "utf8")) as Catalogue;
}

function flatten(value: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === "string") {
    out.set(prefix, value);
  } else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  }
  return out;
}

/** Keys with plural suffixes folded into their base key. */
function baseKeys(keys: Iterable<string>): Set<string> {
  return new Set([...keys].map((key) => key.replace(PLURAL, "")));
}

const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe.each(NAMESPACES)("catalogue %s", (namespace) => {
  const source = flatten(read(DEFAULT_LANGUAGE, namespace));

  it.each(LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE))("has every key in %s, with its variables", (language) => {
    const target = flatten(read(language, namespace));
    expect([...baseKeys(target.keys())].sort()).toEqual([...baseKeys(source.keys())].sort());

    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    for (const [key, text] of source) {
      const base = key.replace(PLURAL, "");
      const forms = PLURAL.test(key) ? categories.map((c) => `${base}_${c}`) : [key];
      for (const form of forms) {
        expect(target.has(form), `${language}:${namespace}:${form} is missing`).toBe(true);
        expect(variables(target.get(form) ?? ""), `${language}:${namespace}:${form} variables`).toEqual(variables(text));
      }
    }
  });
});

describe("the Dutch source catalogue", () => {
  it("keeps the fixed texts exactly (docs/product/site.md#fixed-texts)", () => {
    const common = flatten(read(DEFAULT_LANGUAGE, "common"));
    expect(common.get("errors.generic")).toBe("Er is een fout opgetreden, probeer het later opnieuw.");
  });
});
