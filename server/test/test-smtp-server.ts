import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on a free local port, for tests and local tries of the app's emails: SMTP_URL=<url>. It keeps
 * every message it receives as its decoded plain-text and HTML parts, so a test can follow the link a person would
 * click and check what a message says, not its random MIME boundaries.
 */

export type ReceivedMail = { from: string; to: string[]; subject: string; text: string; html: string };

export type TestSmtpServer = {
  url: string;
  messages: ReceivedMail[];
  /** The next message to this address not already taken, waiting for it to arrive. */
  nextMessageTo(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
};

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          subject: headerOf(raw, "subject") ?? "",
          text: partOf(raw, "text/plain"),
          html: partOf(raw, "text/html"),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async nextMessageTo(address, timeoutMs = 10_000) {
      const find = () => messages.find((mail) => !taken.has(mail) && mail.to.includes(address.toLowerCase()));
      const deadline = Date.now() + timeoutMs;
      let found = find();
      while (!found) {
        if (Date.now() > deadline) throw new Error(`No email to ${address} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, 200);
          waiters.add(wake);
        });
        found = find();
      }
      taken.add(found);
      return found;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a message's text. */
export function linkIn(mail: ReceivedMail): URL {
  const match = mail.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`No link in "${mail.subject}"`);
  return new URL(match[0]);
}

function headerOf(part: string, name: string): string | undefined {
  const head = part.split(/\r?\n\r?\n/)[0] ?? "";
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const line = unfolded.split(/\r?\n/).find((entry) => entry.toLowerCase().startsWith(`${name}:`));
  return line?.slice(name.length + 1).trim();
}

/** One part of a MIME message (text/plain or text/html), decoded from quoted-printable or base64. */
function partOf(raw: string, wanted: string): string {
  const type = headerOf(raw, "content-type") ?? "text/plain";
  const boundary = type.match(/boundary="?([^";]+)"?/)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const part of parts) {
    const partType = headerOf(part.trimStart(), "content-type") ?? "text/plain";
    if (partType.startsWith("multipart/")) {
      const nested = partOf(part.trimStart(), wanted);
      if (nested) return nested;
    }
    if (!partType.startsWith(wanted)) continue;
    const encoding = (headerOf(part.trimStart(), "content-transfer-encoding") ?? "7bit").toLowerCase();
    const body = part
      .trimStart()
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join("\n\n");
    if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    if (encoding === "quoted-printable") {
      const bytes = body
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return Buffer.from(bytes, "latin1").toString("utf8");
    }
    return body;
  }
  return "";
}
