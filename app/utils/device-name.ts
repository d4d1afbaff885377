/**
 * A short name for the device of a session ("Firefox on Windows"), from its user agent: enough for
 * a member to recognise their own browsers in the list of sessions, nothing more.
 */
export function deviceName(userAgent: string | null): { browser: string | null; system: string | null } {
  if (!userAgent) return { browser: null, system: null };
  const browser = firstMatch(userAgent, [
    [/Edg(e|A|iOS)?\//, "Edge"],
    [/OPR\/|Opera/, "Opera"],
    [/SamsungBrowser\//, "Samsung Internet"],
    [/Firefox\/|FxiOS\//, "Firefox"],
    [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
    [/Safari\//, "Safari"],
  ]);
  const system = firstMatch(userAgent, [
    [/iPhone|iPad|iPod/, "iOS"],
    [/Android/, "Android"],
    [/Windows/, "Windows"],
    [/Mac OS X|Macintosh/, "macOS"],
    [/CrOS/, "ChromeOS"],
    [/Linux/, "Linux"],
  ]);
  return { browser, system };
}

function firstMatch(text: string, rules: Array<[RegExp, string]>): string | null {
  return rules.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}
