import type { Transporter } from "nodemailer";
import type { Env } from "../env";
import type { Logger } from "../logger";

export type MailMessage = { to: string; subject: string; text: string; html: string };

/** The app's outgoing email (password reset, email confirmation), over SMTP. */
export type Mailer = {
  /** False without SMTP_URL: the screens then tell owners to ask the person who runs Directors. */
  configured: boolean;
  /**
   * Sends in the background: the request that asked for it answers at once,
   * taking as long whether or not a message went out (a reset request must not
   * tell whether an email has an account). A failure is logged by its code,
   * never with the address or the message.
   */
  send(message: MailMessage, purpose: string): void;
  /** Resolves once every message handed to `send` so far has been delivered or has failed. */
  idle(): Promise<void>;
};

export function createMailer(env: Pick<Env, "SMTP_URL" | "MAIL_FROM">, log: Logger): Mailer {
  const pending = new Set<Promise<void>>();
  if (!env.SMTP_URL) {
    return {
      configured: false,
      send: (_message, purpose) => log.warn({ purpose }, "no SMTP_URL: email not sent"),
      idle: async () => {},
    };
  }
  // nodemailer is loaded on first use, and not at all without SMTP_URL.
  let transport: Promise<Transporter> | undefined;
  const transporter = (url: string) => {
    transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(url));
    return transport;
  };
  const smtpUrl = env.SMTP_URL;
  return {
    configured: true,
    send(message, purpose) {
      const started = performance.now();
      const delivery = transporter(smtpUrl)
        .then((smtp) => smtp.sendMail({ from: env.MAIL_FROM, ...message }))
        .then(() => log.info({ purpose, ms: Math.round(performance.now() - started) }, "email sent"))
        .catch((error: unknown) => {
          const { code, responseCode } = error as { code?: string; responseCode?: number };
          log.error({ purpose, code, responseCode }, "email could not be sent");
        })
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async idle() {
      await Promise.all([...pending]);
    },
  };
}
