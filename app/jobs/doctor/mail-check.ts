import nodemailer from "nodemailer";
import { transportOptions } from "~/services/mail/smtp.server";
import { ok, problem, skipped, type Check } from "./check";

/** nodemailer's error codes, in words, with what to look at. */
const ADVICE: Record<string, string> = {
  ECONNECTION: "the server refused or dropped the connection: check SMTP_HOST, SMTP_PORT and the firewall",
  ETIMEDOUT: "no answer in time: check SMTP_HOST, SMTP_PORT and the firewall",
  EDNS: "the host name does not resolve: check SMTP_HOST",
  EAUTH: "the login was refused: check SMTP_USER and SMTP_PASSWORD",
  ETLS: "TLS failed: with port 465 set SMTP_SECURE=1, with 587 leave it off (STARTTLS)",
  ESOCKET: "the connection failed: check SMTP_PORT and SMTP_SECURE (1 for port 465)",
};

/**
 * Connects to the SMTP server with the server's own transport settings
 * (app/services/mail/smtp.server.ts), says EHLO, starts TLS and logs in, without sending a mail.
 */
export const mailCheck: Check = {
  name: "mail",
  settings: ["SMTP_", "LOCAL_SERVICES", "NODE_ENV"],
  async run(env, options) {
    if (env.localServices) return [skipped("LOCAL_SERVICES=1: mails go to the local outbox (/dev/mail); no SMTP server checked")];
    if (!env.SMTP_HOST) return [problem("SMTP_HOST is not set: required when LOCAL_SERVICES is off (with SMTP_PORT, SMTP_USER, SMTP_PASSWORD)")];
    const settings = { host: env.SMTP_HOST, port: env.SMTP_PORT, secure: env.SMTP_SECURE === "1", user: env.SMTP_USER, password: env.SMTP_PASSWORD };
    const transportSettings = transportOptions(settings);
    const transport = nodemailer.createTransport({
      ...transportSettings,
      connectionTimeout: options.timeoutMs,
      greetingTimeout: options.timeoutMs,
      socketTimeout: options.timeoutMs,
    });
    const where = `SMTP ${settings.host}:${settings.port}`;
    try {
      await transport.verify();
      const tls = settings.secure ? " over TLS" : transportSettings.requireTLS ? " and STARTTLS" : "";
      return [ok(`${where} answers EHLO${tls}${settings.user ? ", the login is accepted" : ""}`)];
    } catch (error) {
      const code = (error as { code?: string }).code ?? "";
      const message = error instanceof Error ? error.message : String(error);
      // A refused connection comes as a socket error; it says the same as a refusal in the greeting.
      const advice = ADVICE[message.includes("ECONNREFUSED") ? "ECONNECTION" : code] ?? "check the SMTP settings";
      return [problem(`${where}: ${message}${code && !message.includes(code) ? ` (${code})` : ""}; ${advice}`)];
    } finally {
      transport.close();
    }
  },
};
