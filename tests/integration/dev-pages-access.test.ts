import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeTempDirs, send, startServer, waitForListening } from "../fixtures/server-process";

// The /dev pages of a local build answer only a person at this machine (review N-L-7): not a
// visitor that a tunnel (ngrok, cloudflared) or a proxy on this machine brings in from 127.0.0.1.
describe("the /dev pages of a local build", () => {
  let server: ReturnType<typeof startServer>;
  beforeAll(async () => {
    server = startServer("tenants", { DEV_TENANT_HOSTS: "1" });
    await waitForListening(server);
  });
  afterAll(async () => {
    await server.stop();
    removeTempDirs();
  });

  it("answer a browser on this machine at localhost", async () => {
    for (const host of [`flirtpunt.localhost:${server.port}`, `localhost:${server.port}`, `127.0.0.1:${server.port}`, `[::1]:${server.port}`]) {
      expect((await send(server.port, host, "/dev/mail")).status, host).toBe(200);
    }
  });

  it("are a 404 to a request a tunnel or proxy forwarded, or addressed to a public host name", async () => {
    const local = `flirtpunt.localhost:${server.port}`;
    const forwarded: [string, Record<string, string>][] = [
      [local, { "x-forwarded-for": "203.0.113.9" }],
      [local, { forwarded: "for=203.0.113.9" }],
      [local, { "x-real-ip": "203.0.113.9" }],
      [local, { "x-forwarded-host": "abc.ngrok-free.app" }],
      [local, { "cf-connecting-ip": "203.0.113.9" }],
      [local, { via: "1.1 tunnel" }],
      ["abc.ngrok-free.app", {}],
      ["www.flirtpunt.nl", {}],
    ];
    for (const [host, headers] of forwarded) {
      for (const path of ["/dev/mail", "/dev/sms"]) {
        expect((await send(server.port, host, path, { headers })).status, `${host} ${JSON.stringify(headers)} ${path}`).toBe(404);
      }
    }
  });
});
