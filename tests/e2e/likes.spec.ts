import type { Browser, BrowserContext, Locator, Page, Response } from "@playwright/test";
import { brandUrl, expect, forgetSession, PASSWORD, test } from "./helpers";
import { birthDateForAge, openBrowser as openBrowserOf, send, signUpConfirmed, tag, type Member } from "./member-setup";

const BRAND = "flirtpunt";
const openBrowser = (browser: Browser) => openBrowserOf(browser, BRAND);

/**
 * Signs up with the app badge recorded from the first page on (see recordAppBadge), and confirms
 * the address: only confirmed members can be found and liked (docs/product/accounts.md#e-mail-confirmation).
 */
async function signUpHere(page: Page, name: string, birth?: string, sections?: Record<string, Record<string, string>>): Promise<Member> {
  await recordAppBadge(page.context());
  return signUpConfirmed(page, BRAND, name, birth, sections);
}

/** Signs up a member in a browser of their own, closed again. */
async function createMember(browser: Browser, name: string, birth?: string, sections?: Record<string, Record<string, string>>): Promise<Member> {
  const other = await openBrowser(browser);
  try {
    return await signUpHere(other.page, name, birth, sections);
  } finally {
    await other.close();
  }
}

// ---- Likes helpers.

type BadgeWindow = Window & { __appBadge?: number[] };

/**
 * Records every app badge the pages of this browser set (navigator.setAppBadge, clearAppBadge as
 * 0). The layout sets it in an effect, together with the title: once it is recorded, the page is
 * hydrated and its title counted.
 */
async function recordAppBadge(context: BrowserContext) {
  await context.addInitScript(() => {
    const win = window as BadgeWindow;
    if (win.__appBadge) return;
    const calls: number[] = [];
    win.__appBadge = calls;
    Object.assign(Navigator.prototype, {
      setAppBadge: (count?: number) => {
        calls.push(count ?? 0);
        return Promise.resolve();
      },
      clearAppBadge: () => {
        calls.push(0);
        return Promise.resolve();
      },
    });
  });
}

/** The app badge last set by the page, or null before it set one. */
function appBadge(page: Page): Promise<number | null> {
  return page.evaluate(() => (window as BadgeWindow).__appBadge?.at(-1) ?? null);
}

/** Waits until a member's page is hydrated: until the layout's effects ran. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => ((window as BadgeWindow).__appBadge?.length ?? 0) > 0, undefined, { timeout: 10_000 });
}

/** Goes to a page and waits until it is hydrated (a visitor's page: until the network is idle). */
async function open(page: Page, path: string, as: "member" | "visitor" = "member") {
  await page.goto(brandUrl(BRAND, path));
  if (as === "member") await hydrated(page);
  else await page.waitForLoadState("networkidle");
}

/** Clicks a like button (sent through a fetcher) and waits for the server's reply to that POST. */
async function pressLike(page: Page, button: Locator, how: "click" | "Enter" = "click"): Promise<Response> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && r.url().startsWith(new URL(page.url()).origin)),
    how === "click" ? button.click() : button.press("Enter"),
  ]);
  expect(response.status(), "the like is accepted").toBe(200);
  return response;
}

/** A member's card in a list (likes tabs, search, matchfinder). */
function card(scope: Page | Locator, memberId: number): Locator {
  return scope.locator(`[data-testid="member-card"][data-member-id="${memberId}"]`);
}

/** The number shown in the likes badge (its screen-reader text aside). */
function likesBadge(page: Page): Locator {
  return page.getByTestId("nav-likes").getByTestId("likes-badge").locator('[aria-hidden="true"]');
}

/** No new likes: no badge in the top navigation, none on the app icon, no count in the title. */
async function expectNoNewLikes(page: Page) {
  await expect(page.getByTestId("nav-likes")).toBeVisible();
  await expect(page.getByTestId("likes-badge")).toHaveCount(0);
  await expect.poll(() => appBadge(page), { message: "app badge" }).toBe(0);
  await expect(page).not.toHaveTitle(/^\(/);
}

/** `count` new likes: in the top navigation's badge, on the app icon and in front of the title. */
async function expectNewLikes(page: Page, count: number) {
  await expect(likesBadge(page)).toHaveText(String(count));
  await expect.poll(() => appBadge(page), { message: "app badge" }).toBe(count);
  await expect(page).toHaveTitle(new RegExp(`^\\(${count}\\) \\S`));
}

interface TabCard {
  id: number;
  /** The card's flag: "Nieuw", "Match" or none. */
  badge: string | null;
}

/**
 * The cards of one /likes tab as the server renders them, in order, fetched inside the page (it
 * does not mark anything seen): a quick look at another member's lists without a second login.
 */
async function likesTab(page: Page, tab: "received" | "given" | "matches"): Promise<TabCard[]> {
  const sent = await send(page, BRAND, `/likes/${tab}`, { method: "GET" });
  expect(sent.status, `/likes/${tab}`).toBe(200);
  return sent.html
    .split('data-testid="member-card"')
    .slice(1)
    .map((item) => {
      const li = item.split("</li>")[0] ?? "";
      return { id: Number(/^[^>]*data-member-id="(\d+)"/.exec(li)?.[1]), badge: /data-testid="card-badge"[^>]*>([^<]*)</.exec(li)?.[1] ?? null };
    });
}

test("two members like each other: a new like, then a match shown to both", async ({ page, browser }) => {
  const run = tag();
  const other = await openBrowser(browser);
  try {
    const [a, b] = await Promise.all([signUpHere(page, `Anna ${run}`), signUpHere(other.page, `Bas ${run}`)]);
    const bPage = other.page;

    // A likes B: no match yet, so no modal; B has not liked A.
    await open(page, `/members/${b.id}`);
    await expect(page.getByTestId("like-status")).toHaveCount(0);
    await expect(page.getByTestId("action-like")).toHaveText("Liken");
    await pressLike(page, page.getByTestId("action-like"));
    await expect(page.getByTestId("action-unlike")).toHaveText("Like intrekken");
    await expect(page.getByTestId("action-like")).toHaveCount(0);
    await expect(page.getByTestId("match-modal")).toHaveCount(0);

    // B: a new like from A, in the badge and the title, and flagged among the likes received.
    await open(bPage, "/members");
    await expectNewLikes(bPage, 1);
    await expect(bPage.getByTestId("match-modal")).toHaveCount(0);
    expect(await likesTab(bPage, "received")).toEqual([{ id: a.id, badge: "Nieuw" }]);

    // Opening A's profile (as from the likes) clears the flag, and the badge and title on that very page.
    await open(bPage, `/likes/m/${a.id}`);
    await expect(bPage.getByTestId("like-status")).toHaveText(`${a.name} vindt jou leuk!`);
    await expectNoNewLikes(bPage);
    expect(await likesTab(bPage, "received")).toEqual([{ id: a.id, badge: null }]);

    // B likes A back: a match, shown at once.
    await pressLike(bPage, bPage.getByTestId("action-like"));
    const modal = bPage.getByTestId("match-modal");
    await expect(modal).toBeVisible();
    await expect(modal).toContainText("Het is een match!");
    await expect(modal).toContainText(`Jij en ${a.name} vinden elkaar leuk.`);
    await expect(modal.getByTestId("match-chat")).toHaveAttribute("href", `/members/${a.id}/chat`);
    await expect(bPage.getByTestId("like-status")).toHaveText("Jullie zijn een match!");
    // A click on the backdrop closes it.
    await bPage.getByRole("dialog").filter({ has: modal }).click({ position: { x: 5, y: 5 } });
    await expect(modal).toHaveCount(0);
    await expect(bPage.getByTestId("action-unlike")).toBeVisible();

    await Promise.all([
      (async () => {
        // A is shown the match on the next page, once.
        await open(page, "/members");
        const pending = page.getByTestId("match-modal");
        await expect(pending).toBeVisible();
        await expect(pending).toContainText(`Jij en ${b.name} vinden elkaar leuk.`);
        await expect(pending.getByTestId("match-chat")).toHaveAttribute("href", `/members/${b.id}/chat`);
        const [seen] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/api/likes/match-seen")), pending.getByTestId("match-close").click()]);
        expect(seen.status()).toBe(200);
        await expect(pending).toHaveCount(0);
        await page.reload();
        await hydrated(page);
        await expect(page.getByTestId("match-modal")).toHaveCount(0);
        expect(await likesTab(page, "matches")).toEqual([{ id: b.id, badge: null }]);
      })(),
      (async () => {
        // B, whose own like made the match, is not shown it again; A is a match now.
        await open(bPage, "/members");
        await expect(bPage.getByTestId("match-modal")).toHaveCount(0);
        await expectNoNewLikes(bPage);
        expect(await likesTab(bPage, "received")).toEqual([{ id: a.id, badge: "Match" }]);
        expect(await likesTab(bPage, "matches")).toEqual([{ id: a.id, badge: null }]);
      })(),
    ]);
  } finally {
    await other.close();
  }
});

test("the swipe game stops at the fourth like of the day; passing goes on", async ({ page }) => {
  // A straight woman is shown men only: none of the other tests' members here have a gender, so
  // her likes land on demo profiles and cannot disturb another test's counts.
  const me = await signUpHere(page, `Swipster ${tag()}`, "1990-05-17", { personal: { gender: "female", sexuality: "hetero", sexuality_consent: "on" } });
  await open(page, "/swipe-game");
  const swipeCard = page.getByTestId("swipe-card");
  const remaining = page.getByTestId("swipe-remaining");
  const like = page.getByTestId("swipe-like");
  const liked: string[] = [];
  const passed: string[] = [];

  await expect(remaining).toHaveText("Nog 4 likes vandaag");
  for (let round = 0; round < 4; round++) {
    const id = (await swipeCard.getAttribute("data-member-id")) ?? "";
    expect(id).toMatch(/^\d+$/);
    expect(liked, "a liked profile does not come back").not.toContain(id);
    expect(id).not.toBe(String(me.id));
    await expect(page.getByTestId("swipe-name")).not.toBeEmpty();
    liked.push(id);
    if (round % 2 === 0) await page.keyboard.press("ArrowRight");
    else await like.click();
    await expect(swipeCard).not.toHaveAttribute("data-member-id", id);
    if (round < 3) await expect(remaining).toHaveText(round === 2 ? "Nog 1 like vandaag" : `Nog ${3 - round} likes vandaag`);
  }
  expect(liked).not.toContain(await swipeCard.getAttribute("data-member-id"));

  // The fourth like used up the day: a ticking countdown, the like button disabled.
  await expect(page.getByTestId("swipe-limit")).toBeVisible();
  await expect(remaining).toHaveCount(0);
  await expect(like).toBeDisabled();
  const countdown = page.getByTestId("swipe-countdown");
  await expect(countdown).toHaveText(/^([01]\d|2[0-4]):[0-5]\d:[0-5]\d$/);
  const before = await countdown.textContent();
  // It ticks within its second (plus the half second the fixed wait of 1.1 s had allowed): waiting for
  // the tick itself, not a fixed time, asserts the same and goes on as soon as it came.
  await expect(countdown, "the countdown ticks").not.toHaveText(before ?? "", { timeout: 1_600 });

  // Passing still works, by key and by button, and what was passed does not come back either.
  for (const how of ["key", "button"] as const) {
    const id = (await swipeCard.getAttribute("data-member-id")) ?? "";
    expect([...liked, ...passed]).not.toContain(id);
    passed.push(id);
    if (how === "key") await page.keyboard.press("ArrowLeft");
    else await page.getByTestId("swipe-pass").click();
    await expect(swipeCard).not.toHaveAttribute("data-member-id", id);
  }
  await page.reload();
  await expect(page.getByTestId("swipe-limit")).toBeVisible();
  await expect(like).toBeDisabled();
  expect([...liked, ...passed]).not.toContain(await swipeCard.getAttribute("data-member-id"));

  // Exactly the four liked profiles are among the likes given.
  expect((await likesTab(page, "given")).map((liked) => String(liked.id)).sort()).toEqual([...liked].sort());
});

test("?t=3 opens the like modal after three seconds and removes the parameter", async ({ page }) => {
  await signUpHere(page, `Tessa ${tag()}`);
  // The three seconds count from when the page came alive (hydrated), by the page's clock. It is
  // paused here, so only the test moves it: measured from the test's side, the time the test takes
  // to see the page alive (seconds on a loaded machine) would count towards the three seconds.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.goto(brandUrl(BRAND, "/members?t=3"));
  // The page starts its scripts on a timer: run the timers due now, and only those, until it is alive.
  await expect
    .poll(
      async () => {
        await page.clock.runFor(0);
        return appBadge(page);
      },
      { message: "the page came alive", timeout: 10_000 },
    )
    .not.toBeNull();
  await expectNoNewLikes(page);

  // Not before three seconds.
  await page.clock.runFor(3_000 - 1);
  await expect(page.getByTestId("like-modal")).toHaveCount(0);
  await expect(page).toHaveURL(brandUrl(BRAND, "/members?t=3"));

  // Then: a (fictional, this member has no likes yet) profile that likes the member now; t is gone.
  await page.clock.runFor(1);
  const modal = page.getByTestId("like-modal");
  await expect(modal).toBeVisible();
  await expect(page).toHaveURL(brandUrl(BRAND, "/members"));
  // From here the page's timers run as usual again.
  await page.clock.resume();
  const title = (await modal.getByRole("heading").textContent()) ?? "";
  const name = /^(.+) vindt jou leuk!$/.exec(title)?.[1] ?? "";
  expect(name, `modal title "${title}"`).not.toBe("");
  const view = modal.getByTestId("like-modal-view");
  const href = (await view.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/likes\/m\/\d+$/);
  // The page reloads its data: the like counts as new.
  await expectNewLikes(page, 1);

  await view.click();
  await expect(page).toHaveURL(brandUrl(BRAND, href));
  await expect(page.getByTestId("profile-view")).toHaveAttribute("data-member-id", href.split("/").pop() ?? "");
  await expect(page.getByTestId("profile-name")).toContainText(name);
  await expect(page.getByTestId("fictional-warning")).toBeVisible();
  await expect(page.getByTestId("like-status")).toHaveText(`${name} vindt jou leuk!`);
  await expect(page.getByTestId("like-modal")).toHaveCount(0);
});

test("a visitor who presses like logs in and comes back to the profile, the like ready to finish", async ({ page, browser }) => {
  const run = tag();
  // An age no other profile has keeps the search short.
  const age = 95;
  const [target, liker] = await Promise.all([createMember(browser, `Doelwit ${run}`, birthDateForAge(age)), signUpHere(page, `Bezoeker ${run}`)]);
  await forgetSession(page);
  const profilePath = `/members/${target.id}`;
  const login = `/login?redirectTo=${encodeURIComponent(`${profilePath}?like=1`)}`;

  // Visitors' like buttons, on search cards and on the profile, lead to login and back.
  await open(page, `/members?search=1&min_age=${age}&max_age=${age}`, "visitor");
  const searchCard = card(page.getByTestId("search-results"), target.id);
  await expect(searchCard.getByTestId("action-like")).toHaveAttribute("href", login);
  await searchCard.getByRole("link").first().click();
  await expect(page).toHaveURL(brandUrl(BRAND, profilePath));
  await expect(page.getByTestId("visitor-actions")).toBeVisible();
  await expect(page.getByTestId("action-like")).toHaveAttribute("href", login);
  await page.getByTestId("action-like").click();
  await expect(page).toHaveURL(brandUrl(BRAND, login));
  await page.locator('input[name="email"]').fill(liker.email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByTestId("login-submit").click();

  // Back on the profile, logged in, ?like=1 gone: the like button waits, focused. A link alone
  // never likes anyone, so nothing is liked yet.
  await expect(page).toHaveURL(brandUrl(BRAND, profilePath));
  await expect(page.getByTestId("account-name")).toHaveText(liker.name);
  await expect(page.getByTestId("action-like")).toBeFocused();
  await expect(page.getByTestId("action-unlike")).toHaveCount(0);
  expect(await likesTab(page, "given")).toEqual([]);

  // One press finishes it; it is stored once, and still liked after a reload.
  await pressLike(page, page.getByTestId("action-like"), "Enter");
  await expect(page.getByTestId("action-unlike")).toBeVisible();
  expect(await likesTab(page, "given")).toEqual([{ id: target.id, badge: null }]);
  await page.reload();
  await expect(page.getByTestId("action-unlike")).toBeVisible();
});

test("the likes badge and the title count new likes; ?t= offers the newest", async ({ page, browser }) => {
  const run = tag();
  // An age no other profile has keeps the search short; the same age and region put the target
  // at the top of the second liker's matchfinder.
  const age = 96;
  const home = { country: "NL", region: "NL-FR", city: "Leeuwarden" };
  const [first, second] = await Promise.all([openBrowser(browser), openBrowser(browser)]);
  try {
    const [target, liker1, liker2] = await Promise.all([
      signUpHere(page, `Teller ${run}`, birthDateForAge(age), { location: home }),
      signUpHere(first.page, `Eerste ${run}`),
      signUpHere(second.page, `Tweede ${run}`, birthDateForAge(age), { location: home }),
    ]);

    // No new likes: no badge, no count in the title.
    await open(page, "/members");
    await expectNoNewLikes(page);
    expect(await likesTab(page, "received")).toEqual([]);

    // The first likes from a search card, the second from the matchfinder, in that order.
    await open(first.page, `/members?search=1&min_age=${age}&max_age=${age}`);
    const searchCard = card(first.page.getByTestId("search-results"), target.id);
    await pressLike(first.page, searchCard.getByTestId("action-like"));
    await expect(searchCard.getByTestId("action-unlike")).toBeVisible();

    await open(second.page, "/match-finder");
    const finderCard = card(second.page.getByTestId("match-finder"), target.id);
    await pressLike(second.page, finderCard.getByTestId("action-like"));
    await expect(finderCard.getByTestId("action-unlike")).toBeVisible();

    // Both are new; ?t= offers the newest of them rather than a fictional profile.
    await page.goto(brandUrl(BRAND, "/members?t=3"));
    await expectNewLikes(page, 2);
    expect(await likesTab(page, "received")).toEqual([
      { id: liker2.id, badge: "Nieuw" },
      { id: liker1.id, badge: "Nieuw" },
    ]);
    // This test is about which profile is offered, not when (the timing test above): room for a loaded machine.
    const modal = page.getByTestId("like-modal");
    await expect(modal).toBeVisible({ timeout: 12_000 });
    await expect(modal.getByRole("heading")).toHaveText(`${liker2.name} vindt jou leuk!`);
    await expect(page).toHaveURL(brandUrl(BRAND, "/members"));
    await expectNewLikes(page, 2);

    // Opening each liker's profile takes one off, already on that profile's page.
    await modal.getByTestId("like-modal-view").click();
    await expect(page).toHaveURL(brandUrl(BRAND, `/likes/m/${liker2.id}`));
    await expect(page.getByTestId("like-status")).toHaveText(`${liker2.name} vindt jou leuk!`);
    await expectNewLikes(page, 1);
    await open(page, `/members/${liker1.id}`);
    await expect(page.getByTestId("like-status")).toHaveText(`${liker1.name} vindt jou leuk!`);
    await expectNoNewLikes(page);
    expect(await likesTab(page, "received")).toEqual([
      { id: liker2.id, badge: null },
      { id: liker1.id, badge: null },
    ]);
  } finally {
    await Promise.all([first.close(), second.close()]);
  }
});

// Regression: the tabs once came from a .server module, missing in the browser, and the page broke on hydration.
test("the likes pages in the browser: tabs, new flags, empty lists, badge and title", async ({ page, browser }) => {
  const run = tag();
  const other = await openBrowser(browser);
  try {
    const [a, b] = await Promise.all([signUpHere(other.page, `Lieke ${run}`), signUpHere(page, `Ruben ${run}`)]);
    // Set-up: A likes B through the profile's form.
    expect((await send(other.page, BRAND, `/members/${b.id}`, { fields: { intent: "like" } })).status).toBe(200);

    // B: /likes opens on the likes received, A flagged new; badge and title count it.
    await open(page, "/likes");
    await expect(page).toHaveURL(brandUrl(BRAND, "/likes/received"));
    const list = page.getByTestId("likes-list");
    await expect(list.getByTestId("member-card")).toHaveCount(1);
    await expect(card(list, a.id).getByTestId("card-badge")).toHaveText("Nieuw");
    await expectNewLikes(page, 1);
    await expect(page).toHaveTitle("(1) Ontvangen | Flirtpunt");

    // The other tabs are empty for B.
    for (const tab of ["given", "matches"] as const) {
      await page.getByTestId(`likes-tab-${tab}`).click();
      await expect(page).toHaveURL(brandUrl(BRAND, `/likes/${tab}`));
      await expect(page.getByTestId("likes-empty")).toBeVisible();
      await expect(page.getByTestId("likes-list")).toHaveCount(0);
    }

    // Opening A's card leads to A's profile as reached from likes; back on the tab, nothing is new.
    await page.getByTestId("likes-tab-received").click();
    await card(list, a.id).getByRole("link").first().click();
    await expect(page).toHaveURL(brandUrl(BRAND, `/likes/m/${a.id}`));
    await expect(page.getByTestId("like-status")).toHaveText(`${a.name} vindt jou leuk!`);
    await page.getByTestId("nav-likes").click();
    await expect(page).toHaveURL(brandUrl(BRAND, "/likes/received"));
    await expect(card(list, a.id)).toBeVisible();
    await expect(page.getByTestId("card-badge")).toHaveCount(0);
    await expectNoNewLikes(page);

    // A sees B among the likes given.
    await open(other.page, "/likes/given");
    await expect(card(other.page.getByTestId("likes-list"), b.id)).toBeVisible();
    await expect(other.page.getByTestId("likes-list").getByTestId("member-card")).toHaveCount(1);
  } finally {
    await other.close();
  }
});

test("a new like reaches the other member's open pages without a reload, in every tab, and leaves them when seen", async ({ page, browser }) => {
  const run = tag();
  const other = await openBrowser(browser);
  try {
    const [a, b] = await Promise.all([signUpHere(page, `Aya ${run}`), signUpHere(other.page, `Bo ${run}`)]);
    // B has two tabs open on the members area, each with its live event stream (while one is open, nothing polls).
    const streams: string[] = [];
    other.context.on("response", (response) => {
      if (response.url().includes("/api/events") && response.status() === 200) streams.push(response.headers()["content-type"] ?? "");
    });
    const firstTab = other.page;
    const secondTab = await other.context.newPage();
    await open(firstTab, "/members");
    await open(secondTab, "/likes/given");
    await expectNoNewLikes(firstTab);
    await expectNoNewLikes(secondTab);
    await expect.poll(() => streams.length).toBe(2);
    expect(streams[0]).toContain("text/event-stream");
    await firstTab.evaluate(() => Object.assign(window, { __stayed: true }));

    // A likes B: both of B's tabs show it, nobody reloads them.
    await open(page, `/members/${b.id}`);
    await pressLike(page, page.getByTestId("action-like"));
    await expectNewLikes(firstTab, 1);
    await expectNewLikes(secondTab, 1);
    expect(await firstTab.evaluate(() => (window as Window & { __stayed?: boolean }).__stayed)).toBe(true);

    // B looks at A's profile in one tab: the other tab's badge goes too.
    await open(firstTab, `/likes/m/${a.id}`);
    await expectNoNewLikes(firstTab);
    await expectNoNewLikes(secondTab);
    expect(secondTab.url()).toBe(brandUrl(BRAND, "/likes/given"));
  } finally {
    await other.close();
  }
});
