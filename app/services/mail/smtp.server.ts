import nodemailer, { type Transporter } from "nodemailer";
import type { MailService, OutgoingMail } from "./mail";

export interface SmtpOptions {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  password?: string;
}

/** A mail relay on this machine, the one place mail may go without TLS. */
export function isLocalHost(host: string): boolean {
  return ["localhost", "127.0.0.1", "::1", "[::1]"].includes(host.toLowerCase());
}

/**
 * nodemailer's settings: implicit TLS (`secure`), or STARTTLS that must succeed — a relay that
 * does not offer it, or an attacker who strips it, gets no password and no reset link in clear
 * text — except for a relay on this machine.
 */
export function transportOptions(options: SmtpOptions) {
  return {
    host: options.host,
    port: options.port,
    secure: options.secure,
    requireTLS: !options.secure && !isLocalHost(options.host),
    tls: { minVersion: "TLSv1.2" as const },
    auth: options.user ? { user: options.user, pass: options.password } : undefined,
  };
}

export class SmtpMailService implements MailService {
  private readonly transport: Transporter;

  constructor(options: SmtpOptions) {
    this.transport = nodemailer.createTransport(transportOptions(options));
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: mail.headers,
    });
  }
}
