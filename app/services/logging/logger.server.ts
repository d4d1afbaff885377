import { pino, type Logger } from "pino";

/*
 * The server's log: one JSON line per event on stdout (docs/operations.md#logs), for the log
 * collector of the platform it runs on. Pretty lines only for a person at a terminal outside
 * production. Nothing personal goes in: callers log opaque ids (app/web/request-log.server.ts),
 * and the paths below are removed should an object carrying them be logged.
 */
const REDACTED = ["password", "token", "email", "body", "text", "message", "ip", "headers.cookie", "headers.authorization", "*.password", "*.token", "*.email", "*.ip"];

function createLogger(): Logger {
  const options = { base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime, redact: { paths: REDACTED, remove: true } };
  // In the test runner warnings and errors go to console.error, where they fail the test that
  // caused them (tests/fixtures/fail-on-console.ts); request lines stay out of the test output.
  if (process.env.NODE_ENV === "test") return pino({ ...options, level: "warn" }, { write: (line: string) => console.error(line.trimEnd()) });
  const pretty = process.stdout.isTTY && process.env.NODE_ENV !== "production" && process.env.LOG_PRETTY !== "0";
  return pino({
    ...options,
    level: process.env.LOG_LEVEL ?? "info",
    ...(pretty ? { transport: { target: "pino-pretty", options: { colorize: true, translateTime: "SYS:HH:MM:ss" } } } : {}),
  });
}

let instance: Logger | undefined;

export function logger(): Logger {
  instance ??= createLogger();
  return instance;
}
