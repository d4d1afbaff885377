import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MessageBirdError, MessageBirdSmsService } from "./messagebird.server";

interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A tiny in-process MessageBird: every request recorded, answered with `answer`. */
const requests: RecordedRequest[] = [];
let answer: { status: number; body: string };
let server: Server;
let endpoint: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requests.length = 0;
  answer = { status: 201, body: JSON.stringify({ id: "49e40bae0b374f1ca5e3d04d46edc7c1", recipients: { totalCount: 1 } }) };
});

const service = () => new MessageBirdSmsService({ accessKey: "live_key123", originator: "Flirtpunt", endpoint: `${endpoint}/` });

describe("MessageBird SMS", () => {
  it("posts the message to /messages with the access key, the originator and the recipient's MSISDN", async () => {
    await service().send({ siteId: "flirtpunt", to: "+31612345678", body: "Je code is 123456" });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.method).toBe("POST");
    expect(request!.url).toBe("/messages");
    expect(request!.headers.authorization).toBe("AccessKey live_key123");
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request!.body)).toEqual({ originator: "Flirtpunt", recipients: ["31612345678"], body: "Je code is 123456" });
  });

  it("throws with the provider's description on a refusal", async () => {
    answer = { status: 422, body: JSON.stringify({ errors: [{ code: 9, description: "no (correct) recipients found", parameter: "recipients" }] }) };
    const sent = service().send({ siteId: "flirtpunt", to: "+31612345678", body: "x" });
    await expect(sent).rejects.toBeInstanceOf(MessageBirdError);
    await expect(sent).rejects.toThrow("(HTTP 422): no (correct) recipients found");
  });

  it("throws on a server error without a JSON body", async () => {
    answer = { status: 503, body: "Service Unavailable" };
    await expect(service().send({ siteId: "flirtpunt", to: "+31612345678", body: "x" })).rejects.toThrow("(HTTP 503): Service Unavailable");
  });

  it("throws on a wrong access key", async () => {
    answer = { status: 401, body: JSON.stringify({ errors: [{ code: 2, description: "Request not allowed (incorrect access_key)" }] }) };
    await expect(service().send({ siteId: "flirtpunt", to: "+31612345678", body: "x" })).rejects.toThrow(/\(HTTP 401\): Request not allowed/);
  });
});
