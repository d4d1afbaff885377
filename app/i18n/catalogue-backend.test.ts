import { afterEach, describe, expect, it, vi } from "vitest";
import { catalogueBackend } from "./catalogue-backend";

/** Reads one catalogue through the backend with `fetch` answering as given; resolves with what i18next is told. */
function read(answer: () => Promise<Response>, language = "nl", namespace = "common") {
  const fetched: string[] = [];
  vi.stubGlobal("fetch", (url: string) => {
    fetched.push(url);
    return answer();
  });
  return new Promise<{ error: unknown; data: unknown; fetched: string[] }>((resolve) => {
    catalogueBackend("abc123").read(language, namespace, (error, data) => resolve({ error, data, fetched }));
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the browser's catalogue backend", () => {
  it("fetches the versioned catalogue and hands i18next its keys", async () => {
    const { error, data, fetched } = await read(async () => Response.json({ greeting: "Hoi" }));
    expect(fetched).toEqual(["/locales/nl/common.json?v=abc123"]);
    expect(error).toBeNull();
    expect(data).toEqual({ greeting: "Hoi" });
  });

  it("asks i18next to try again after a server error or a failed connection, not after a 404", async () => {
    const serverError = await read(async () => new Response("", { status: 503 }));
    expect(serverError.error).toBeInstanceOf(Error);
    expect(serverError.data).toBe(true);
    const offline = await read(() => Promise.reject(new TypeError("Failed to fetch")));
    expect(offline.error).toBeInstanceOf(Error);
    expect(offline.data).toBe(true);
    const missing = await read(async () => new Response("", { status: 404 }));
    expect(missing.error).toBeInstanceOf(Error);
    expect(missing.data).toBe(false);
  });

  it("refuses a catalogue that is not JSON without another try", async () => {
    const { error, data } = await read(async () => new Response("<html>", { status: 200 }));
    expect(error).toBeInstanceOf(Error);
    expect(data).toBe(false);
  });

  it("never puts anything but a plain name into the URL", async () => {
    const { error, data, fetched } = await read(async () => Response.json({}), "../../etc", "passwd");
    expect(fetched).toEqual([]);
    expect(error).toBeInstanceOf(Error);
    expect(data).toBe(false);
  });
});
