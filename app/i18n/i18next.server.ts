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

/** What a fixed t() (useTranslation, getFixedT) passes along when the caller gave no options. */
const PLAIN_OPTIONS = new Set(["lng", "lngs", "ns", "keyPrefix"]);
const KEPT_LOOKUPS = 20_000;

/**
 * Looking a text up (key parsing, the fallback chain, interpolation checks) was a noticeable part
 * of every page's CPU (bench/RESULTS.md, "Request path"), and a page asks for the same few hundred
 * texts every time. A lookup without values to interpolate, count or context depends only on the
 * language, namespace and key — the catalogues never change while the server runs — so its answer
 * is kept. Calls with options go to i18next as they are.
 */
function keepPlainLookups(instance: I18n) {
  const lookUp = instance.t.bind(instance) as (key: unknown, options?: unknown) => unknown;
  const kept = new Map<string, unknown>();
  const plain = (options: unknown): options is { lng?: unknown; ns?: unknown } | undefined =>
    options === undefined ||
    (typeof options === "object" && options !== null && Object.entries(options).every(([name, value]) => PLAIN_OPTIONS.has(name) && (value === undefined || name === "lng" || name === "ns")));
  const t = (key: unknown, options?: unknown) => {
    if (typeof key !== "string" || !plain(options)) return lookUp(key, options);
    const ns = options?.ns;
    const id = `${typeof options?.lng === "string" ? options.lng : ""}\u0000${Array.isArray(ns) ? ns.join(",") : typeof ns === "string" ? ns : ""}\u0000${key}`;
    let text = kept.get(id);
    if (text === undefined) {
      text = lookUp(key, options);
      if (kept.size >= KEPT_LOOKUPS) kept.clear();
      kept.set(id, text);
    }
    return text;
  };
  instance.t = t as I18n["t"];
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
