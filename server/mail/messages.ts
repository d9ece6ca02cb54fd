import type { MailMessage } from "./mailer";

/** The app's emails: a short plain-text body and the same words as simple HTML, one link each. */

export function passwordResetMessage(to: string, link: string): MailMessage {
  return message(to, {
    subject: "Reset your Directors password",
    intro: "Someone asked to reset the password of your Directors account. If it was you, choose a new password here:",
    action: "Choose a new password",
    link,
    outro:
      "The link works once, for one hour. If you did not ask for it, ignore this email: your password stays as it is.",
  });
}

export function emailConfirmationMessage(to: string, link: string): MailMessage {
  return message(to, {
    subject: "Confirm your email address for Directors",
    intro: "Please confirm that this is your email address, so you can always get back into your Directors account:",
    action: "Confirm my email address",
    link,
    outro: "The link works for 24 hours. If you did not create a Directors account, ignore this email.",
  });
}

/** The check-in reminder: the names of the metrics due and the link, never a figure. */
export function checkInReminderMessage(to: string, link: string, metricNames: readonly string[]): MailMessage {
  return message(to, {
    subject: "Your weekly check-in is due",
    intro: `Your check-in is due for: ${metricNames.join(", ")}. Your directors use these figures in their answers and weekly briefs.`,
    action: "Open the check-in",
    link,
    outro: "You can turn these emails off in Settings, under Numbers.",
  });
}

function message(
  to: string,
  parts: { subject: string; intro: string; action: string; link: string; outro: string },
): MailMessage {
  const text = [parts.intro, "", parts.link, "", parts.outro, "", "— Directors"].join("\n");
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #0f172a; line-height: 1.5">
<p>${escapeHtml(parts.intro)}</p>
<p><a href="${escapeHtml(parts.link)}" style="display: inline-block; background: #2553eb; color: #fff; padding: 10px 16px; border-radius: 8px; text-decoration: none">${escapeHtml(parts.action)}</a></p>
<p style="font-size: 14px; color: #475569">Or open this address: ${escapeHtml(parts.link)}</p>
<p style="font-size: 14px; color: #475569">${escapeHtml(parts.outro)}</p>
<p>— Directors</p>
</body></html>`;
  return { to, subject: parts.subject, text, html };
}

function escapeHtml(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}
