import { createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import { mailCheck } from "./mail-check";

/** A relay that greets, answers EHLO and QUIT, and sends nothing anywhere; or one that never greets. */
function startRelay(greet: boolean): Promise<{ server: Server; port: number; sockets: Socket[] }> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    if (!greet) return;
    socket.write("220 relay.test ESMTP\r\n");
    socket.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString().split("\r\n").filter(Boolean)) {
        if (/^(EHLO|HELO)/i.test(line)) socket.write("250-relay.test\r\n250 8BITMIME\r\n");
        else if (/^QUIT/i.test(line)) socket.end("221 bye\r\n");
        else socket.write("502 not here\r\n");
      }
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, port: (server.address() as AddressInfo).port, sockets })));
}

const settings = (port: number) => parseEnv({ NODE_ENV: "development", LOCAL_SERVICES: "0", SESSION_SECRETS: "s".repeat(40), SMTP_HOST: "127.0.0.1", SMTP_PORT: String(port) });

describe("the mail check", () => {
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let silent: Awaited<ReturnType<typeof startRelay>>;
  let closedPort: number;
  beforeAll(async () => {
    relay = await startRelay(true);
    silent = await startRelay(false);
    const probe = await startRelay(false);
    closedPort = probe.port;
    await new Promise((resolve) => probe.server.close(resolve));
  });
  afterAll(async () => {
    for (const started of [relay, silent]) {
      for (const socket of started?.sockets ?? []) socket.destroy();
      await new Promise((resolve) => started?.server.close(resolve));
    }
  });

  it("greets the relay with the server's transport settings and says ok", async () => {
    expect(await mailCheck.run(settings(relay.port), { timeoutMs: 5000, paymentMode: "test" })).toEqual([
      { status: "ok", text: `SMTP 127.0.0.1:${relay.port} answers EHLO` },
    ]);
  });

  it("says a refused connection and what to look at", async () => {
    const [finding] = await mailCheck.run(settings(closedPort), { timeoutMs: 5000, paymentMode: "test" });
    expect(finding).toMatchObject({ status: "problem", text: expect.stringMatching(/ECONNREFUSED.*check SMTP_HOST, SMTP_PORT and the firewall$/) });
  });

  it("gives up on a relay that does not greet within the deadline", async () => {
    const [finding] = await mailCheck.run(settings(silent.port), { timeoutMs: 300, paymentMode: "test" });
    expect(finding).toMatchObject({ status: "problem", text: expect.stringMatching(/ETIMEDOUT|timeout/i) });
  });

  it("wants SMTP_HOST with real services, and checks nothing with the local ones", async () => {
    const missing = parseEnv({ NODE_ENV: "development", LOCAL_SERVICES: "0", SESSION_SECRETS: "s".repeat(40) });
    expect(await mailCheck.run(missing, { timeoutMs: 5000, paymentMode: "test" })).toEqual([{ status: "problem", text: expect.stringMatching(/^SMTP_HOST is not set/) }]);
    const local = parseEnv({ NODE_ENV: "development", LOCAL_SERVICES: "1", SMTP_HOST: "127.0.0.1" });
    expect(await mailCheck.run(local, { timeoutMs: 5000, paymentMode: "test" })).toEqual([{ status: "skipped", text: expect.stringMatching(/^LOCAL_SERVICES=1/) }]);
  });
});
