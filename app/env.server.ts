import { z } from "zod";

/**
 * A development convenience is on only when asked for (`1` or `true`), whatever NODE_ENV says, so
 * a server started by hand fails closed (docs/product/safety.md#fail-closed); the test runner
 * (NODE_ENV=test) asks for it by default.
 */
function explicitFlag(raw: string | undefined, test: boolean): boolean {
  if (raw === undefined || raw === "") return test;
  return raw === "1" || raw.toLowerCase() === "true";
}

const PWNED_PASSWORDS_API = "https://api.pwnedpasswords.com/range/";
/** The shortest session secret a server with real members accepts. */
export const MIN_SECRET_LENGTH = 32;

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z.string().url().optional(),
  /**
   * The database itself when DATABASE_URL goes through a pooler in transaction mode: listening
   * for member events and the migration lock need a session of their own (docs/scaling.md#pooler).
   */
  DATABASE_DIRECT_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(".data"),
  TENANTS_DIR: z.string().default("tenants"),
  DEFAULT_TENANT: z.string().optional(),
  /** A host of its own for the staff area; unset: /staff on every brand's host (docs/product/staff.md#the-staff-area). */
  STAFF_HOST: z.string().optional(),
  DEV_TENANT_HOSTS: z.string().optional(),
  LOCAL_SERVICES: z.string().optional(),
  /** The proxies in front of the server: a hop count or addresses/CIDR ranges (app/web/client-address.server.ts). */
  TRUSTED_PROXIES: z.string().optional(),
  /** Replaced by TRUSTED_PROXIES; refused so that an old setting is not silently ignored. */
  TRUST_FORWARDED_FOR: z.undefined({ message: "replaced by TRUSTED_PROXIES (a hop count such as 1, or the proxies' addresses)" }).optional(),
  /** Name of a header a trusted proxy sets to the original host, e.g. x-forwarded-host. */
  TRUST_FORWARDED_HOST_HEADER: z.string().toLowerCase().optional(),
  /** Name of a header set by a trusted proxy or CDN that carries the visitor's ISO country, e.g. cf-ipcountry. */
  GEO_COUNTRY_HEADER: z.string().toLowerCase().optional(),
  SESSION_SECRETS: z.string().optional(),
  /** SMTP server for real mail; used when the local services are off. */
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  /** `1` for implicit TLS (port 465); otherwise STARTTLS is used when offered. */
  SMTP_SECURE: z.string().optional(),
  /** Web-push identity (npx web-push generate-vapid-keys); generated in DATA_DIR with LOCAL_SERVICES. */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  /** The shared secret of the mail provider's bounce and complaint webhook (its basic-auth password). */
  MAIL_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** The secret of the mail provider's inbound webhook (replies to support mails), another than MAIL_WEBHOOK_SECRET. */
  MAIL_INBOUND_SECRET: z.string().min(16).optional(),
  /** The bearer token Prometheus sends for /metrics; without it /metrics is an unknown page (docs/operations.md#metrics). */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * `1` (the browser tests only): the /dev pages also answer requests that a proxy on this machine
   * forwarded, as the browser tests give each visitor an address of their own that way.
   */
  DEV_PAGES_FORWARDED: z.string().optional(),
  /** Comma-separated host names of push services besides the browsers' own (tests, a private push service). */
  PUSH_ENDPOINT_HOSTS: z.string().optional(),
  /** Hosts a conversion postback may call over plain HTTP (a local test endpoint); all others must be HTTPS. */
  POSTBACK_HOSTS: z.string().optional(),
  /** Mollie live or test API key; payments go through Mollie when the local services are off. */
  /**
   * The Pwned Passwords range API (k-anonymity: only five hex digits of a password's SHA-1 leave),
   * or `off`. Unset: Have I Been Pwned's with real services, none with the local services.
   */
  PWNED_PASSWORDS_URL: z.union([z.literal("off"), z.string().url()]).optional(),
  MOLLIE_API_KEY: z.string().optional(),
  /** Another Mollie API base URL (tests point it at a simulated API). */
  MOLLIE_API_ENDPOINT: z.string().url().optional(),
  /** MessageBird (Bird) access key; SMS codes go through it when the local services are off. */
  MESSAGEBIRD_ACCESS_KEY: z.string().optional(),
  /** Another MessageBird API base URL (tests point it at a simulated API). */
  MESSAGEBIRD_API_ENDPOINT: z.string().url().optional(),
  /** Sender name or number of the SMS messages (at most 11 letters or a phone number). */
  SMS_ORIGINATOR: z.string().max(16).default("Verify"),
  /** `1` seeds demo members into an empty database on start (the quick start sets it). */
  SEED_ON_START: z.string().optional(),
  /**
   * `0`: this process answers requests and runs no scheduled jobs — for web processes when another
   * process runs the jobs, and for the benchmarks, whose per-request figures must not include a
   * job's work (docs/scaling.md#processes).
   */
  RUN_JOBS: z.enum(["0", "1"]).default("1"),
  /** `1` also creates the demo logins and the DEMO10 code on a freshly seeded database (never with real services). */
  SEED_DEMO_LOGINS: z.string().optional(),
  /**
   * Load shedding (docs/operations.md#load-shedding): a process whose event loop runs this many ms
   * late on average over half a second answers new requests with a quick 503; `0` turns it off.
   */
  SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(200),
  /** Requests a process answers at once (event streams not counted) before it answers new ones with a quick 503; `0`: no limit. */
  SHED_MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(1_000_000).default(100),
  /** The Retry-After of a shed request, and after how long the busy page reloads itself. */
  SHED_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(600).default(3),
  /** The address the HTTP server listens on; 127.0.0.1 unless set (0.0.0.0 behind a proxy or in a container). */
  HOST: z.string().default("127.0.0.1"),
  /** How many demo members each pool gets when an empty database is seeded on start. */
  DEMO_PROFILES_PER_POOL: z.coerce.number().int().min(0).max(100_000).default(300),
  /** S3 API base URL (AWS, MinIO, R2, Scaleway...); files go to object storage instead of DATA_DIR when S3_BUCKET is set. */
  S3_ENDPOINT: z.string().url().optional(),
  /** Private bucket for every uploaded and generated file (no public access); setting it switches storage to S3. */
  S3_BUCKET: z.string().optional(),
  /** Public bucket for the copies anyone may load (members' faces), on the same endpoint with the same keys; served from S3_PUBLIC_URL. */
  S3_PUBLIC_BUCKET: z.string().optional(),
  /** Signing region; `us-east-1` when unset, which R2 and a default MinIO also accept. */
  S3_REGION: z.string().optional(),
  /** Access key with put, get, head and delete rights on both buckets (and copy from the private one into the public one). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** `1` for `endpoint/bucket/key` URLs (MinIO); otherwise `bucket.endpoint/key`. */
  S3_FORCE_PATH_STYLE: z.string().optional(),
  /** Public base URL of S3_PUBLIC_BUCKET (a CDN or the bucket's public address); browsers load `<url>/<key>`. */
  S3_PUBLIC_URL: z.string().url().optional(),
});

/** Object storage settings (null for the local disk), and what is missing or wrong in them. */
function s3Settings(env: z.infer<typeof envSchema>) {
  if (!env.S3_BUCKET) return { s3: null, problems: [] };
  const problems: SettingError[] = [];
  const required = (name: string, value: string | undefined): string => {
    if (!value) problems.push(new SettingError(name, "required when S3_BUCKET is set"));
    return value ?? "";
  };
  // Before, one bucket held every file and served them all publicly (review L-3): an old setting
  // must not start as if nothing changed.
  if (!env.S3_PUBLIC_BUCKET) {
    problems.push(new SettingError("S3_PUBLIC_BUCKET", "required when S3_BUCKET is set (S3_BUCKET is private now; faces are copied to S3_PUBLIC_BUCKET, served from S3_PUBLIC_URL: README, Object storage)"));
  } else if (env.S3_PUBLIC_BUCKET === env.S3_BUCKET) {
    problems.push(new SettingError("S3_PUBLIC_BUCKET", "must be another bucket than S3_BUCKET, which holds the private files"));
  }
  const s3 = {
    endpoint: required("S3_ENDPOINT", env.S3_ENDPOINT),
    bucket: env.S3_BUCKET,
    publicBucket: env.S3_PUBLIC_BUCKET ?? "",
    region: env.S3_REGION || "us-east-1",
    accessKeyId: required("S3_ACCESS_KEY_ID", env.S3_ACCESS_KEY_ID),
    secretAccessKey: required("S3_SECRET_ACCESS_KEY", env.S3_SECRET_ACCESS_KEY),
    forcePathStyle: env.S3_FORCE_PATH_STYLE === "1" || env.S3_FORCE_PATH_STYLE?.toLowerCase() === "true",
    publicUrl: required("S3_PUBLIC_URL", env.S3_PUBLIC_URL),
  };
  return { s3: problems.length > 0 ? null : s3, problems };
}

/**
 * A setting that is missing or wrong. The server's start and the commands say it in one line,
 * naming the setting, instead of a stack trace (server.mjs, app/jobs/run-command.ts).
 */
export class SettingError extends Error {
  constructor(
    readonly setting: string,
    readonly reason: string,
  ) {
    super(`Invalid environment variable ${setting}: ${reason}`);
    this.name = "SettingError";
  }
}

/**
 * Without SESSION_SECRETS only a local or test server may run: it gets a random secret of its own
 * (app/services/secrets/keys.server.ts); a known built-in secret would let anyone forge sessions.
 * Asked when a key is first needed, so a command that signs nothing runs without the secrets.
 */
export function requireSessionSecrets(config: Pick<Env, "sessionSecrets" | "localServices" | "NODE_ENV">): void {
  if (config.sessionSecrets.length === 0 && !config.localServices && config.NODE_ENV !== "test") {
    throw new SettingError("SESSION_SECRETS", "required unless LOCAL_SERVICES=1 (comma-separated, newest first; the same value as the server's)");
  }
}

export type Env = ReturnType<typeof settingsOf>["env"];
type Runner = { testRunner: boolean };
const defaultRunner = (): Runner => ({ testRunner: process.env.VITEST !== undefined });

export function parseEnv(source: Record<string, string | undefined> = process.env, runner = defaultRunner()): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new SettingError(issue?.path.join(".") ?? "?", issue?.message ?? "invalid");
  }
  const { env, problems } = settingsOf(parsed.data, runner);
  if (problems[0]) throw problems[0];
  return env;
}

/**
 * Every setting that is missing or wrong, not only the first (`npm run doctor`), and the settings
 * as far as they parse: a wrong one is left out, so it takes its default or stays unset.
 */
export function readSettings(source: Record<string, string | undefined> = process.env, runner = defaultRunner()): { env: Env; problems: SettingError[] } {
  const parsed = envSchema.safeParse(source);
  if (parsed.success) return settingsOf(parsed.data, runner);
  const problems = parsed.error.issues.map((issue) => new SettingError(issue.path.join(".") || "?", issue.message));
  const wrong = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const rest = envSchema.parse(Object.fromEntries(Object.entries(source).filter(([name]) => !wrong.has(name))));
  const settings = settingsOf(rest, runner);
  return { env: settings.env, problems: [...problems, ...settings.problems] };
}

/** The settings with what follows from them, and the problems found in their combination. */
function settingsOf(env: z.infer<typeof envSchema>, runner: Runner) {
  const problems: SettingError[] = [];
  const production = env.NODE_ENV === "production";
  const test = env.NODE_ENV === "test";
  // NODE_ENV=test brings a built-in secret and local services by default: for the test runner only (review N-L-9).
  if (test && !runner.testRunner) problems.push(new SettingError("NODE_ENV", "NODE_ENV=test is for the test runner only"));
  const localServices = explicitFlag(env.LOCAL_SERVICES, test);
  const sessionSecrets = (env.SESSION_SECRETS ?? "").split(",").map((secret) => secret.trim()).filter(Boolean);
  // Real services mean real members, whatever NODE_ENV says (review N-L-9).
  if ((production || !localServices) && sessionSecrets.some((secret) => secret.length < MIN_SECRET_LENGTH)) {
    problems.push(new SettingError("SESSION_SECRETS", `each secret needs at least ${MIN_SECRET_LENGTH} characters in production and with real services`));
  }
  const storage = s3Settings(env);
  problems.push(...storage.problems);
  return {
    problems,
    env: {
      ...env,
      production,
      /** Cookies only over HTTPS: in production, and with real services whatever NODE_ENV says (review N-L-9). */
      secureCookies: production || !localServices,
      /** Newest first; older ones still verify what was signed before a rotation; empty: a generated one. */
      sessionSecrets,
      devTenantHosts: explicitFlag(env.DEV_TENANT_HOSTS, test),
      localServices,
      devPagesForwarded: env.DEV_PAGES_FORWARDED === "1",
      seedOnStart: env.SEED_ON_START === "1",
      runJobs: env.RUN_JOBS === "1",
      seedDemoLogins: env.SEED_DEMO_LOGINS === "1" && localServices,
      pushEndpointHosts: (env.PUSH_ENDPOINT_HOSTS ?? "").split(",").map((host) => host.trim().toLowerCase()).filter(Boolean),
      postbackHosts: (env.POSTBACK_HOSTS ?? "").split(",").map((host) => host.trim().toLowerCase()).filter(Boolean),
      /** Where new passwords are looked up in the breach corpus (review L-6); null: the bundled list only. */
      pwnedPasswordsUrl: env.PWNED_PASSWORDS_URL === "off" ? null : (env.PWNED_PASSWORDS_URL ?? (localServices ? null : PWNED_PASSWORDS_API)),
      shedding: { maxEventLoopDelayMs: env.SHED_EVENT_LOOP_DELAY_MS, maxInFlight: env.SHED_MAX_IN_FLIGHT, retryAfterSeconds: env.SHED_RETRY_AFTER_SECONDS },
      /** Object storage when S3_BUCKET is set; null keeps files on the local disk. */
      s3: storage.s3,
    },
  };
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}
