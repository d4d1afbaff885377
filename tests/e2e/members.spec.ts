import type { Browser, BrowserContext, Page } from "@playwright/test";
import { acceptSiteEntry, brandUrl, expect, forgetSession, giveOwnAddress, test } from "./helpers";
import { birthDateForAge, jpeg, logIn, pageToFictionalCards, send, signUp, signUpConfirmed, tag, type Member, type Sent } from "./member-setup";

const BRAND = "flirtpunt";
const DEMO_PASSWORD = "demo-password-2026";

async function uploadPhoto(page: Page, tenantId: string, background: string): Promise<Sent> {
  return send(page, tenantId, "/profile", { fields: { intent: "upload-photo" }, photo: await jpeg(background) });
}

/** Approves every photo of this member in the local moderation stand-in (and no one else's), through its form's POST. */
async function approvePhotosOf(page: Page, memberId: number, expected: number) {
  const html = (await send(page, BRAND, "/dev/photos", { method: "GET" })).html;
  // Each pending photo is an <li data-testid="pending-photo" data-member-id=…> holding a form with the photo's id.
  const ids = html
    .split('data-testid="pending-photo"')
    .slice(1)
    .filter((item) => /^[^>]*data-member-id="(\d+)"/.exec(item)?.[1] === String(memberId))
    .map((item) => /name="photo" value="(\d+)"/.exec(item)?.[1]);
  expect(ids, `pending photos of member ${memberId}`).toHaveLength(expected);
  for (const photo of ids) {
    const approved = await send(page, BRAND, "/dev/photos", { fields: { photo: photo ?? "", decision: "active" } });
    expect(approved.url, `approving photo ${photo}`).toBe(brandUrl(BRAND, "/dev/photos"));
  }
}

/** Holds back the server's answer to the page's next POST to `pattern` until `release()`; `requested` once it was sent. */
async function holdPosts(page: Page, pattern: string): Promise<{ requested: Promise<void>; release: () => Promise<void> }> {
  let sent = () => undefined as void;
  let answer = () => undefined as void;
  const requested = new Promise<void>((resolve) => (sent = resolve));
  const released = new Promise<void>((resolve) => (answer = resolve));
  await page.route(pattern, async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    sent();
    await released;
    await route.fallback();
  });
  return {
    requested,
    release: async () => {
      answer();
      await page.unroute(pattern);
    },
  };
}

async function newVisitor(browser: Browser, tenantId = BRAND): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await giveOwnAddress(context);
  await acceptSiteEntry(context, tenantId);
  return { context, page: await context.newPage() };
}

/** Signs up (and confirms) a member in a browser of their own and fills in some of their profile, for the other members to find. */
async function createMember(browser: Browser, tenantId: string, name: string, age: number, sections: Record<string, Record<string, string>>): Promise<Member> {
  const { context, page } = await newVisitor(browser, tenantId);
  try {
    return await signUpConfirmed(page, tenantId, name, birthDateForAge(age), sections);
  } finally {
    await context.close();
  }
}

/** A result card of this member on the current search page (not among the "similar" ones). */
function resultCard(page: Page, memberId: number) {
  return page.getByTestId("search-results").locator(`[data-testid="member-card"][data-member-id="${memberId}"]`);
}

test("every search filter keeps to matching members of the brand's pool", async ({ page, browser }) => {
  const run = tag();
  const place = (country: string, region: string, city: string) => ({ country, region, city });
  // Members of this test, each with a known gender, place, age and body type, and one of another pool.
  const [young, middle, old, other, searcher] = await Promise.all([
    createMember(browser, BRAND, `Zoek jong ${run}`, 24, { location: place("NL", "NL-NH", "Haarlem"), personal: { gender: "female", body_type: "slim" } }),
    createMember(browser, BRAND, `Zoek midden ${run}`, 47, { location: place("NL", "NL-ZH", "Leiden"), personal: { gender: "male", body_type: "fat" } }),
    createMember(browser, BRAND, `Zoek oud ${run}`, 71, { location: place("BE", "BE-VAN", "Lier"), personal: { gender: "female", body_type: "normal" } }),
    createMember(browser, "herchoice", `Zoek elders ${run}`, 24, { personal: { gender: "female", body_type: "slim" } }),
    // The searcher is a young slim bi woman in Noord-Holland too: she matches her own filters.
    signUp(page, BRAND, `Zoeker ${run}`, birthDateForAge(24), { location: place("NL", "NL-NH", "Amsterdam"), personal: { gender: "female", sexuality: "bi", sexuality_consent: "on", body_type: "slim" } }),
    // Meanwhile: visitors may search Flirtpunt (see the fictional profile test), not Kraglosci.
    (async () => {
      const visitor = await newVisitor(browser, "kraglosci");
      try {
        await visitor.page.goto(brandUrl("kraglosci", "/members?search=1&gender=female"));
        await expect(visitor.page).toHaveURL(brandUrl("kraglosci", `/login?redirectTo=${encodeURIComponent("/members?search=1&gender=female")}`));
      } finally {
        await visitor.context.close();
      }
    })(),
  ]);

  const expectResults = async (included: Member[], excluded: Member[]) => {
    await expect(page.getByTestId("result-count")).toBeVisible();
    for (const member of included) await expect(resultCard(page, member.id), `${member.name} is found`).toHaveCount(1);
    for (const member of excluded) await expect(resultCard(page, member.id), `${member.name} is not found`).toHaveCount(0);
    // Never oneself, never a member of another pool, not even among the similar profiles.
    await expect(page.locator(`[data-testid="member-card"][data-member-id="${searcher.id}"]`), "the searcher is not found").toHaveCount(0);
    await expect(page.locator(`[data-testid="member-card"][data-member-id="${other.id}"]`), "the other pool's member is not found").toHaveCount(0);
  };
  const searchFor = async (query: string, included: Member[], excluded: Member[]) => {
    await page.goto(brandUrl(BRAND, `/members?search=1&${query}`));
    await expectResults(included, excluded);
  };

  // The form itself, with every kind of field: the region list follows the country.
  await page.goto(brandUrl(BRAND, "/members?search=1"));
  await page.waitForLoadState("networkidle");
  const form = page.getByTestId("search-form");
  await form.locator("#search-gender").selectOption("female");
  await form.locator("#search-country").selectOption("NL");
  await expect(form.locator('#search-region option[value="BE-VAN"]')).toHaveCount(0);
  await form.locator("#search-region").selectOption("NL-NH");
  await form.locator("#search-min_age").fill("20");
  await form.locator("#search-max_age").fill("30");
  await form.locator("#search-body_type").selectOption("slim");
  await page.getByTestId("search-submit").click();
  const sent = { gender: "female", country: "NL", region: "NL-NH", min_age: "20", max_age: "30", body_type: "slim" };
  for (const [field, value] of Object.entries(sent)) await expect(page).toHaveURL(new RegExp(`[?&]${field}=${value}(&|$)`));
  await expectResults([young], [middle, old]);

  // Each filter on its own.
  await searchFor("gender=female", [young, old], [middle]);
  await searchFor("country=BE", [old], [young, middle]);
  await searchFor("country=NL&region=NL-ZH", [middle], [young, old]);
  await searchFor("min_age=60", [old], [young, middle]);
  await searchFor("max_age=30", [young], [middle, old]);
  await expect(resultCard(page, young.id).getByTestId("card-age")).toHaveText(", 24");
  await searchFor("body_type=normal", [old], [young, middle]);

  // The last search is remembered for this browser session; "Filters wissen" forgets it.
  await page.getByTestId("nav-search").click();
  await expect(page).toHaveURL(brandUrl(BRAND, "/members"));
  await expect(page.locator("#search-body_type")).toHaveValue("normal");
  await expectResults([old], [young, middle]);
  await page.getByRole("link", { name: "Filters wissen" }).click();
  await expect(page).toHaveURL(brandUrl(BRAND, "/members?search=1"));
  await expectResults([young, middle, old], []);
  await page.goto(brandUrl(BRAND, "/members"));
  await expect(page.locator("#search-body_type")).toHaveValue("");
  await expectResults([young, middle, old], []);

  // The other pool's member is not there by address either.
  expect((await page.goto(brandUrl(BRAND, `/members/${other.id}`)))?.status()).toBe(404);
});

// Regression: the form once kept the old filters after "Filters wissen" (uncontrolled fields of a
// form that was not remounted); the form is now keyed by the search it shows.
test('"Filters wissen" also empties the search form', async ({ page, context }) => {
  await acceptSiteEntry(context, BRAND);
  await page.goto(brandUrl(BRAND, "/members?search=1&gender=male&country=BE&region=BE-VAN&min_age=30&body_type=fat"));
  await page.waitForLoadState("networkidle");
  await page.locator("#search-max_age").fill("60");
  await page.getByTestId("search-submit").click();
  await expect(page).toHaveURL(/max_age=60/);
  await page.getByRole("link", { name: "Filters wissen" }).click();
  await expect(page).toHaveURL(brandUrl(BRAND, "/members?search=1"));
  for (const field of ["gender", "country", "region", "min_age", "max_age", "body_type"]) await expect(page.locator(`#search-${field}`), field).toHaveValue("");
});

test("a member edits every profile section and sees it all on their profile", async ({ page }) => {
  const me = await signUp(page, BRAND, `Lotte ${tag()}`);
  const newName = `Lotje ${tag()}`;
  const birth = birthDateForAge(41);
  await page.goto(brandUrl(BRAND, "/profile"));
  await page.waitForLoadState("networkidle");

  // A name starting with @ is refused, in the browser and on the server, and what was typed stays.
  const basics = page.getByTestId("profile-section-basics");
  const nameInput = basics.locator('input[name="name"]');
  await expect(nameInput).toHaveValue(me.name);
  await nameInput.fill("@lotje");
  await page.getByTestId("save-basics").click();
  await expect(basics).toContainText("Je naam mag niet met @ beginnen.");
  await expect(nameInput).toHaveValue("@lotje");
  const refused = await send(page, BRAND, "/profile", { fields: { intent: "basics", name: "@lotje", date_of_birth: birth } });
  expect(refused.status).toBe(400);
  expect(refused.html).toContain("Je naam mag niet met @ beginnen.");

  await nameInput.fill(newName);
  await basics.locator('input[name="date_of_birth"]').fill(birth);
  await page.getByTestId("save-basics").click();
  await expect(page).toHaveURL(/\/profile#basics$/);
  await expect(page.getByTestId("toast")).toHaveText("Je profiel is opgeslagen.");
  await expect(basics).not.toContainText("Je naam mag niet");

  // The region list follows the chosen country.
  const location = page.getByTestId("profile-section-location");
  await location.locator('select[name="country"]').selectOption("BE");
  await expect(location.locator('select[name="region"] option[value="BE-VAN"]')).toHaveCount(1);
  await expect(location.locator('select[name="region"] option[value="NL-NH"]')).toHaveCount(0);
  await location.locator('select[name="region"]').selectOption("BE-VAN");
  await location.locator('input[name="city"]').fill("Mechelen");
  await page.getByTestId("save-location").click();
  await expect(page).toHaveURL(/\/profile#location$/);

  const personal = page.getByTestId("profile-section-personal");
  const choices = {
    gender: "female",
    sexuality: "bi",
    relationship_status: "divorced",
    body_type: "slim",
    hair_colour: "red",
    eye_colour: "green",
    tattoos: "some",
    signup_reason: "friendship",
  };
  for (const [field, value] of Object.entries(choices)) await personal.locator(`select[name="${field}"]`).selectOption(value);
  // The sexuality is kept only with an explicit consent: without it the form says so and keeps the choices.
  await page.getByTestId("save-personal").click();
  await expect(personal.getByText("Geef toestemming om je seksuele voorkeur te bewaren")).toBeVisible();
  await expect(personal.locator('select[name="sexuality"]')).toHaveValue("bi");
  await personal.getByTestId("sexuality-consent").check();
  await page.getByTestId("save-personal").click();
  await expect(page).toHaveURL(/\/profile#personal$/);

  const interests = page.getByTestId("profile-section-interests");
  for (const interest of ["music", "hiking", "cooking"]) {
    await interests.locator("label", { has: page.getByTestId(`interest-${interest}`) }).click();
    await expect(page.getByTestId(`interest-${interest}`)).toBeChecked();
  }
  await page.getByTestId("save-interests").click();
  await expect(page).toHaveURL(/\/profile#interests$/);

  const about = "Ik fiets graag langs de Dijle.\nEn daarna een goed glas wijn.";
  await page.getByTestId("profile-section-about").locator('textarea[name="about"]').fill(about);
  await page.getByTestId("save-about").click();
  await expect(page).toHaveURL(/\/profile#about$/);

  // The edit page, loaded afresh, shows what was saved.
  await page.goto(brandUrl(BRAND, "/profile"));
  await expect(nameInput).toHaveValue(newName);
  await expect(basics.locator('input[name="date_of_birth"]')).toHaveValue(birth);
  await expect(location.locator('select[name="country"]')).toHaveValue("BE");
  await expect(location.locator('select[name="region"]')).toHaveValue("BE-VAN");
  await expect(location.locator('input[name="city"]')).toHaveValue("Mechelen");
  for (const [field, value] of Object.entries(choices)) await expect(personal.locator(`select[name="${field}"]`)).toHaveValue(value);
  await expect(page.getByTestId("interest-music")).toBeChecked();
  await expect(page.getByTestId("interest-wine")).not.toBeChecked();
  await expect(page.getByTestId("profile-section-about").locator('textarea[name="about"]')).toHaveValue(about);

  // The own profile view shows it all, in Dutch.
  await expect(page.getByTestId("view-own-profile")).toHaveAttribute("href", `/members/${me.id}`);
  await page.getByTestId("view-own-profile").click();
  await expect(page).toHaveURL(brandUrl(BRAND, `/members/${me.id}`));
  const view = page.getByTestId("profile-view");
  await expect(view).toHaveAttribute("data-member-id", String(me.id));
  await expect(page.getByTestId("profile-name")).toHaveText(newName);
  await expect(page.getByTestId("profile-age")).toHaveText("41 jaar");
  await expect(view.getByText("Mechelen, Antwerpen, België", { exact: true })).toBeVisible();
  const details = page.getByTestId("profile-details");
  const expectedDetails: Array<[string, string]> = [
    ["Geslacht", "Vrouw"],
    ["Geaardheid", "Bi"],
    ["Relatiestatus", "Gescheiden"],
    ["Postuur", "Slank"],
    ["Haarkleur", "Rood"],
    ["Oogkleur", "Groen"],
    ["Tatoeages", "Een paar"],
    ["Ik ben hier voor", "Vriendschap"],
  ];
  // Each asked detail once (in the view's own order), and nothing else.
  await expect(details.locator("dt")).toHaveCount(expectedDetails.length);
  for (const [label, value] of expectedDetails) {
    await expect(details.locator("div", { has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) }).locator("dd")).toHaveText(value);
  }
  const shownInterests = page.getByTestId("profile-interests").locator("li");
  await expect(shownInterests).toHaveCount(3);
  for (const label of ["Muziek", "Wandelen", "Koken"]) await expect(shownInterests.filter({ hasText: label })).toHaveCount(1);
  await expect(page.getByTestId("profile-about")).toHaveText(about, { useInnerText: true });
  await expect(page.getByTestId("fictional-warning")).toHaveCount(0);
});

// Regression: a second identical flash once reused the first, already closed Toast; each flash now
// carries an id of its own.
test("every save on /profile is confirmed, also the second one in a row", async ({ page }) => {
  await signUp(page, BRAND, `Toos ${tag()}`);
  await page.goto(brandUrl(BRAND, "/profile"));
  await page.waitForLoadState("networkidle");
  const toast = page.getByTestId("toast");
  await page.getByTestId("save-basics").click();
  await expect(page).toHaveURL(/\/profile#basics$/);
  await expect(toast).toHaveText("Je profiel is opgeslagen.");
  await toast.click(); // read and closed, as the member would
  await expect(toast).toHaveCount(0);
  const location = page.getByTestId("profile-section-location");
  await location.locator('select[name="region"]').selectOption("NL-OV");
  await location.locator('input[name="city"]').fill("Zwolle");
  await page.getByTestId("save-location").click();
  await expect(page).toHaveURL(/\/profile#location$/);
  await expect(toast).toHaveText("Je profiel is opgeslagen.");
});

test("a free member uploads up to three photos; deleting one makes room again", async ({ page }) => {
  await signUp(page, BRAND, `Fenna ${tag()}`);
  await page.goto(brandUrl(BRAND, "/profile"));
  await page.waitForLoadState("networkidle");

  const photos = page.getByTestId("own-photo");
  await expect(photos).toHaveCount(0);
  const colours = ["#c35", "#3a7", "#35c"];
  for (const [index, colour] of colours.entries()) {
    await page.locator("#photo").setInputFiles({ name: `foto-${index}.jpg`, mimeType: "image/jpeg", buffer: await jpeg(colour) });
    await page.getByTestId("upload-photo").click();
    await expect(photos).toHaveCount(index + 1);
    await expect(page.getByTestId("photo-count")).toHaveText(`${index + 1} van 3 foto's`);
  }
  await expect(page.getByTestId("photo-error")).toHaveCount(0);
  for (const photo of await photos.all()) await expect(photo).toHaveAttribute("data-status", "pending");

  // Full: no upload form, and the server refuses a fourth photo sent anyway.
  await expect(page.getByTestId("photo-limit")).toContainText("maximum van 3 foto's");
  await expect(page.locator("#photo")).toHaveCount(0);
  await expect(page.getByTestId("upload-photo")).toHaveCount(0);
  const fourth = await uploadPhoto(page, BRAND, "#999");
  expect(fourth.status).toBe(400);
  expect(fourth.html).toContain('data-testid="photo-error"');
  await page.reload();
  await expect(photos).toHaveCount(3);

  await photos.first().getByTestId("delete-photo").click();
  await expect(photos).toHaveCount(2);
  await expect(page.getByTestId("photo-count")).toHaveText("2 van 3 foto's");
  await expect(page.getByTestId("photo-limit")).toHaveCount(0);
  await expect(page.locator("#photo")).toBeVisible();
  await expect(page.getByTestId("upload-photo")).toBeVisible();
});

test("a photo being checked is shown to its owner only, until it is approved", async ({ page, browser }) => {
  const run = tag();
  const other = await newVisitor(browser);
  try {
    // An age no demo profile has keeps the search below short.
    const [owner] = await Promise.all([signUpConfirmed(page, BRAND, `Iris ${run}`, birthDateForAge(88)), signUp(other.page, BRAND, `Bram ${run}`)]);
    expect((await uploadPhoto(page, BRAND, "#e81")).status).toBe(200);
    const profile = brandUrl(BRAND, `/members/${owner.id}`);
    const search = brandUrl(BRAND, "/members?search=1&min_age=88&max_age=88");

    await Promise.all([
      (async () => {
        await page.goto(profile);
        await expect(page.getByTestId("main-photo")).toBeVisible();
      })(),
      (async () => {
        expect((await other.page.goto(profile))?.status()).toBe(200);
        await expect(other.page.getByTestId("profile-name")).toHaveText(owner.name);
        await expect(other.page.getByTestId("main-photo")).toHaveCount(0);
        await expect(other.page.getByTestId("locked-photo")).toHaveCount(0);
        await other.page.goto(search);
        await expect(resultCard(other.page, owner.id)).toBeVisible();
        await expect(resultCard(other.page, owner.id).locator("img")).toHaveCount(0);
      })(),
    ]);

    await approvePhotosOf(page, owner.id, 1);

    await other.page.goto(profile);
    await expect(other.page.getByTestId("main-photo")).toBeVisible();
    await other.page.goto(search);
    await expect(resultCard(other.page, owner.id).locator("img")).toHaveCount(1);
  } finally {
    await other.context.close();
  }
});

test("photos beyond the first are locked for free members and visitors, not for premium members", async ({ page, browser }) => {
  const [free, premium] = await Promise.all([newVisitor(browser), newVisitor(browser)]);
  try {
    const [owner] = await Promise.all([
      (async () => {
        const owner = await signUpConfirmed(page, BRAND, `Sara ${tag()}`);
        for (const colour of ["#d42", "#2d4", "#42d"]) expect((await uploadPhoto(page, BRAND, colour)).status).toBe(200);
        await approvePhotosOf(page, owner.id, 3);
        return owner;
      })(),
      signUp(free.page, BRAND, `Vrij ${tag()}`),
      logIn(premium.page, BRAND, `premium.${BRAND}@demo.invalid`, DEMO_PASSWORD),
    ]);
    const profile = brandUrl(BRAND, `/members/${owner.id}`);
    const login = `/login?redirectTo=${encodeURIComponent(`/members/${owner.id}`)}`;
    // The owner's browser becomes a visitor's.
    await forgetSession(page);
    const visitor = page;

    await Promise.all([
      (async () => {
        // Free member: the main photo, then two locked ones with a call to go premium.
        const { page } = free;
        await page.goto(profile);
        await expect(page.getByTestId("main-photo")).toBeVisible();
        const gallery = page.getByTestId("gallery");
        await expect(gallery.getByTestId("gallery-photo")).toHaveCount(1);
        await expect(gallery.getByTestId("locked-image")).toHaveCount(2);
        await page.waitForLoadState("networkidle");
        await gallery.getByRole("button").nth(2).click();
        await expect(page.getByTestId("locked-photo")).toBeVisible();
        await expect(page.getByTestId("main-photo")).toHaveCount(0);
        await expect(page.getByTestId("locked-premium")).toHaveAttribute("href", "/premium");
        await expect(page.getByTestId("locked-login")).toHaveCount(0);
      })(),
      (async () => {
        // Premium member: all three photos, nothing locked.
        const { page } = premium;
        await page.goto(profile);
        await expect(page.getByTestId("main-photo")).toBeVisible();
        await expect(page.getByTestId("gallery").getByTestId("gallery-photo")).toHaveCount(3);
        await expect(page.getByTestId("locked-image")).toHaveCount(0);
        await expect(page.getByTestId("locked-photo")).toHaveCount(0);
      })(),
      (async () => {
        // Visitor: asked to log in, for the photos and for contact.
        await visitor.goto(profile);
        await expect(visitor.getByTestId("visitor-actions")).toBeVisible();
        await expect(visitor.getByTestId("main-photo")).toBeVisible();
        await expect(visitor.getByTestId("gallery").getByTestId("locked-image")).toHaveCount(2);
        // Writing comes back to the conversation, a gift to the open gift picker.
        await expect(visitor.getByTestId("action-message")).toHaveAttribute("href", `/login?redirectTo=${encodeURIComponent(`/members/${owner.id}/chat`)}`);
        await expect(visitor.getByTestId("action-gift")).toHaveAttribute("href", `${login}${encodeURIComponent("?gift=1")}`);
        // Liking comes back to finish the like after logging in.
        await expect(visitor.getByTestId("action-like")).toHaveAttribute("href", `${login}${encodeURIComponent("?like=1")}`);
        await visitor.waitForLoadState("networkidle");
        await visitor.getByTestId("gallery").getByRole("button").nth(1).click();
        await expect(visitor.getByTestId("locked-photo")).toBeVisible();
        await visitor.getByTestId("locked-login").click();
        await expect(visitor).toHaveURL(brandUrl(BRAND, login));
      })(),
    ]);
  } finally {
    await Promise.all([free.context.close(), premium.context.close()]);
  }
});

test("blocking hides both members from each other until unblocked", async ({ page, browser }) => {
  const run = tag();
  const other = await newVisitor(browser);
  try {
    // Ages no demo profile has, so that the search below holds few people.
    const [blocker, blocked] = await Promise.all([signUpConfirmed(page, BRAND, `Blokker ${run}`, birthDateForAge(93)), signUpConfirmed(other.page, BRAND, `Geblokt ${run}`, birthDateForAge(92))]);
    const oldest = brandUrl(BRAND, "/members?search=1&min_age=90");
    const blockerProfile = brandUrl(BRAND, `/members/${blocker.id}`);
    const blockedProfile = brandUrl(BRAND, `/members/${blocked.id}`);

    // Before: each finds the other.
    await Promise.all([
      page.goto(oldest).then(() => expect(resultCard(page, blocked.id)).toHaveCount(1)),
      other.page.goto(oldest).then(() => expect(resultCard(other.page, blocker.id)).toHaveCount(1)),
    ]);

    await page.goto(blockedProfile);
    await page.waitForLoadState("networkidle");
    await page.getByTestId("action-block").click();
    // Until the server answers, the button shows it is working and cannot send the block twice;
    // the page's other forms stay usable (docs/product/site.md#sending-a-form).
    const answer = await holdPosts(page, "**/members/*");
    const confirm = page.getByTestId("confirm-block");
    await confirm.click();
    await answer.requested;
    await expect(confirm).toHaveAttribute("aria-disabled", "true");
    await expect(confirm).toHaveAttribute("aria-busy", "true");
    await expect(page.getByTestId("action-like")).toBeEnabled();
    await expect(page.getByTestId("action-like")).not.toHaveAttribute("aria-busy");
    await answer.release();
    // Back on the (remembered) search of the oldest members, without the blocked one.
    await expect(page).toHaveURL(brandUrl(BRAND, "/members"));
    await expect(page.getByTestId("toast")).toContainText("Het lid is geblokkeerd.");
    await expect(page.getByTestId("result-count")).toBeVisible();
    await expect(resultCard(page, blocked.id)).toHaveCount(0);

    // The blocked member no longer finds or opens the blocker; the blocker may still open the profile, to unblock.
    await Promise.all([
      (async () => {
        await page.goto(blockedProfile);
        await expect(page.getByTestId("action-unblock")).toBeVisible();
        await expect(page.getByTestId("action-block")).toHaveCount(0);
      })(),
      (async () => {
        expect((await other.page.goto(blockerProfile))?.status()).toBe(404);
        await other.page.goto(oldest);
        await expect(other.page.getByTestId("result-count")).toBeVisible();
        await expect(resultCard(other.page, blocker.id)).toHaveCount(0);
      })(),
    ]);

    await page.goto(brandUrl(BRAND, "/settings/blocked"));
    await page.waitForLoadState("networkidle");
    const listed = page.getByTestId("blocked-member");
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText(blocked.name);
    await listed.getByTestId("unblock").click();
    await expect(page.getByTestId("blocked-empty")).toBeVisible();

    await Promise.all([
      (async () => {
        await page.goto(oldest);
        await expect(resultCard(page, blocked.id)).toHaveCount(1);
      })(),
      (async () => {
        expect((await other.page.goto(blockerProfile))?.status()).toBe(200);
        await other.page.goto(oldest);
        await expect(resultCard(other.page, blocker.id)).toHaveCount(1);
      })(),
    ]);
  } finally {
    await other.context.close();
  }
});
test("a fictional profile is marked in the search and warns on its page", async ({ page, context }) => {
  await acceptSiteEntry(context, BRAND);
  // Visitors may search Flirtpunt (see the Kraglosci visitor in the search test).
  await page.goto(brandUrl(BRAND, "/members?search=1"));
  await expect(page.getByTestId("search-results")).toBeVisible();
  const fictional = await pageToFictionalCards(page, BRAND);
  const real = page.getByTestId("search-results").getByTestId("member-card").filter({ hasNot: page.getByTestId("fictional-mark") }).first();
  const realId = await real.getAttribute("data-member-id");

  const id = await fictional.first().getAttribute("data-member-id");
  const card = resultCard(page, Number(id));
  // The card's own link (visitors also get a like link on each card).
  await card.getByRole("link").first().click();
  await expect(page).toHaveURL(brandUrl(BRAND, `/members/${id}`));
  await expect(page.getByTestId("fictional-warning")).toContainText("fysiek contact is niet mogelijk");
  await expect(page.getByRole("heading", { level: 1 }).getByTestId("fictional-mark")).toBeVisible();

  await page.goto(brandUrl(BRAND, `/members/${realId}`));
  await expect(page.getByTestId("profile-view")).toBeVisible();
  await expect(page.getByTestId("fictional-warning")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 }).getByTestId("fictional-mark")).toHaveCount(0);
});
