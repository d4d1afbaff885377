/**
 * Intl formatters, made once per locale and options: constructing one costs far more than
 * formatting with it (a page built several per render; docs/decisions/030-route-matching-cache.md
 * records what that cost). The options of a call site are constant, so the caches stay small.
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const regionNameFormats = new Map<string, Intl.DisplayNames>();
const relativeTimeFormats = new Map<string, Intl.RelativeTimeFormat>();

function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (!value) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateTimeFormats, `${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(numberFormats, `${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

/** Country names in a language, e.g. regionName("nl").of("DE") → "Duitsland". */
export function regionNames(locale: string): Intl.DisplayNames {
  return cached(regionNameFormats, locale, () => new Intl.DisplayNames([locale], { type: "region" }));
}

export function relativeTimeFormat(locale: string | undefined, options: Intl.RelativeTimeFormatOptions = {}): Intl.RelativeTimeFormat {
  return cached(relativeTimeFormats, `${locale}|${JSON.stringify(options)}`, () => new Intl.RelativeTimeFormat(locale, options));
}
