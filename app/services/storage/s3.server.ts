import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";
import { assertStorageKey, contentTypeOf, type Storage } from "./storage";

/** Connection settings for an S3-compatible object store (AWS S3, MinIO, Cloudflare R2, Scaleway...). */
export interface S3Config {
  /** Base URL of the S3 API, e.g. `https://s3.eu-central-1.amazonaws.com` or `http://127.0.0.1:9000`. */
  endpoint: string;
  /** The private bucket: every file; nothing in it is readable without the credentials. */
  bucket: string;
  /** The public bucket: the published copies (members' faces), read by browsers through `publicUrl`. */
  publicBucket: string;
  /** Signing region; `us-east-1` also works for R2 (an alias of `auto`) and a default MinIO. */
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` when true, `bucket.endpoint/key` (virtual-host style) when false. */
  forcePathStyle: boolean;
  /** Where browsers load published copies from: a CDN or the public bucket's address. */
  publicUrl: string;
}

export interface S3StorageOptions {
  /** Deadline for one call, retries included. */
  timeoutMs?: number;
  /** Extra attempts after a 5xx or 429 answer (aws4fetch backs off between them). */
  retries?: number;
}

/** Private files go to the server only, which sends them on with headers of its own (/private-media). */
const PRIVATE_CACHE_CONTROL = "private, no-store";
/**
 * A published copy may be cached, but not for long: once it is taken down (another face chosen,
 * the account deleted) a CDN or proxy stops serving it within a day
 * (docs/decisions/045-media-private-and-public-storage-areas.md).
 */
export const PUBLISHED_CACHE_CONTROL = "public, max-age=86400";

function withoutTrailingSlashes(value: string): string {
  return value.replace(/\/+$/, "");
}

/** The API URL of an object, path-style or virtual-host style. */
export function objectUrl(config: Pick<S3Config, "endpoint" | "bucket" | "forcePathStyle">, key: string): string {
  assertStorageKey(key);
  const url = new URL(config.endpoint);
  const basePath = withoutTrailingSlashes(url.pathname);
  const encodedKey = key.split("/").map(encodeURIComponent).join("/");
  if (config.forcePathStyle) {
    url.pathname = `${basePath}/${encodeURIComponent(config.bucket)}/${encodedKey}`;
  } else {
    url.hostname = `${config.bucket}.${url.hostname}`;
    url.pathname = `${basePath}/${encodedKey}`;
  }
  url.search = "";
  url.hash = "";
  return url.toString();
}

/** Objects in an S3-compatible bucket, signed with AWS Signature V4 and sent with the global fetch. */
export class S3Storage implements Storage {
  private readonly client: AwsClient;
  private readonly publicPrefix: string;
  private readonly timeoutMs: number;

  constructor(
    private readonly config: S3Config,
    options: S3StorageOptions = {},
  ) {
    this.client = new AwsClient({
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      service: "s3",
      region: config.region,
      retries: options.retries ?? 2,
    });
    this.publicPrefix = withoutTrailingSlashes(config.publicUrl);
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertStorageKey(key);
    const response = await this.send("PUT", key, {
      body: data,
      headers: {
        "Content-Type": contentType,
        "Cache-Control": PRIVATE_CACHE_CONTROL,
        // The signed payload hash lets the store reject a body changed or cut off on the way.
        "X-Amz-Content-Sha256": createHash("sha256").update(data).digest("hex"),
      },
    });
    if (!response.ok) throw await this.failure("PUT", key, response);
    await discard(response);
  }

  async has(key: string): Promise<boolean> {
    assertStorageKey(key);
    const response = await this.send("HEAD", key);
    await discard(response);
    if (response.status === 200) return true;
    if (response.status === 404) return false;
    throw await this.failure("HEAD", key, response);
  }

  async get(key: string): Promise<Buffer | null> {
    assertStorageKey(key);
    const response = await this.send("GET", key);
    if (response.status === 404) {
      await discard(response);
      return null;
    }
    if (!response.ok) throw await this.failure("GET", key, response);
    return Buffer.from(await response.arrayBuffer());
  }

  async remove(key: string): Promise<void> {
    assertStorageKey(key);
    await Promise.all([this.delete(this.config.bucket, key), this.delete(this.config.publicBucket, key)]);
  }

  /** A server-side copy into the public bucket (the bytes never pass through this server). */
  async publish(key: string): Promise<void> {
    assertStorageKey(key);
    const source = `/${encodeURIComponent(this.config.bucket)}/${key.split("/").map(encodeURIComponent).join("/")}`;
    const response = await this.send("PUT", key, {
      bucket: this.config.publicBucket,
      headers: {
        "X-Amz-Copy-Source": source,
        // The copy gets the public headers, not the private object's.
        "X-Amz-Metadata-Directive": "REPLACE",
        "Content-Type": contentTypeOf(key),
        "Cache-Control": PUBLISHED_CACHE_CONTROL,
      },
    });
    if (!response.ok) throw await this.failure("COPY", key, response);
    // A copy can fail after its 200: the body then holds an <Error> (S3 CopyObject documentation).
    const body = await response.text();
    const code = /<Error>[\s\S]*?<Code>([^<]{1,100})<\/Code>/.exec(body)?.[1];
    if (code) throw new Error(`S3 COPY ${key} failed (${code})`);
  }

  async unpublish(key: string): Promise<void> {
    assertStorageKey(key);
    await this.delete(this.config.publicBucket, key);
  }

  private async delete(bucket: string, key: string): Promise<void> {
    const response = await this.send("DELETE", key, { bucket });
    // S3 answers 204 whether or not the object existed; some compatible stores answer 200 or 404.
    if (response.status !== 204 && response.status !== 200 && response.status !== 404) {
      throw await this.failure("DELETE", key, response);
    }
    await discard(response);
  }

  publicUrl(key: string): string {
    assertStorageKey(key);
    return `${this.publicPrefix}/${key}`;
  }

  private async send(method: "PUT" | "HEAD" | "GET" | "DELETE", key: string, init: { bucket?: string; body?: Buffer; headers?: Record<string, string> } = {}) {
    try {
      return await this.client.fetch(objectUrl({ ...this.config, bucket: init.bucket ?? this.config.bucket }, key), {
        method,
        headers: init.headers,
        // Copied into an own ArrayBuffer, which the fetch body type asks for (photos are small).
        body: init.body ? new Uint8Array(init.body) : undefined,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      // Network failures and timeouts; their messages never carry the credentials.
      const reason = describe(error);
      const name = method === "PUT" && init.headers?.["X-Amz-Copy-Source"] ? "COPY" : method;
      throw new Error(`S3 ${name} ${key} failed: ${reason}`, { cause: error });
    }
  }

  private async failure(method: string, key: string, response: Response): Promise<Error> {
    // S3 error bodies are XML with a short <Code> (AccessDenied, NoSuchBucket...); only that is kept.
    const body = method === "HEAD" ? "" : await response.text().catch(() => "");
    const code = /<Code>([^<]{1,100})<\/Code>/.exec(body)?.[1];
    return new Error(`S3 ${method} ${key} failed with status ${response.status}${code ? ` (${code})` : ""}`);
  }
}

async function discard(response: Response): Promise<void> {
  // An unread body keeps its connection busy; success bodies are empty or irrelevant.
  if (response.body && !response.bodyUsed) await response.body.cancel().catch(() => undefined);
}

/** `fetch failed` alone says little; undici keeps the reason (ECONNREFUSED, ENOTFOUND...) in `cause`. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
}
