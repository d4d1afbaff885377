import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "~/domain/languages";
import { parseEnv } from "~/env.server";
import { busyAnswerKind, busyHealth, isOverloaded, LoadShedder, prepareBusyAnswers, sheddingRule, type SheddingSettings } from "./load-shedding.server";

const SETTINGS: SheddingSettings = { maxEventLoopDelayMs: 200, maxInFlight: 3, retryAfterSeconds: 4 };

/** A shedder whose event-loop delay the test sets. */
function shedderWithDelay(settings: SheddingSettings = SETTINGS) {
  let report: (delayMs: number) => void = () => undefined;
  let stopped = false;
  const shedder = new LoadShedder(settings, (set) => {
    report = set;
    return () => (stopped = true);
  });
  return { shedder, setDelay: (ms: number) => report(ms), stopped: () => stopped };
}

describe("the settings", () => {
  it("default to 100 in flight, 200 ms of delay and 3 s, and take 0 for off", () => {
    expect(parseEnv({ NODE_ENV: "development", LOCAL_SERVICES: "1" }).shedding).toEqual({ maxInFlight: 100, maxEventLoopDelayMs: 200, retryAfterSeconds: 3 });
    const off = parseEnv({ NODE_ENV: "development", LOCAL_SERVICES: "1", SHED_MAX_IN_FLIGHT: "0", SHED_EVENT_LOOP_DELAY_MS: "0", SHED_RETRY_AFTER_SECONDS: "10" });
    expect(off.shedding).toEqual({ maxInFlight: 0, maxEventLoopDelayMs: 0, retryAfterSeconds: 10 });
    expect(() => parseEnv({ NODE_ENV: "development", LOCAL_SERVICES: "1", SHED_MAX_IN_FLIGHT: "-1" })).toThrow(/SHED_MAX_IN_FLIGHT/);
    expect(() => parseEnv({ NODE_ENV: "development", LOCAL_SERVICES: "1", SHED_RETRY_AFTER_SECONDS: "0" })).toThrow(/SHED_RETRY_AFTER_SECONDS/);
  });
});

describe("which rule a request follows", () => {
  it("excepts the event stream and the providers' webhooks, and gives /healthz its own", () => {
    expect(sheddingRule("/api/events")).toBe("stream");
    expect(sheddingRule("/api/payments/webhook/mollie")).toBe("webhook");
    expect(sheddingRule("/api/mail/webhook/postmark")).toBe("webhook");
    expect(sheddingRule("/api/mail/inbound/postmark")).toBe("webhook");
    expect(sheddingRule("/healthz")).toBe("health");
  });

  it("sheds pages, page data, forms and the other script calls", () => {
    for (const path of ["/", "/members", "/members.data", "/__manifest", "/login", "/api/typing", "/api/events/other", "/healthz/x", "/api/mail/webhooks"]) {
      expect(sheddingRule(path), path).toBe("shed");
    }
  });
});

describe("when a process is overloaded", () => {
  it("is at the in-flight limit, or past the event-loop delay", () => {
    expect(isOverloaded({ inFlight: 2, eventLoopDelayMs: 200 }, SETTINGS)).toBe(false);
    expect(isOverloaded({ inFlight: 3, eventLoopDelayMs: 0 }, SETTINGS)).toBe(true);
    expect(isOverloaded({ inFlight: 0, eventLoopDelayMs: 201 }, SETTINGS)).toBe(true);
  });

  it("never, with both thresholds 0", () => {
    const off = { ...SETTINGS, maxEventLoopDelayMs: 0, maxInFlight: 0 };
    expect(isOverloaded({ inFlight: 1_000_000, eventLoopDelayMs: 60_000 }, off)).toBe(false);
  });

  it("watches each signal alone when the other is 0", () => {
    expect(isOverloaded({ inFlight: 1_000, eventLoopDelayMs: 201 }, { ...SETTINGS, maxInFlight: 0 })).toBe(true);
    expect(isOverloaded({ inFlight: 1_000, eventLoopDelayMs: 10 }, { ...SETTINGS, maxInFlight: 0 })).toBe(false);
    expect(isOverloaded({ inFlight: 3, eventLoopDelayMs: 60_000 }, { ...SETTINGS, maxEventLoopDelayMs: 0 })).toBe(true);
    expect(isOverloaded({ inFlight: 2, eventLoopDelayMs: 60_000 }, { ...SETTINGS, maxEventLoopDelayMs: 0 })).toBe(false);
  });
});

describe("a process's shedder", () => {
  it("refuses new requests once the limit is being answered, and takes them again when one ends", () => {
    const { shedder } = shedderWithDelay();
    for (let i = 0; i < 3; i++) {
      expect(shedder.refuses("shed")).toBe(false);
      shedder.began();
    }
    expect(shedder.refuses("shed")).toBe(true);
    expect(shedder.refuses("health")).toBe(true);
    expect(shedder.reading()).toEqual({ inFlight: 3, eventLoopDelayMs: 0, shedding: true });
    shedder.ended();
    expect(shedder.refuses("shed")).toBe(false);
    expect(shedder.shedCount()).toBe(2);
  });

  it("never refuses the event stream or a webhook, and counts only the webhook", () => {
    const { shedder, setDelay } = shedderWithDelay();
    setDelay(5_000);
    expect(shedder.refuses("stream")).toBe(false);
    expect(shedder.refuses("webhook")).toBe(false);
    expect(shedder.counts("stream")).toBe(false);
    expect(shedder.counts("health")).toBe(false);
    expect(shedder.counts("webhook")).toBe(true);
    expect(shedder.counts("shed")).toBe(true);
    expect(shedder.shedCount()).toBe(0);
  });

  it("follows the event-loop delay of the last window", () => {
    const { shedder, setDelay } = shedderWithDelay();
    setDelay(350);
    expect(shedder.refuses("shed")).toBe(true);
    setDelay(12);
    expect(shedder.refuses("shed")).toBe(false);
    expect(shedder.shedCount()).toBe(1);
  });

  it("does not watch the event loop when its threshold is 0, and stops watching when stopped", () => {
    const unwatched = shedderWithDelay({ ...SETTINGS, maxEventLoopDelayMs: 0 });
    unwatched.setDelay(5_000);
    expect(unwatched.shedder.refuses("shed")).toBe(false);
    const watched = shedderWithDelay();
    watched.shedder.stop();
    expect(watched.stopped()).toBe(true);
  });
});

describe("what a refused request gets", () => {
  it("is a page for a browser's page or form, JSON for a script's call, a plain line for page data", () => {
    const html = "text/html,application/xhtml+xml,*/*;q=0.8";
    expect(busyAnswerKind("GET", "/members", html)).toBe("page");
    expect(busyAnswerKind("HEAD", "/", html)).toBe("page");
    expect(busyAnswerKind("POST", "/login", html)).toBe("form");
    expect(busyAnswerKind("GET", "/members.data", "*/*")).toBe("data");
    expect(busyAnswerKind("POST", "/chats/4.data", html)).toBe("data");
    expect(busyAnswerKind("GET", "/__manifest", "*/*")).toBe("data");
    expect(busyAnswerKind("GET", "/api/typing", "application/json")).toBe("call");
    expect(busyAnswerKind("GET", "/members", null)).toBe("data");
  });

  it("has Retry-After, no-store and the page in every language, from the catalogues", async () => {
    const answers = await prepareBusyAnswers(4);
    for (const language of LANGUAGES) {
      const texts = (JSON.parse(readFileSync(`public/locales/${language}/common.json`, "utf8")) as { busy: Record<string, string> }).busy;
      const page = answers("page", language);
      expect(page.headers).toMatchObject({ "Retry-After": "4", "Cache-Control": "no-store", "Content-Type": "text/html; charset=utf-8" });
      expect(page.body).toContain(`<html lang="${language}">`);
      expect(page.body).toContain('<meta http-equiv="refresh" content="4">');
      expect(page.body).toContain(texts.retrying);
      const form = answers("form", language);
      expect(form.body).not.toContain("refresh");
      expect(form.body).toContain(texts.notSent);
      expect(JSON.parse(answers("call", language).body)).toEqual({ error: "busy", message: texts.title });
    }
    expect(answers("page", "nl").body).not.toEqual(answers("page", "en").body);
    expect(answers("data", "nl")).toMatchObject({ headers: { "Retry-After": "4", "Content-Type": "text/plain; charset=utf-8" }, body: "busy: try again in 4 s\n" });
  });

  it("lets the page's own style through its content security policy, and nothing else", async () => {
    const page = (await prepareBusyAnswers(3))("page", "de");
    const style = /<style>(.*)<\/style>/.exec(page.body)![1]!;
    const hash = createHash("sha256").update(style).digest("base64");
    expect(page.headers["Content-Security-Policy"]).toBe(`default-src 'none'; style-src 'sha256-${hash}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`);
  });

  it("tells a load balancer the process is not healthy", () => {
    const health = busyHealth(5);
    expect(health.headers["Retry-After"]).toBe("5");
    expect(JSON.parse(health.body)).toEqual({ ok: false, overloaded: true });
  });
});
