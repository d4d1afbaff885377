import type { OutgoingSms, SmsService } from "./sms";

export interface MessageBirdOptions {
  accessKey: string;
  /** Sender name (at most 11 letters) or number shown on the phone. */
  originator: string;
  /** Another API base URL; tests point it at a local server. */
  endpoint?: string;
  /** A hung provider must not hold the buyer's request for long. */
  timeoutMs?: number;
}

export class MessageBirdError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(`MessageBird refused the message (HTTP ${status}): ${detail}`);
  }
}

/** MessageBird's REST API (POST /messages). */
export class MessageBirdSmsService implements SmsService {
  private readonly endpoint: string;

  constructor(private readonly options: MessageBirdOptions) {
    this.endpoint = (options.endpoint ?? "https://rest.messagebird.com").replace(/\/+$/, "");
  }

  async send(message: OutgoingSms): Promise<void> {
    const response = await fetch(`${this.endpoint}/messages`, {
      method: "POST",
      headers: { Authorization: `AccessKey ${this.options.accessKey}`, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        originator: this.options.originator,
        // MessageBird takes MSISDNs: the E.164 digits without the plus.
        recipients: [message.to.replace(/^\+/, "")],
        body: message.body,
      }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    if (!response.ok) throw new MessageBirdError(response.status, await errorDetail(response));
  }
}

/** The provider's own error descriptions, when its answer has them. */
async function errorDetail(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  try {
    const parsed = JSON.parse(text) as { errors?: { description?: string }[] };
    const descriptions = parsed.errors?.map((error) => error.description).filter(Boolean);
    if (descriptions?.length) return descriptions.join("; ");
  } catch {
    // Not JSON (a proxy's error page): the raw text says more than nothing.
  }
  return text.slice(0, 200) || response.statusText;
}
