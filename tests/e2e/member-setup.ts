// Set-up steps for the member tests, run inside the page: Node cannot resolve the brands'
// *.localhost hosts, the browser can. For what a test prepares, not for what it is about.
import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { acceptSiteEntry, brandUrl, decideConsent, expect, giveOwnAddress, mailLinkFor, PASSWORD, uniqueEmail, followLoginLink } from "./helpers";

export interface Member {
  id: number;
  name: string;
  email: string;
}

/** A short random tag that keeps this run's names apart from every other test's. */
export function tag(): string {
  return Math.random().toString(36).slice(2, 7);
}

/** A birth date that makes someone exactly `age` today (their birthday was two months ago). */
export function birthDateForAge(age: number): string {
  const day = new Date(Date.now() - 60 * 86_400_000);
  return new Date(Date.UTC(day.getUTCFullYear() - age, day.getUTCMonth(), day.getUTCDate())).toISOString().slice(0, 10);
}

export interface Sent {
  status: number;
  url: string;
  html: string;
}

/**
 * Sends a form (or, with method GET, fetches a page) from inside the page, as its own form would
 * without JavaScript, with the page's cookies (Node cannot resolve the brands' *.localhost hosts,
 * the browser can). For set-up steps that are not what a test is about.
 */
export async function send(page: Page, tenantId: string, path: string, body: { method?: "GET"; fields?: Record<string, string>; photo?: Buffer; json?: unknown }): Promise<Sent> {
  const origin = new URL(brandUrl(tenantId)).origin;
  if (new URL(page.url()).origin !== origin) await page.goto(brandUrl(tenantId, "/healthz"));
  return page.evaluate(
    async ({ path, method, fields, photo, json }) => {
      let payload: URLSearchParams | FormData | string | undefined;
      const headers: Record<string, string> = {};
      if (method === "GET") {
        payload = undefined;
      } else if (photo) {
        payload = new FormData();
        for (const [name, value] of Object.entries(fields)) payload.append(name, value);
        const bytes = Uint8Array.from(atob(photo), (c) => c.charCodeAt(0));
        payload.append("photo", new Blob([bytes], { type: "image/jpeg" }), "photo.jpg");
      } else if (json !== undefined) {
        payload = JSON.stringify(json);
        headers["Content-Type"] = "application/json";
      } else {
        payload = new URLSearchParams(fields);
      }
      const response = await fetch(path, { method: method ?? "POST", body: payload, headers });
      return { status: response.status, url: response.url, html: await response.text() };
    },
    { path, method: body.method, fields: body.fields ?? {}, photo: body.photo?.toString("base64"), json: body.json },
  );
}

export function memberIdIn(html: string): number {
  const link = /<a[^>]*data-testid="view-own-profile"[^>]*>/.exec(html)?.[0] ?? "";
  const id = /href="\/members\/(\d+)"/.exec(link)?.[1];
  if (!id) throw new Error("no view-own-profile link on /profile");
  return Number(id);
}

/**
 * Signs up through the signup form's POST and leaves the page's browser logged in as the new member,
 * then saves the given /profile sections (at once: each is a form of its own).
 */
export async function signUp(page: Page, tenantId: string, name: string, birth = "1990-05-17", sections: Record<string, Record<string, string>> = {}): Promise<Member> {
  await acceptSiteEntry(page.context(), tenantId);
  const email = uniqueEmail("member");
  const signup = await send(page, tenantId, "/signup", { fields: { email, name, password: PASSWORD, date_of_birth: birth } });
  expect(signup.url, `signup of ${name}`).toMatch(/\/signup-matches$/);
  const [profile] = await Promise.all([
    send(page, tenantId, "/profile", { method: "GET" }),
    ...Object.entries(sections).map(([intent, fields]) => saveSection(page, tenantId, intent, fields)),
  ]);
  return { id: memberIdIn(profile.html), name, email };
}

/** Saves one /profile section through its form's POST. */
export async function saveSection(page: Page, tenantId: string, intent: string, fields: Record<string, string>) {
  const sent = await send(page, tenantId, "/profile", { fields: { intent, ...fields } });
  expect(sent.status, `saving ${intent}: ${JSON.stringify(fields)}`).toBe(200);
  expect(sent.url).toBe(brandUrl(tenantId, "/profile"));
}

/**
 * The search results pages through to one with a fictional profile on it (the first pages may
 * hold only real members); returns the fictional cards of that page.
 */
export async function pageToFictionalCards(page: Page, tenantId: string): Promise<Locator> {
  const fictional = page.getByTestId("search-results").getByTestId("member-card").filter({ has: page.getByTestId("fictional-mark") });
  for (let pages = 0; (await fictional.count()) === 0; pages++) {
    expect(pages, "a fictional profile within the first pages").toBeLessThan(10);
    // From the second page on the address has after= already, and it changes before the cards
    // do: wait for the page asked for itself (its own link onwards, or none on the last page).
    const next = page.getByTestId("page-next");
    const href = (await next.getAttribute("href")) ?? "";
    await next.click();
    await expect(page).toHaveURL(brandUrl(tenantId, href));
    await expect(page.locator(`[data-testid="page-next"][href=${JSON.stringify(href)}]`)).toHaveCount(0);
  }
  return fictional;
}

/** Logs a browser in through the login form's POST. */
export async function logIn(page: Page, tenantId: string, email: string, password: string) {
  await acceptSiteEntry(page.context(), tenantId);
  const sent = await send(page, tenantId, "/login", { fields: { email, password } });
  expect(sent.url, `login of ${email}`).toBe(brandUrl(tenantId, "/"));
}

/** A plain photo of one colour. */
export function jpeg(background: string): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 400, channels: 3, background } }).jpeg().toBuffer();
}

/** A photo-like picture (coloured circles), different for every seed: the image checks see a real photo, not a blank. */
export function patternJpeg(seed: number, size = 600): Promise<Buffer> {
  let x = seed;
  const next = () => ((x = (x * 1103515245 + 12345) & 0x7fffffff), x / 0x7fffffff);
  const circles = Array.from({ length: 12 }, () => `<circle cx="${next() * size}" cy="${next() * size}" r="${40 + next() * 120}" fill="hsl(${Math.floor(next() * 360)},70%,50%)"/>`).join("");
  return sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="#eee"/>${circles}</svg>`)).jpeg().toBuffer();
}

/** A second browser on a brand (another member or visitor), whose uncaught page errors count too. */
export async function openBrowser(browser: Browser, tenantId: string): Promise<{ context: BrowserContext; page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  await giveOwnAddress(context);
  await acceptSiteEntry(context, tenantId);
  await decideConsent(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return {
    context,
    page,
    close: async () => {
      await context.close();
      expect.soft(errors, "uncaught errors in the other browser").toEqual([]);
    },
  };
}

/** A member who signed up and confirmed their address (only those can write and be written to), made in a browser of their own. */
export async function confirmedMember(browser: Browser, tenantId: string, name: string, birth?: string): Promise<Member> {
  const other = await openBrowser(browser, tenantId);
  try {
    return await signUpConfirmed(other.page, tenantId, name, birth);
  } finally {
    await other.close();
  }
}

/** Confirms a member's address through the activation mail's link, in the browser they are logged in with. */
export async function confirmAddress(page: Page, tenantId: string, member: Member): Promise<void> {
  await followLoginLink(page, await mailLinkFor(page, tenantId, member.email, "/activate/"));
  await expect(page).toHaveURL(brandUrl(tenantId, "/activate/done"));
}

/**
 * signUp, then the address confirmed: an unconfirmed member cannot send messages
 * (docs/product/chat.md#who-can-be-reached), and nobody finds them until they confirm
 * (docs/product/accounts.md#e-mail-confirmation) — use this for a member others must find.
 */
export async function signUpConfirmed(page: Page, tenantId: string, name: string, birth?: string, sections: Record<string, Record<string, string>> = {}): Promise<Member> {
  const member = await signUp(page, tenantId, name, birth, sections);
  await confirmAddress(page, tenantId, member);
  return member;
}
