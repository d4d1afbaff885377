import { spawn } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";

export interface DrillServer {
  port: number;
  output: () => string;
  stop: () => Promise<void>;
}

/** A port nobody listens on right now, chosen by the system. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", resolve);
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * The built server (`npm start`'s server.mjs) with the given settings, resolved once it listens;
 * rejected with its output when it ends or has not listened within the deadline.
 */
export async function startBuiltServer(settings: Record<string, string>, deadlineMs = 120_000): Promise<DrillServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { NODE_ENV: "production", PATH: process.env.PATH, HOME: process.env.HOME, ...settings, PORT: String(port), HOST: "127.0.0.1" };
  const child = spawn(process.execPath, ["server.mjs"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on("close", () => resolve()));
  let ended = false;
  void exited.then(() => (ended = true));
  const stop = async () => {
    if (!ended) child.kill("SIGTERM");
    await exited;
  };
  const deadline = Date.now() + deadlineMs;
  while (!output.includes("listening on")) {
    if (ended || Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not start (${ended ? "it ended" : `not listening after ${deadlineMs / 1000} s`}):\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { port, output: () => output, stop };
}
