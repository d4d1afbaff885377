import { like } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimitCounters } from "../../db/schema";
import { createTestDatabase, type TestDatabase } from "../fixtures/database";
import { attributeOf, attributeOfAll, Visitor, type Page } from "../fixtures/http-visitor";
import { outboxLink } from "../fixtures/mail";
import { SERVED_BY, startRoundRobinProxy, type RoundRobinProxy } from "../fixtures/round-robin-proxy";
import { startS3Server, type S3Server } from "../fixtures/s3-server";
import { freePorts, removeTempDirs, startServer, tempDir, waitForListening, type Started } from "../fixtures/server-process";
import { copyDemoTenant } from "../fixtures/demo-tenants";

/**
 * Scale-out as it runs in production (docs/conventions.md#the-shape): two server processes behind
 * a load balancer that sends each request to the next one, one PostgreSQL database, files in
 * S3-compatible storage. Two members walk through it with plain HTTP and the pages' own forms,
 * and whatever one process did, the other must know.
 */
const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) console.info("two-processes.test.ts skipped: it needs DATABASE_URL (PostgreSQL), because two server processes cannot share an embedded PGlite database");

const ACCESS_KEY = "AKIATWOPROCESSES";
const PASSWORD = "zomer-fiets-lamp-42";
const BUNDLE_CREDITS = 275;

const pathOf = (page: Page) => new URL(page.url).pathname;
/** The upstream that answered the page's first request (the form's post, the link's get). */
const firstServedBy = (page: Page) => page.hops[0]!.servedBy;
const jpeg = (colour: string) => sharp({ create: { width: 640, height: 480, channels: 3, background: colour } }).jpeg().toBuffer();

describe.skipIf(!DATABASE_URL)("two server processes behind a round-robin proxy, on one PostgreSQL database and S3 storage", () => {
  let database: TestDatabase;
  let s3: S3Server;
  let servers: Started[] = [];
  let proxy: RoundRobinProxy;
  let anna: Visitor;
  let bas: Visitor;
  /**
   * A person at the first process's own machine: the /dev pages (the local outbox, the simulated
   * checkout) answer no one who comes through the proxy, so this one reads the mails and plays the
   * payment provider.
   */
  let desk: Visitor;
  const ids = { anna: 0, bas: 0 };

  beforeAll(async () => {
    database = await createTestDatabase();
    s3 = await startS3Server({ bucket: "media", publicBucket: "media-public", accessKeyId: ACCESS_KEY, publicRead: true });
    const tenants = tempDir("tenants-");
    copyDemoTenant("flirtpunt", tenants);
    const shared = {
      DATABASE_URL: database.url!,
      SESSION_SECRETS: "two-processes-test-secret-of-32-characters-or-more",
      LOCAL_SERVICES: "1",
      // The proxy's address is 127.0.0.1: the brand of plain 127.0.0.1 is the only one here.
      DEV_TENANT_HOSTS: "1",
      TRUSTED_PROXIES: "loopback",
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: "media",
      S3_PUBLIC_BUCKET: "media-public",
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: "two-processes-secret-access-key",
      S3_FORCE_PATH_STYLE: "1",
      S3_PUBLIC_URL: s3.publicUrl,
    };
    const ports = await freePorts(2);
    // Migrations are guarded by a lock; seeding is not, so only the first process seeds.
    servers = [startServer(tenants, { ...shared, SEED_ON_START: "1" }, { port: ports[0] }), startServer(tenants, { ...shared, SEED_ON_START: "" }, { port: ports[1] })];
    await Promise.all(servers.map(waitForListening));
    proxy = await startRoundRobinProxy(servers.map((server) => ({ host: "127.0.0.1", port: server.port })));
    // Each with an address of their own, as two people on two lines.
    anna = new Visitor(proxy.url, "198.18.7.1");
    bas = new Visitor(proxy.url, "198.18.7.2");
    desk = new Visitor(`http://127.0.0.1:${servers[0]!.port}`, "");
  }, 60_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all(servers.map((server) => server.stop()));
    await s3?.close();
    await database?.close();
    removeTempDirs();
  });

  let phasesDone = 0;

  /**
   * Runs one part of the walk, which starts where the one before ended (a failure there is named
   * as such), and checks that the proxy sent some of its requests to each process.
   */
  async function phase(number: number, work: () => Promise<void>): Promise<void> {
    expect(phasesDone, "the parts of the walk before this one passed").toBe(number - 1);
    const before = [...proxy.counts];
    await work();
    const sent = proxy.counts.map((count, index) => count - before[index]!);
    expect(sent.every((count) => count > 0), `requests per process in this phase: ${sent.join(", ")}`).toBe(true);
    phasesDone = number;
  }

  async function signUp(visitor: Visitor, email: string, name: string): Promise<Page> {
    const matches = await visitor.submit(await visitor.open("/signup"), "signup-submit", { email, name, password: PASSWORD, date_of_birth: "1990-05-17" });
    expect(pathOf(matches)).toBe("/signup-matches");
    const step = await visitor.click(matches, "signup-matches-continue");
    expect(pathOf(step)).toBe("/complete-signup/photo");
    // The link in the mail leads back through the proxy, to either process.
    const link = await outboxLink(desk, email, "/activate/");
    expect(new URL(link).origin).toBe(proxy.url);
    // The link opens a page; its one button logs in (docs/product/accounts.md#links-that-log-in).
    const linkPage = await visitor.open(link);
    expect(pathOf(await visitor.submit(linkPage, "link-continue-submit"))).toBe("/activate/done");
    // Used once, on whichever process: the second time it is refused.
    expect(pathOf(await visitor.open(link))).toBe("/activate/error");
    return step;
  }

  /** The member's own id, from the link to their profile as others see it. */
  async function ownId(visitor: Visitor): Promise<number> {
    const href = attributeOf((await visitor.open("/profile")).html, "view-own-profile", "href");
    return Number(/^\/members\/(\d+)$/.exec(href ?? "")?.[1]);
  }

  /** The page at this path once through each process (consecutive requests alternate). */
  async function throughBoth(visitor: Visitor, pathname: string): Promise<Page[]> {
    const pages = [await visitor.open(pathname), await visitor.open(pathname)];
    expect(new Set(pages.map(firstServedBy))).toEqual(new Set([0, 1]));
    return pages;
  }

  let photoStep: Page;

  it("signs two members up and activates them by the links in their mails", async () => {
    await phase(1, async () => {
      photoStep = await signUp(anna, "anna@example.com", "Anna");
      await signUp(bas, "bas@example.com", "Bas");
      ids.anna = await ownId(anna);
      ids.bas = await ownId(bas);
      expect(ids.anna).toBeGreaterThan(0);
      expect(ids.bas).toBeGreaterThan(0);
      // Both processes counted the signups in the one database, each under the visitor's own
      // address as the proxy passed it on (X-Forwarded-For), not the proxy's.
      const counted = await database.db.select({ key: rateLimitCounters.key, hits: rateLimitCounters.hits }).from(rateLimitCounters).where(like(rateLimitCounters.key, "signup-address:%"));
      expect(counted.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
        { key: "signup-address:flirtpunt:198.18.7.1", hits: 1 },
        { key: "signup-address:flirtpunt:198.18.7.2", hits: 1 },
      ]);
    });
  });

  it("keeps uploaded photos in S3 and serves them back through either process", async () => {
    await phase(2, async () => {
      const stepDone = await anna.submit(photoStep, "step-save", {}, { photo: { name: "anna.jpg", type: "image/jpeg", data: await jpeg("#c35") } });
      expect(stepDone.hops[0]!.status).toBe(302);
      const profile = await anna.submit(await anna.open("/profile"), "upload-photo", {}, { photo: { name: "strand.jpg", type: "image/jpeg", data: await jpeg("#3a7") } });
      expect(attributeOfAll(profile.html, "own-photo", "data-status")).toEqual(["pending", "pending"]);

      // Anna's own profile: both photos are being checked, so neither is in the public bucket;
      // she sees them through short-lived signed links that any process can check (review L-3).
      const own = await anna.open(`/members/${ids.anna}`);
      const [first, second] = attributeOfAll(own.html, "gallery-photo", "src");
      for (const src of [first, second]) expect(src).toMatch(/^\/private-media\/photos\/[0-9a-f]{2}\/[0-9a-f]{32}-thumb\.webp\?e=\d+&s=[\w-]+$/);

      const privateKey = new URL(second!, proxy.url).pathname.slice("/private-media/".length);
      expect(s3.objects.get(privateKey)?.contentType).toBe("image/webp");
      expect(s3.objects.get(privateKey)?.cacheControl).toBe("private, no-store");
      expect(s3.objects.has(privateKey.replace("-thumb", ""))).toBe(true);
      expect(s3.publicObjects.has(privateKey)).toBe(false);
      // Nobody loads a private object from the store without the credentials.
      expect((await fetch(`${s3.endpoint}/media/${privateKey}`)).status).toBe(403);

      // The demo members' faces, published when the first process seeded them, load from the
      // public bucket's address.
      const home = await new Visitor(proxy.url, "198.18.7.9").open("/");
      const face = home.html.match(new RegExp(`${s3.publicUrl.replace(/[.]/g, "\\.")}/seed/[a-z0-9/_-]+\\.webp`))?.[0];
      expect(face).toBeDefined();
      const fromBucket = await fetch(face!);
      expect([fromBucket.status, fromBucket.headers.get("content-type"), fromBucket.headers.get("cache-control")]).toEqual([200, "image/webp", "public, max-age=86400"]);

      // The signed link, once through each process: the one that took the upload and the other.
      const served = [await anna.request(second!), await anna.request(second!)];
      expect(new Set(served.map((reply) => Number(reply.headers.get(SERVED_BY))))).toEqual(new Set([0, 1]));
      for (const reply of served) {
        expect([reply.status, reply.headers.get("content-type")]).toEqual([200, "image/webp"]);
        const bytes = Buffer.from(await reply.arrayBuffer());
        expect(bytes.equals(s3.objects.get(privateKey)!.data)).toBe(true);
        expect((await sharp(bytes).metadata()).format).toBe("webp");
      }
      // Every object reached the store signed with the configured key (the store refuses others).
      expect(s3.requests.filter((request) => request.method === "PUT").every((request) => request.headers.authorization?.includes(`Credential=${ACCESS_KEY}/`))).toBe(true);
    });
  });

  it("announces a message sent through one process on the recipient's stream on the other", async () => {
    await phase(3, async () => {
      const chat = await anna.open(`/members/${ids.bas}/chat`);
      expect(chat.status).toBe(200);
      const stream = await bas.eventStream();
      expect(stream.status).toBe(200);
      await stream.waitFor(/retry: \d+\n/);
      try {
        const sent = await anna.submit(chat, "chat-send", { body: "Hoi Bas, zin in koffie?" });
        // The stream was the request just before: the proxy sent the message to the other process.
        expect(firstServedBy(sent)).not.toBe(stream.servedBy);
        expect(sent.hops[0]!.status).toBe(302);
        const conversation = Number(/^\/chats\/(\d+)$/.exec(pathOf(sent))?.[1]);
        expect(conversation).toBeGreaterThan(0);

        const announced = await stream.waitFor(/event: message\ndata: (\{.*\})\n/);
        expect(JSON.parse(announced[1]!)).toMatchObject({ conversation });
        // Ids only: the text itself never travels through the stream.
        expect(stream.text).not.toContain("koffie");
        const read = await bas.open(`/chats/${conversation}`);
        expect(read.status).toBe(200);
        expect(read.html).toContain("Hoi Bas, zin in koffie?");
      } finally {
        stream.close();
      }
    });
  });

  it("buys a credit bundle through the local checkout; credits and premium show through both processes", async () => {
    await phase(4, async () => {
      const [before] = await throughBoth(bas, "/chats");
      const credits = Number(attributeOf(before!.html, "chat-credits", "data-credits"));
      expect(Number.isInteger(credits)).toBe(true);

      const bundle = await bas.click(await bas.open("/credits"), "buy-popular");
      const confirm = await bas.click(bundle, "method-ideal");
      expect(pathOf(confirm)).toBe("/credits/popular/ideal");
      const checkout = await bas.submit(confirm, "confirm-pay", { issuer: "ideal_INGBNL2A" });
      expect(pathOf(checkout)).toMatch(/^\/dev\/checkout\/tr_local_[\w-]+$/);
      expect(new URL(checkout.url).origin).toBe(proxy.url);
      // The simulated checkout is no page for a visitor who comes through a proxy (review N-L-7).
      expect(checkout.status).toBe(404);
      const paid = await desk.submit(await desk.open(pathOf(checkout)), "checkout-paid");
      // The checkout sends the buyer back to their transaction page on the site.
      const back = paid.hops.map((hop) => new URL(hop.url)).find((url) => url.origin === proxy.url && /^\/transactions\/\d+$/.test(url.pathname));
      expect(back, paid.hops.map((hop) => hop.url).join(" → ")).toBeDefined();
      const result = await bas.open(back!.pathname);
      expect(pathOf(result)).toMatch(/^\/transactions\/\d+$/);
      expect(attributeOf(result.html, "transaction", "data-state")).toBe("completed");

      for (const page of await throughBoth(bas, "/chats")) {
        expect(Number(attributeOf(page.html, "chat-credits", "data-credits"))).toBe(credits + BUNDLE_CREDITS);
      }
      for (const page of await throughBoth(bas, "/premium")) {
        expect(page.html).toMatch(/data-testid="premium-status"[^>]*>Je bent premium lid/);
      }
    });
  });
});
