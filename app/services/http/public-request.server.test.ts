import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress, publicRequest } from "./public-request.server";

let server: Server;
let port = 0;
let connections = 0;
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === "/moved") response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
    else response.writeHead(204).end();
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("a public address", () => {
  it("is one on the internet, not this machine, a private network, link-local or a metadata service", () => {
    for (const address of ["8.8.8.8", "151.101.1.69", "2606:4700:4700::1111", "2a00:1450:4001::200e"]) expect(isPublicAddress(address), address).toBe(true);
    for (const address of ["127.0.0.1", "127.8.9.1", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "::1", "::", "fd00:ec2::254", "fe80::1", "::ffff:127.0.0.1", "::ffff:a9fe:a9fe", "64:ff9b::a00:1", "not an address"]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});

describe("a request to the outside world", () => {
  it("is refused before any connection to a loopback or private host, by name or by address", async () => {
    const before = connections;
    for (const url of [`http://127.0.0.1:${port}/`, `http://localhost:${port}/`, `https://localhost:${port}/`, `http://[::1]:${port}/`, "http://169.254.169.254/latest/meta-data/", "http://10.0.0.1/"]) {
      await expect(publicRequest(url, { method: "GET", allowedHosts: [], timeoutMs: 2_000 }), url).rejects.toThrow(/not a public address/);
    }
    expect(connections).toBe(before);
  });

  it("reaches a host the deployment allows, and follows no redirect", async () => {
    expect((await publicRequest(`http://127.0.0.1:${port}/`, { method: "GET", allowedHosts: ["127.0.0.1"], timeoutMs: 2_000 })).status).toBe(204);
    const moved = await publicRequest(`http://localhost:${port}/moved`, { method: "POST", body: Buffer.from("x"), allowedHosts: ["localhost"], timeoutMs: 2_000 });
    expect(moved.status).toBe(302);
  });
});
