// The alert digest (docs/decisions/053-saved-searches-and-alerts.md): one e-mail per student and
// run, with a section per alert — new matches of each saved search, deadline reminders, price and
// date changes of wishlisted programmes. Each section links to its search or programme and has its
// own one-click unsubscribe; the List-Unsubscribe header (RFC 8058) stops every alert the e-mail
// carried, and nothing else.
import type { MailMessage } from "../accounts/mail-messages.ts";
import type { NewMatch } from "../finder/new-matches.ts";

export interface SearchSection {
  kind: "search";
  name: string;
  path: string;
  count: number;
  newest: NewMatch[];
  token: string;
}

export interface DeadlineSection {
  kind: "deadlines";
  token: string;
  reminders: Array<{ name: string; slug: string; deadline: string; daysLeft: number }>;
}

export interface ChangeSection {
  kind: "changes";
  token: string;
  changes: Array<{ name: string; slug: string; what: string[] }>;
}

export type AlertSection = SearchSection | DeadlineSection | ChangeSection;

export interface DigestRecipient {
  email: string;
  firstName: string;
}

const HTML_SPECIAL = /[&<>"']/;

function escapeHtml(value: string): string {
  // Most names and every token need no escaping; a digest escapes dozens of strings.
  if (!HTML_SPECIAL.test(value)) return value;
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;

/** The subject names the one alert, or counts them. */
export function digestSubject(sections: readonly AlertSection[]): string {
  const [only] = sections;
  if (sections.length === 1 && only) {
    if (only.kind === "search") {
      return `${plural(only.count, "new programme matches", "new programmes match")} “${only.name}”`;
    }
    if (only.kind === "deadlines" && only.reminders.length === 1 && only.reminders[0]) {
      const reminder = only.reminders[0];
      return `${reminder.daysLeft} days left to apply: ${reminder.name}`;
    }
  }
  const matches = sections.reduce((sum, s) => sum + (s.kind === "search" ? s.count : 0), 0);
  const parts: string[] = [];
  if (matches > 0) parts.push(plural(matches, "new match", "new matches"));
  for (const section of sections) {
    if (section.kind === "deadlines") {
      parts.push(plural(section.reminders.length, "deadline soon", "deadlines soon"));
    } else if (section.kind === "changes") {
      parts.push(plural(section.changes.length, "programme changed", "programmes changed"));
    }
  }
  return `Your StudyAtlas alerts: ${parts.join(", ")}`;
}

interface Block {
  title: string;
  lines: Array<{ text: string; href?: string }>;
  more?: { label: string; href: string };
  unsubscribe: string;
}

function blocksOf(sections: readonly AlertSection[], base: string, page: (t: string) => string) {
  return sections.map((section): Block => {
    const courseUrl = (slug: string) => `${base}/course/${encodeURIComponent(slug)}`;
    if (section.kind === "search") {
      return {
        title: `${plural(section.count, "new programme matches", "new programmes match")} “${section.name}”`,
        lines: section.newest.map((match) => ({
          text: `${match.name}${match.schoolName ? ` — ${match.schoolName}` : ""}`,
          href: courseUrl(match.slug),
        })),
        more: { label: "See them all", href: `${base}${section.path}` },
        unsubscribe: page(section.token),
      };
    }
    if (section.kind === "deadlines") {
      return {
        title: "Application deadlines coming up",
        lines: section.reminders.map((r) => ({
          text: `${r.name}: apply by ${r.deadline} (${plural(r.daysLeft, "day", "days")} left)`,
          href: courseUrl(r.slug),
        })),
        unsubscribe: page(section.token),
      };
    }
    return {
      title: "Changes to programmes on your wishlist",
      lines: section.changes.map((c) => ({
        text: `${c.name}: ${c.what.join("; ")}`,
        href: courseUrl(c.slug),
      })),
      unsubscribe: page(section.token),
    };
  });
}

function textOf(recipient: DigestRecipient, blocks: readonly Block[]): string {
  const body = blocks.map((block) =>
    [
      block.title,
      ...block.lines.map((line) => `- ${line.text}${line.href ? ` ${line.href}` : ""}`),
      ...(block.more ? [`${block.more.label}: ${block.more.href}`] : []),
      `Stop this alert: ${block.unsubscribe}`,
    ].join("\n"),
  );
  return `Hello ${recipient.firstName},\n\n${body.join("\n\n")}\n`;
}

function htmlOf(recipient: DigestRecipient, subject: string, blocks: readonly Block[]): string {
  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="color:#1a56db">${escapeHtml(label)}</a>`;
  const sections = blocks
    .map(
      (block) =>
        `<h2 style="margin:24px 0 8px;font-size:17px">${escapeHtml(block.title)}</h2><ul style="margin:0 0 8px;padding-left:20px">${block.lines
          .map(
            (line) => `<li>${line.href ? link(line.href, line.text) : escapeHtml(line.text)}</li>`,
          )
          .join(
            "",
          )}</ul>${block.more ? `<p style="margin:0 0 8px">${link(block.more.href, block.more.label)}</p>` : ""}<p style="margin:0;font-size:13px;color:#4b5563">${link(block.unsubscribe, "Stop this alert")}</p>`,
    )
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#0a1f44">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td><p style="margin:0 0 24px;font-size:20px;font-weight:bold">StudyAtlas</p>
<p style="margin:0 0 16px">Hello ${escapeHtml(recipient.firstName)},</p>${sections}
</td></tr></table></td></tr></table></body></html>`;
}

/** The digest of one student's alerts in one run. */
export function alertDigestMessage(
  recipient: DigestRecipient,
  sections: readonly AlertSection[],
  publicBaseUrl: string,
): MailMessage {
  const page = (token: string) =>
    `${publicBaseUrl}/alerts/unsubscribe?token=${encodeURIComponent(token)}`;
  const oneClick = `${publicBaseUrl}/api/alerts/unsubscribe?${sections
    .map((section) => `token=${encodeURIComponent(section.token)}`)
    .join("&")}`;
  const blocks = blocksOf(sections, publicBaseUrl, page);
  const subject = digestSubject(sections);
  const first = sections[0];
  return {
    to: recipient.email,
    subject,
    kind: "alert",
    link: first?.kind === "search" ? `${publicBaseUrl}${first.path}` : `${publicBaseUrl}/settings`,
    headers: {
      "List-Unsubscribe": `<${oneClick}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    text: textOf(recipient, blocks),
    html: htmlOf(recipient, subject, blocks),
  };
}
