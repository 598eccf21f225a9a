// Outgoing mail (README "Configuration", SMTP_URL): every message is recorded in the outbox; with
// SMTP_URL set it is sent through nodemailer, otherwise it stays in the outbox and its link goes
// to the log.
import nodemailer from "nodemailer";

import type { FastifyBaseLogger as Logger } from "fastify";

import type { Database } from "@studyatlas/db/client.ts";
import type { MailMessage, Mailer } from "@studyatlas/core/accounts/mail-messages.ts";
import { markMailSent, recordMail } from "@studyatlas/core/accounts/outbox.ts";

import type { MailConfig } from "../config.ts";
import { redactUrl } from "../log-redaction.ts";

/** Sends a message already recorded in the outbox (SMTP_URL set); otherwise logs it. */
export type RecordedMailSender = (id: number, message: MailMessage) => Promise<void>;

export function createRecordedMailSender(
  db: Database,
  config: MailConfig,
  log: Logger,
): RecordedMailSender {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  return async (id, message) => {
    if (!transport) {
      // The link's secret stays out of the log; /dev/mailbox shows the whole mail where enabled.
      const link = message.link ? redactUrl(message.link) : undefined;
      log.info(
        { to: message.to, kind: message.kind, link },
        `Mail kept in the outbox: ${message.subject}${link ? ` — ${link}` : ""}`,
      );
      return;
    }
    try {
      await transport.sendMail({
        from: config.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.headers ? { headers: message.headers } : {}),
      });
      await markMailSent(db, id);
    } catch (error) {
      // The request that asked for the mail still succeeds: the message stays in the outbox
      // with its error, and the log says why.
      log.error({ err: error, to: message.to }, "SMTP delivery failed");
      await markMailSent(db, id, (error as Error).message.slice(0, 500));
    }
  };
}

export function createMailer(db: Database, config: MailConfig, log: Logger): Mailer {
  const deliver = createRecordedMailSender(db, config, log);
  return {
    async send(message: MailMessage) {
      await deliver(await recordMail(db, message), message);
    },
  };
}
