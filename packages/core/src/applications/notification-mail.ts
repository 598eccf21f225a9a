// The student's notification e-mails (docs/decisions/057-student-loop.md): the digest of unread
// advisor replies and the change of an application's status. Both carry a one-click unsubscribe
// link in the text and RFC 8058 List-Unsubscribe headers, as the newsletter does (ADR 007).
import { layout, type MailMessage } from "../accounts/mail-messages.ts";

export interface NotificationLinks {
  /** The page the e-mail's button opens. */
  open: string;
  /** The page that turns these e-mails off with one click. */
  unsubscribePage: string;
  /** RFC 8058's POST target for mail clients. */
  unsubscribeOneClick: string;
}

function unsubscribeHeaders(links: NotificationLinks): Record<string, string> {
  return {
    "List-Unsubscribe": `<${links.unsubscribeOneClick}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

function notificationMessage(
  to: string,
  fields: { subject: string; title: string; lines: string[]; button: string; unsubscribe: string },
  kind: MailMessage["kind"],
  links: NotificationLinks,
): MailMessage {
  return {
    to,
    subject: fields.subject,
    kind,
    link: links.open,
    headers: unsubscribeHeaders(links),
    text: `${fields.lines.join("\n\n")}\n\n${fields.button}: ${links.open}\n\n${fields.unsubscribe} ${links.unsubscribePage}\n`,
    html: layout(
      fields.title,
      fields.lines,
      { label: fields.button, href: links.open },
      { text: fields.unsubscribe, linkLabel: "Unsubscribe", href: links.unsubscribePage },
    ),
  };
}

export interface UnreadChat {
  programme: string;
  unread: number;
}

/** One e-mail for every reply that arrived in one quiet period. */
export function replyDigestMessage(
  to: string,
  firstName: string,
  chats: UnreadChat[],
  links: NotificationLinks,
): MailMessage {
  const total = chats.reduce((sum, chat) => sum + chat.unread, 0);
  const replies = total === 1 ? "1 unread reply" : `${total} unread replies`;
  return notificationMessage(
    to,
    {
      subject: `Your advisor replied: ${replies}`,
      title: "Your advisor replied",
      lines: [
        `Hello ${firstName},`,
        `You have ${replies} from your StudyAtlas advisor:`,
        ...chats.map(
          (chat) =>
            `${chat.programme}: ${chat.unread === 1 ? "1 reply" : `${chat.unread} replies`}`,
        ),
      ],
      button: "Read the replies",
      unsubscribe: "Don't want e-mails about unread replies? Turn them off with one click:",
    },
    "reply_digest",
    links,
  );
}

/** The school changed the status of an application. */
export function applicationStatusMessage(
  to: string,
  firstName: string,
  application: { programme: string; statusLabel: string },
  links: NotificationLinks,
): MailMessage {
  return notificationMessage(
    to,
    {
      subject: `Your application for ${application.programme}: ${application.statusLabel}`,
      title: "Your application has news",
      lines: [
        `Hello ${firstName},`,
        `The status of your application for ${application.programme} is now: ${application.statusLabel}.`,
      ],
      button: "See my applications",
      unsubscribe: "Don't want e-mails about your applications? Turn them off with one click:",
    },
    "application_status",
    links,
  );
}
