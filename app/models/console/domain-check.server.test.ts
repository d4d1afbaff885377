import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkDomain } from "./domain-check.server";

let server: Server;
let port: number;
const hosts: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    hosts.push(request.headers.host ?? "");
    response.writeHead(request.url === "/healthz" ? 200 : 404).end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the tenant check's domain probe", () => {
  it("asks /healthz with the brand's host, also on this server's own port", async () => {
    const answer = await checkDomain({ url: `http://alpha.localhost:${port}`, connectTo: { host: "127.0.0.1", port } });
    expect(answer).toMatchObject({ url: `http://alpha.localhost:${port}`, status: 200 });
    expect(hosts).toContain(`alpha.localhost:${port}`);
  });

  it("reports no answer when nothing listens", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const free = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await checkDomain({ url: `http://127.0.0.1:${free}` }, 500)).toMatchObject({ status: null });
  });
});
