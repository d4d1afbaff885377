import { request } from "node:http";

interface Reply {
  status: number;
  cookies: string[];
  body: string;
}

/**
 * One request to the server on this machine under a brand's host name (fetch cannot set Host).
 * A form is posted as a browser posts it from a page of the site (`Sec-Fetch-Site: same-origin`),
 * which the request guard requires of every post (docs/decisions/016-one-request-guard.md).
 */
function send(port: number, host: string, path: string, options: { form?: Record<string, string>; cookie?: string } = {}): Promise<Reply> {
  const body = options.form ? new URLSearchParams(options.form).toString() : undefined;
  const headers: Record<string, string | number> = { host, accept: "text/html" };
  if (options.cookie) headers.cookie = options.cookie;
  if (body !== undefined) Object.assign(headers, { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body), "sec-fetch-site": "same-origin" });
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: "127.0.0.1", port, path, method: body === undefined ? "GET" : "POST", headers, timeout: 30_000 }, (incoming) => {
      let text = "";
      incoming.setEncoding("utf8");
      incoming.on("data", (chunk: string) => (text += chunk));
      incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, cookies: incoming.headers["set-cookie"] ?? [], body: text }));
    });
    outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer to ${path} within 30 s`)));
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** Logs in through the login form, as a member does; answers the session cookie. */
export async function logIn(port: number, host: string, email: string, password: string): Promise<string> {
  const reply = await send(port, host, "/login", { form: { email, password, redirectTo: "/" } });
  const session = reply.cookies.find((cookie) => /^(__Host-)?sid=/.test(cookie));
  if (!session) throw new Error(`the login of ${email} failed: status ${reply.status}, no session cookie`);
  return session.split(";")[0]!;
}

/** Opens the conversation's page and answers whether the text is on it. */
export async function conversationShows(port: number, host: string, cookie: string, conversationId: number, text: string): Promise<boolean> {
  const reply = await send(port, host, `/chats/${conversationId}`, { cookie });
  if (reply.status !== 200) throw new Error(`/chats/${conversationId} answered ${reply.status}`);
  return reply.body.includes(text);
}
