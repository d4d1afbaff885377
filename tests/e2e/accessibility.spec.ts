// WCAG 2.2 AA on every page of the site (docs/product/site.md#accessibility, docs/decisions/029-accessibility-checks.md):
// axe on each page as a visitor, a member, a new member and staff, on two brands of different
// colours; each test logs in once and walks a list of pages. Then the modals: the focus stays in
// them and Escape closes them where it may, giving the focus back.
import type { Browser, Page } from "@playwright/test";
import { generate } from "otplib";
import { LANDER_KINDS } from "../../app/domain/landers";
import { auditCurrentPage, auditPages, pageRoutes, type SitePage, type Titles } from "./axe-audit";
import { acceptSiteEntry, brandUrl, expect, mailLinkFor, PASSWORD, test, uniqueEmail, followLoginLink } from "./helpers";
import { expectEscapeCloses, expectFocusTrapped, expectVisibleFocus } from "./keyboard-checks";
import { logIn, openBrowser, send, tag } from "./member-setup";
import { staffLogin } from "./staff-login";

/** Two brands with different colours and languages: a pink on Dutch, a dark red on German (tenants/*.json). */
const BRANDS = ["flirtpunt", "fesselnd"] as const;
const DEMO_PASSWORD = "demo-password-2026";
/** app/models/site/static-page.server.ts; /pages/complaints is not a page (the form has /complaints). */
const STATIC_PAGES = ["terms", "privacy", "cookies", "ban", "faq", "return-policy", "service"];

/** Pages per test where a list is walked in parts. */
const WALK_LENGTH = 5;

/** A list of `length` pages as parts of at most `size`, each by its start and end. */
function inParts(length: number, size: number): Array<{ start: number; end: number }> {
  return Array.from({ length: Math.ceil(length / size) }, (_, index) => ({ start: index * size, end: Math.min(length, (index + 1) * size) }));
}

/** The ids the page lists need, found on the brand at the start of a test. */
interface Ids {
  member: number;
  conversation: number;
  emptyConversationWith: number;
  order: number;
  fictional: number;
  staffConversation: number;
  supportCase: number;
  complaintLink: string;
}
const NO_IDS: Ids = { member: 1, conversation: 1, emptyConversationWith: 1, order: 1, fictional: 1, staffConversation: 1, supportCase: 1, complaintLink: "/complaints/K-0?t=0" };

const visitorPages = (ids: Pick<Ids, "member">): SitePage[] => [
  { path: "/", route: "_default._index" },
  { path: "/login", route: "_default.login" },
  { path: "/signup", route: "_default.signup" },
  { path: "/reset-password", route: "_default.reset-password" },
  // Without a link's token: the page that says the link is not valid.
  { path: "/reset-password/do", route: "_default.reset-password_.do" },
  { path: "/pricing", route: "_default.pricing" },
  { path: "/members", route: "_default.members._index" },
  { path: `/members/${ids.member}`, route: "_default.members.$id" },
  { path: "/complaints", route: "_default.complaints" },
  { path: "/lang-config", route: "_default.lang-config" },
];

/** The pages a visitor reads, and those a mail's link leads to (here without a valid token). */
const visitorInfoPages: SitePage[] = [
  ...STATIC_PAGES.map((name) => ({ path: `/pages/${name}`, route: "_default.pages.$page" })),
  { path: "/account-deleted", route: "_default.account-deleted" },
  { path: "/activate/done", route: "_default.activate.done" },
  { path: "/activate/error", route: "_default.activate.error" },
  { path: "/unsubscribe/not-a-token", route: "_default.unsubscribe.$token" },
  { path: "/reactivate/not-a-token", route: "_default.reactivate.$token" },
  { path: "/mail-change/do", route: "_default.mail-change.do" },
  { path: "/no-such-page", route: "_default.$", error: true },
];

const complaintPages = (ids: Pick<Ids, "complaintLink">): SitePage[] => [{ path: ids.complaintLink, route: "_default.complaints_.$reference" }];

const landerPages = (ids: Pick<Ids, "member">): SitePage[] => [
  ...LANDER_KINDS.map((kind) => ({ path: `/landers/${kind}`, route: "_lander.landers.$kind.($slug)" })),
  { path: `/members/${ids.member}/landing`, route: "_lander.members.$id.landing" },
  { path: `/members/${ids.member}/landing2`, route: "_lander.members.$id.landing2.($slug)" },
  { path: `/members/${ids.member}/landing3`, route: "_lander.members.$id.landing3.($slug)" },
  { path: `/members/${ids.member}/signup`, route: "_lander.members.$id.signup" },
];

/**
 * A member's pages on a phone (docs/product/site.md#phone-layout): the start page, the search with its filter sheet
 * open, a profile with its action bar, the likes, and /chats as the list alone.
 */
const phonePages = (ids: Pick<Ids, "member">): SitePage[] => [
  { path: "/", route: "_default._index" },
  { path: "/members?search=1#search-filters", route: "_default.members._index" },
  { path: `/members/${ids.member}`, route: "_default.members.$id" },
  { path: "/likes/received", route: "_default.likes.$type" },
  { path: "/chats", route: "_chat.chats._index" },
];

/** The page an activation mail's link opens, with its one button (docs/product/accounts.md#links-that-log-in). */
const activationPages = (ids: { activationLink: string }): SitePage[] => [{ path: ids.activationLink, route: "_default.activate.$token" }];

/** A member's pages, in two walks of about a dozen pages each. */
const memberPages = (ids: Pick<Ids, "member">): SitePage[] => [
  { path: "/", route: "_default._index" },
  { path: "/members?search=1", route: "_default.members._index" },
  { path: `/members/${ids.member}`, route: "_default.members.$id" },
  { path: `/likes/m/${ids.member}`, route: "_default.likes.m.$id" },
  { path: `/members/${ids.member}/report`, route: "_default.members.$id_.report" },
  { path: "/likes/received", route: "_default.likes.$type" },
  { path: "/likes/given", route: "_default.likes.$type" },
  { path: "/likes/matches", route: "_default.likes.$type" },
  { path: "/match-finder", route: "_default.match-finder" },
  { path: "/swipe-game", route: "_default.swipe-game" },
  { path: "/complaints", route: "_default.complaints" },
  { path: "/care", route: "_default.care" },
];

const memberAccountPages: SitePage[] = [
  { path: "/notifications", route: "_default.notifications" },
  { path: "/profile", route: "_default.profile" },
  { path: "/settings", route: "_default.settings" },
  { path: "/settings/blocked", route: "_default.settings_.blocked" },
  { path: "/settings/delete", route: "_default.settings_.delete" },
  { path: "/settings/devices", route: "_default.settings_.devices" },
  { path: "/settings/privacy", route: "_default.settings_.privacy" },
  { path: "/settings/spending", route: "_default.settings_.spending" },
  { path: "/settings/two-factor", route: "_default.settings_.two-factor" },
  { path: "/credits", route: "_default.credits._index" },
  { path: "/credits/starter", route: "_default.credits.$id.($method)" },
  // The payment confirmation, a modal the server renders.
  { path: "/credits/starter/creditcard", route: "_default.credits.$id.($method)" },
  { path: "/directdebit?product=starter", route: "_default.directdebit" },
  { path: "/transactions", route: "_default.transactions.($id)" },
  { path: "/premium", route: "_default.premium" },
];

/** On a brand that never says whether an address has an account, signup ends here (then the mail's link). */
const signupSentPages: SitePage[] = [{ path: "/signup/sent", route: "_default.signup_.sent" }];

/** A new member's pages: after signup, each step of /complete-signup, the chat, a paid order. */
const newMemberPages = (ids: Pick<Ids, "conversation" | "emptyConversationWith">): SitePage[] => [
  { path: "/signup-matches", route: "_default.signup-matches" },
  ...["photo", "location", "personal", "about", "push", "confirm"].map((step) => ({ path: `/complete-signup/${step}`, route: `_default.complete-signup.${step}` })),
  // /chats itself is audited on a phone, where it is the list alone: on a wide screen it opens
  // the conversation opened last, this one (docs/product/chat.md#conversations).
  { path: `/chats/${ids.conversation}`, route: "_chat.chats.$id" },
  // An empty conversation: the icebreaker opens over it.
  { path: `/members/${ids.emptyConversationWith}/chat`, route: "_chat.members.$id.chat" },
];

const orderPages = (ids: Pick<Ids, "order">): SitePage[] => [
  { path: `/transactions/${ids.order}`, route: "_default.transactions.($id)" },
  { path: "/credits/repeat-order", route: "_default.credits.repeat-order" },
];

const secondStepPages: SitePage[] = [{ path: "/login/code", route: "_default.login_.code" }];

const staffLoginPages: SitePage[] = [
  { path: "/staff/login", route: "staff.login" },
  { path: "/staff/login/code", route: "staff.login_.code" },
  { path: "/staff/setup/not-a-token", route: "staff.setup.$token" },
];

/** The admin's pages (an admin holds every role, and is sent from /staff to the inbox). */
const adminPages = (ids: Pick<Ids, "fictional" | "staffConversation" | "supportCase">): SitePage[] => [
  { path: "/staff/inbox", route: "staff.inbox._index" },
  { path: `/staff/inbox/${ids.staffConversation}`, route: "staff.inbox.$id" },
  { path: "/staff/support", route: "staff.support._index" },
  { path: `/staff/support/${ids.supportCase}`, route: "staff.support.$id" },
  { path: "/staff/profiles?pool=flirtpunt", route: "staff.profiles._index" },
  { path: `/staff/profiles/${ids.fictional}`, route: "staff.profiles.$id" },
  { path: "/staff/profiles/new?pool=flirtpunt", route: "staff.profiles.$id" },
  { path: "/staff/figures", route: "staff.figures" },
  { path: "/staff/console", route: "staff.console._index" },
  { path: "/staff/console/brands", route: "staff.console.brands" },
  { path: "/staff/console/direct-debit", route: "staff.console.direct-debit" },
  { path: "/staff/console/discounts", route: "staff.console.discounts" },
  { path: "/staff/console/texts", route: "staff.console.texts" },
  { path: "/staff/audit", route: "staff.audit" },
];

/** A moderator, who is no operator, starts on the staff home page. */
const moderatorPages: SitePage[] = [
  { path: "/staff", route: "staff._index" },
  { path: "/staff/moderation", route: "staff.moderation" },
  { path: "/staff/reports", route: "staff.reports" },
  { path: "/staff/bans", route: "staff.bans" },
];

/** Member ids from the brand's member search. */
async function memberIds(page: Page, brand: string, query: string): Promise<number[]> {
  const html = (await send(page, brand, `/members?${query}`, { method: "GET" })).html;
  return [...html.matchAll(/data-testid="member-card" data-member-id="(\d+)"/g)].map((match) => Number(match[1]));
}

/**
 * Writes to the demo profiles (men, whom the new members of these tests are not) until one takes
 * the message; the conversation's id and another profile that has none with this member yet.
 */
async function startConversation(page: Page, brand: string): Promise<{ conversation: number; emptyConversationWith: number }> {
  const profiles = (await memberIds(page, brand, "search=1&gender=male")).reverse();
  for (const [index, profile] of profiles.entries()) {
    const sent = await send(page, brand, `/members/${profile}/chat`, { fields: { intent: "text", body: "Hoi, hoe gaat het?" } });
    const conversation = Number(/\/chats\/(\d+)$/.exec(sent.url)?.[1]);
    if (conversation) return { conversation, emptyConversationWith: profiles[index + 1] ?? profiles[0]! };
  }
  throw new Error("no demo profile took a new member's message");
}

/**
 * Signs up a new member, logged in and confirmed afterwards. On a brand that never says whether an
 * address has an account the signup ends on /signup/sent (audited on the way) and the mail's link logs in.
 */
async function newMember(page: Page, brand: string, titles?: Titles): Promise<{ email: string }> {
  await acceptSiteEntry(page.context(), brand);
  const email = uniqueEmail("a11y");
  const signup = await send(page, brand, "/signup", { fields: { email, name: `Toegankelijk ${tag()}`, password: PASSWORD, date_of_birth: "1990-05-17" } });
  if (signup.url.endsWith("/signup/sent")) {
    if (titles) await auditPages(page, brand, signupSentPages, titles);
    const link = await mailLinkFor(page, brand, email, "/activate/");
    // The link's page with its one button (opening it uses nothing), audited like the others.
    if (titles) await auditPages(page, brand, activationPages({ activationLink: new URL(link).pathname }), titles);
    await followLoginLink(page, link);
    await expect(page).toHaveURL(brandUrl(brand, "/activate/done"));
  } else {
    expect(signup.url).toBe(brandUrl(brand, "/signup-matches"));
    // Confirmed, as only a confirmed member may write (docs/product/chat.md#who-can-be-reached).
    await followLoginLink(page, await mailLinkFor(page, brand, email, "/activate/"));
    await expect(page).toHaveURL(brandUrl(brand, "/activate/done"));
  }
  return { email };
}

/** A paid order of the starter bundle, through the local checkout; its id. */
async function paidOrder(page: Page, brand: string): Promise<number> {
  await page.goto(brandUrl(brand, "/credits/starter/creditcard"));
  await page.getByTestId("payment-confirm").getByTestId("confirm-pay").click();
  await page.getByTestId("checkout-paid").click();
  await page.waitForURL(/\/transactions\/\d+$/);
  return Number(/\/transactions\/(\d+)$/.exec(page.url())![1]);
}

for (const brand of BRANDS) {
  test.describe(brand, () => {
    test("a visitor's pages pass WCAG 2.2 AA", async ({ page }) => {
      await acceptSiteEntry(page.context(), brand);
      const [member] = await memberIds(page, brand, "search=1");
      const titles: Titles = new Map();
      await auditPages(page, brand, visitorPages({ member: member! }), titles);
    });

    test("the pages a visitor reads or reaches from a mail pass WCAG 2.2 AA", async ({ page }) => {
      await acceptSiteEntry(page.context(), brand);
      const titles: Titles = new Map();
      await auditPages(page, brand, visitorInfoPages, titles);
      // A complaint's own page, reached through the link in its mail.
      const email = uniqueEmail("a11y-case");
      const filed = await send(page, brand, "/complaints", { fields: { subject: "payment", email, message: "Twee keer afgeschreven, graag terugboeken." } });
      const reference = /K-[A-Z0-9]{8}/.exec(filed.html)![0];
      const link = new URL(await mailLinkFor(page, brand, email, `/complaints/${reference}?t=`));
      await auditPages(page, brand, complaintPages({ complaintLink: `${link.pathname}${link.search}` }), titles);
    });

    test("the landers pass WCAG 2.2 AA", async ({ page }) => {
      await acceptSiteEntry(page.context(), brand);
      const [member] = await memberIds(page, brand, "search=1");
      await auditPages(page, brand, landerPages({ member: member! }));
    });

    // A few pages per test, each test logged in of its own: a walk of fifteen pages outgrew a
    // test's time on a loaded machine.
    const memberWalks = inParts(memberPages(NO_IDS).length, WALK_LENGTH);
    for (const [part, pages] of memberWalks.entries()) {
      test(`a member's pages pass WCAG 2.2 AA (${part + 1} of ${memberWalks.length})`, async ({ page }) => {
        await logIn(page, brand, `free.${brand}@demo.invalid`, DEMO_PASSWORD);
        const [member] = await memberIds(page, brand, "search=1");
        await auditPages(page, brand, memberPages({ member: member! }).slice(pages.start, pages.end));
      });
    }

    // Most members see the site on a phone (docs/product/site.md#phone-layout): the start page, the
    // search with its filter sheet, a profile with its action bar, the likes and the chat list there.
    test("a member's pages pass WCAG 2.2 AA on a phone", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await logIn(page, brand, `free.${brand}@demo.invalid`, DEMO_PASSWORD);
      const [member] = await memberIds(page, brand, "search=1");
      await auditPages(page, brand, phonePages({ member: member! }));
    });

    const accountWalks = inParts(memberAccountPages.length, WALK_LENGTH);
    for (const [part, pages] of accountWalks.entries()) {
      test(`a member's account pages pass WCAG 2.2 AA (${part + 1} of ${accountWalks.length})`, async ({ page }) => {
        await logIn(page, brand, `free.${brand}@demo.invalid`, DEMO_PASSWORD);
        await auditPages(page, brand, memberAccountPages.slice(pages.start, pages.end));
      });
    }

    test("a new member's pages, the chat, a paid order and the two-step login pass WCAG 2.2 AA", async ({ page }) => {
      const titles: Titles = new Map();
      const { email } = await newMember(page, brand, titles);
      const chat = await startConversation(page, brand);
      await auditPages(page, brand, newMemberPages(chat), titles);
      const order = await paidOrder(page, brand);
      await auditPages(page, brand, orderPages({ order }), titles);

      // Two-step login turned on, then the login's second step.
      const setup = await send(page, brand, "/settings/two-factor", { method: "GET" });
      const secret = /data-testid="two-factor-secret">([A-Z2-7]+)</.exec(setup.html)![1]!;
      expect((await send(page, brand, "/settings/two-factor", { fields: { intent: "enable", code: await generate({ secret }) } })).status).toBe(200);
      await send(page, brand, "/logout", {});
      const login = await send(page, brand, "/login", { fields: { email, password: PASSWORD } });
      expect(new URL(login.url).pathname).toBe("/login/code");
      await auditPages(page, brand, secondStepPages, titles);
    });
  });
}

/** A conversation of a new member with a fictional profile, and a complaint of theirs, for the staff to see. */
async function staffWork(browser: Browser, brand: string, fictional: number): Promise<void> {
  const member = await openBrowser(browser, brand);
  try {
    await newMember(member.page, brand);
    expect(new URL((await send(member.page, brand, `/members/${fictional}/chat`, { fields: { intent: "text", body: "Hoi! Hoe is je dag?" } })).url).pathname).toMatch(/^\/chats\/\d+$/);
    expect((await send(member.page, brand, "/complaints", { fields: { subject: "payment", message: "Twee keer afgeschreven, graag terugboeken." } })).status).toBe(200);
  } finally {
    await member.close();
  }
}

/** The first link on the page to one of `prefix`'s pages, as an id. */
async function firstLinkId(page: Page, prefix: string): Promise<number> {
  const href = (await page.locator(`main a[href^="${prefix}"]`).evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? "").find((path) => /\/\d+$/.test(path)))) ?? "";
  expect(href, `a link to ${prefix}{id}`).toMatch(/\/\d+$/);
  return Number(/(\d+)$/.exec(href)![1]);
}

test("the staff area passes WCAG 2.2 AA", async ({ browser }) => {
  test.slow();
  // The admin on one brand, a moderator (who is no operator: the staff home page) on the other.
  // Each staff member's code is taken once per 30 s (tests/e2e/staff-login.ts): two people, no wait.
  const [brand, other] = BRANDS;
  const titles: Titles = new Map();
  const admin = await staffLogin(browser, brand, "admin@demo.invalid", async (page, step) => {
    await auditCurrentPage(page, brand, staffLoginPages[step === "password" ? 0 : 1]!, titles);
  });
  await admin.goto(brandUrl(brand, `/staff/profiles?pool=${brand}`));
  const fictional = await firstLinkId(admin, "/staff/profiles/");
  await staffWork(browser, brand, fictional);
  await admin.goto(brandUrl(brand, "/staff/inbox"));
  const staffConversation = await firstLinkId(admin, "/staff/inbox/");
  await admin.goto(brandUrl(brand, "/staff/support"));
  const supportCase = await firstLinkId(admin, "/staff/support/");
  await auditPages(admin, brand, adminPages({ fictional, staffConversation, supportCase }), titles);
  await auditPages(admin, brand, staffLoginPages.slice(2), titles);
  await admin.context().close();

  const moderator = await staffLogin(browser, other, "moderator@demo.invalid");
  await auditPages(moderator, other, moderatorPages, new Map());
  await moderator.context().close();
});

test.describe("modals", () => {
  const brand = BRANDS[0];

  test("the entry warning keeps the focus and must be answered; the signup modal closes on Escape and gives the focus back", async ({ page }) => {
    await page.goto(brandUrl(brand, "/"));
    const warning = page.getByTestId("site-entry-modal");
    await expectFocusTrapped(page, warning);
    await page.keyboard.press("Escape");
    await expect(warning, "Escape does not pass the entry warning").toBeVisible();
    await Promise.all([page.waitForResponse((r) => r.url().includes("/api/site-entry")), warning.getByRole("button").click()]);
    await expect(warning).toHaveCount(0);
    await expectVisibleFocus(page, 12);

    // A desktop screen: the signup form opens in a modal.
    const cta = page.getByTestId("cta-signup");
    await cta.focus();
    await page.keyboard.press("Enter");
    const signup = page.getByTestId("signup-modal");
    await expectFocusTrapped(page, signup);
    await expectEscapeCloses(page, signup, cta);
  });

  test("a member's modals (like, match, icebreaker, payment) keep the focus and close on Escape", async ({ page }) => {
    await newMember(page, brand);
    // ?t=0: at once a profile that liked the member.
    await page.goto(brandUrl(brand, "/members?t=0"));
    const like = page.getByTestId("like-modal");
    await expectFocusTrapped(page, like);
    const profile = (await like.getByTestId("like-modal-view").getAttribute("href"))!;
    await expectEscapeCloses(page, like, null);

    // Liking them back makes a match.
    await page.goto(brandUrl(brand, profile));
    const likeButton = page.getByTestId("action-like");
    await likeButton.focus();
    await page.keyboard.press("Enter");
    const match = page.getByTestId("match-modal");
    await expectFocusTrapped(page, match);
    await expectEscapeCloses(page, match, page.getByTestId("action-unlike"));

    // An empty conversation opens with the icebreaker; closed, the focus is in the composer.
    const { emptyConversationWith } = await startConversation(page, brand);
    await page.goto(brandUrl(brand, `/members/${emptyConversationWith}/chat`));
    const icebreaker = page.getByTestId("icebreaker");
    await expectFocusTrapped(page, icebreaker);
    await expectEscapeCloses(page, icebreaker, page.getByTestId("chat-input"));

    // The payment confirmation: Escape is its cancel link.
    await page.goto(brandUrl(brand, "/credits/starter/creditcard"));
    const confirm = page.getByTestId("payment-confirm");
    await expectFocusTrapped(page, confirm);
    await page.keyboard.press("Escape");
    await expect(confirm).toHaveCount(0);
    await expect(page).toHaveURL(brandUrl(brand, "/credits/starter"));
  });
});

test("the swipe game and the chat work from the keyboard and tell a screen reader what happened", async ({ page }) => {
  const brand = BRANDS[0];
  await newMember(page, brand);
  await page.goto(brandUrl(brand, "/swipe-game"));
  await page.waitForFunction(() => "__remixRouter" in window);
  await expectVisibleFocus(page, 12);
  const card = page.getByTestId("swipe-card");
  const announcement = page.getByTestId("swipe-announcement");
  await expect(announcement).toHaveAttribute("aria-live", "polite");
  // Skipping with the button, reached with Tab and pressed with Enter: the focus stays on it.
  const first = (await page.getByTestId("swipe-name").textContent())!.split(",")[0]!;
  const skip = page.getByRole("button", { name: "Overslaan" });
  await skip.focus();
  await page.keyboard.press("Enter");
  await expect(announcement).toHaveText(new RegExp(`^${first} overgeslagen\\. Nu: .+\\.$`));
  await expect(skip).toBeFocused();
  // Liking with the right arrow.
  const second = (await page.getByTestId("swipe-name").textContent())!.split(",")[0]!;
  const secondId = await card.getAttribute("data-member-id");
  await page.keyboard.press("ArrowRight");
  await expect(card).not.toHaveAttribute("data-member-id", secondId!);
  await expect(announcement).toHaveText(new RegExp(`^Je hebt ${second} geliket\\.`));

  // The chat: the messages are a log, the composer is labelled, the send button named; Enter sends.
  const { conversation } = await startConversation(page, brand);
  await page.goto(brandUrl(brand, `/chats/${conversation}`));
  await page.waitForFunction(() => "__remixRouter" in window);
  const log = page.getByRole("log", { name: "Berichten" });
  await expect(log).toHaveAttribute("aria-live", "polite");
  const composer = page.getByRole("textbox", { name: /^Bericht aan / });
  await expect(page.getByRole("button", { name: "Versturen", exact: true })).toBeVisible();
  await composer.focus();
  await page.keyboard.type("Via het toetsenbord");
  await page.keyboard.press("Enter");
  await expect(log.getByText("Via het toetsenbord")).toBeVisible();
  await expect(composer).toHaveValue("");
});

test("every page of the site is audited", () => {
  const lists = [
    visitorPages(NO_IDS),
    visitorInfoPages,
    complaintPages(NO_IDS),
    landerPages(NO_IDS),
    memberPages(NO_IDS),
    phonePages(NO_IDS),
    memberAccountPages,
    signupSentPages,
    activationPages({ activationLink: "/activate/x" }),
    newMemberPages(NO_IDS),
    orderPages(NO_IDS),
    secondStepPages,
    staffLoginPages,
    adminPages(NO_IDS),
    moderatorPages,
  ];
  const audited = new Set(lists.flat().map((sitePage) => sitePage.route));
  const missing = pageRoutes().filter((route) => !audited.has(route));
  expect(missing, "route modules no accessibility test visits (add them to a list above)").toEqual([]);
});
