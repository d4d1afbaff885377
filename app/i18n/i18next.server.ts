import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "~/domain/languages";
import { DEFAULT_NAMESPACE, NAMESPACES, type Namespace } from "./namespaces";

const LOCALES_DIR = path.resolve("public/locales");

function readCatalogue(language: Language, namespace: Namespace): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(LOCALES_DIR, language, `${namespace}.json`), "utf8")) as Record<string, unknown>;
}

async function createLanguageInstance(language: Language): Promise<I18n> {
  const instance = createInstance();
  const resources = Object.fromEntries(NAMESPACES.map((ns) => [ns, readCatalogue(language, ns)]));
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: DEFAULT_NAMESPACE,
    resources: {
      [language]: resources,
      ...(language === DEFAULT_LANGUAGE ? {} : { [DEFAULT_LANGUAGE]: Object.fromEntries(NAMESPACES.map((ns) => [ns, readCatalogue(DEFAULT_LANGUAGE, ns)])) }),
    },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  keepPlainLookups(instance);
  return instance;
}

/** Bounds for what is kept: keys come from the code, so these are never reached in practice. */
const KEPT_PER_FUNCTION = 10_000;
const KEPT_FUNCTIONS = 1_000;

/**
 * Looking a text up (key parsing, the fallback chain, interpolation) was a noticeable part of every
 * page's CPU (bench/RESULTS.md, "Request path"; a legal page's sections alone were 8 %), and a page
 * asks for the same few hundred texts with the same values every time. Every t() reaches i18next
 * through getFixedT (react-i18next's useTranslation and the server's getFixedT), so each fixed t()
 * is made once per language, namespace and prefix, and keeps its answers: to a key alone, and to a
 * key with values that are all strings, numbers or booleans — the answer depends on nothing else
 * while the server runs, since the catalogues never change. Other calls (objects or functions
 * among the values) go to i18next as they are. A kept answer of `returnObjects` is shared between
 * calls: nobody changes what t() returns.
 */
function keepPlainLookups(instance: I18n) {
  const makeFixedT = instance.getFixedT.bind(instance) as (...args: unknown[]) => TFunction;
  const made = new Map<string, TFunction>();
  const getFixedT = (lng?: unknown, ns?: unknown, keyPrefix?: unknown) => {
    const id = `${String(lng ?? "")}\u0000${Array.isArray(ns) ? ns.join(",") : String(ns ?? "")}\u0000${String(keyPrefix ?? "")}`;
    let fixed = made.get(id);
    if (!fixed) {
      const lookUp = makeFixedT(lng, ns, keyPrefix) as unknown as (...args: unknown[]) => unknown;
      const kept = new Map<string, unknown>();
      const t = (key: unknown, ...rest: unknown[]) => {
        const id = lookupId(key, rest);
        if (id === null) return lookUp(key, ...rest);
        let text = kept.get(id);
        if (text === undefined) {
          text = lookUp(key, ...rest);
          if (kept.size >= KEPT_PER_FUNCTION) kept.clear();
          kept.set(id, text);
        }
        return text;
      };
      // The language, namespace and prefix i18next notes on the function travel along.
      fixed = Object.assign(t, lookUp) as unknown as TFunction;
      if (made.size >= KEPT_FUNCTIONS) made.clear();
      made.set(id, fixed);
    }
    return fixed;
  };
  instance.getFixedT = getFixedT as I18n["getFixedT"];
}

/**
 * What a t() call's answer depends on, as one string: the key, and each value with its type (a
 * count of 1 and "1" are different plurals); null when the call cannot be kept.
 */
function lookupId(key: unknown, rest: unknown[]): string | null {
  if (typeof key !== "string") return null;
  if (rest.length === 0) return key;
  const options = rest[0];
  if (rest.length > 1 || typeof options !== "object" || options === null || Object.getPrototypeOf(options) !== Object.prototype) return null;
  let id = key;
  for (const [name, value] of Object.entries(options)) {
    const type = typeof value;
    if (type !== "string" && type !== "number" && type !== "boolean" && value !== undefined) return null;
    id += `\u0001${name}\u0002${type[0]}${String(value)}`;
  }
  return id;
}

/**
 * One initialised i18next instance per language, created once and shared by all requests:
 * creating one per request halves the throughput (docs/conventions.md#performance). Nobody may call
 * changeLanguage on these instances.
 */
let instances: Promise<Map<Language, I18n>> | undefined;

export function i18nInstances(): Promise<Map<Language, I18n>> {
  instances ??= Promise.all(LANGUAGES.map(async (lng) => [lng, await createLanguageInstance(lng)] as const)).then(
    (entries) => new Map(entries),
  );
  return instances;
}

export async function i18nFor(language: Language): Promise<I18n> {
  const instance = (await i18nInstances()).get(language);
  if (!instance) throw new Error(`No catalogue for ${language}`);
  return instance;
}

export async function getFixedT(language: Language, namespace: Namespace = DEFAULT_NAMESPACE): Promise<TFunction> {
  return (await i18nFor(language)).getFixedT(language, namespace);
}

let version: string | undefined;

/**
 * A short hash of every catalogue. The browser loads catalogues with it in the URL, so they can
 * be cached for long and a changed text is never mixed with an old one.
 */
export function catalogueVersion(): string {
  if (!version) {
    const hash = createHash("sha256");
    for (const language of LANGUAGES) {
      for (const namespace of NAMESPACES) hash.update(readFileSync(path.join(LOCALES_DIR, language, `${namespace}.json`)));
    }
    version = hash.digest("hex").slice(0, 12);
  }
  return version;
}
