// Sending a texted code (docs/decisions/064-phones-and-sms-codes.md): one small interface, so a
// provider is a plug, and the one provider built, a Twilio-compatible HTTP API (GoTrue's
// sms_provider/twilio.go): POST {base}/2010-04-01/Accounts/{sid}/Messages.json with basic auth and
// a form body To, Body and MessagingServiceSid (or From for a sending number), `whatsapp:` before
// both numbers on that channel. A provider's refusal is an SmsSendError, which the flows answer
// as 422 sms_send_failed with nothing stored as sent.
import type { SmsChannel, TwilioSettings } from "./sms-settings.ts";

export interface SmsMessage {
  /** E.164 digits without the `+`, as stored. */
  to: string;
  body: string;
  channel: SmsChannel;
}

export interface SmsSender {
  /** The provider's message id; throws SmsSendError when the provider refuses or is unreachable. */
  send(message: SmsMessage): Promise<{ messageId: string }>;
}

export class SmsSendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SmsSendError";
  }
}

const TWILIO_API_VERSION = "2010-04-01";
const SEND_TIMEOUT_MS = 10_000;

/** A Messaging Service SID is sent as MessagingServiceSid; anything else is a sending number. */
function senderFields(settings: TwilioSettings, channel: SmsChannel): Record<string, string> {
  const sender = settings.messageServiceSid;
  if (/^MG[0-9a-f]{32}$/i.test(sender) || !/^\+?[1-9][0-9]{1,14}$/.test(sender)) {
    return { MessagingServiceSid: sender };
  }
  const number = sender.startsWith("+") ? sender : `+${sender}`;
  return { From: channel === "whatsapp" ? `whatsapp:${number}` : number };
}

/** Twilio's error body ({code, message, more_info}) or message status, in one line. */
function describeFailure(status: number, body: unknown): string {
  const fields = (body ?? {}) as Record<string, unknown>;
  const message = typeof fields.message === "string" ? fields.message : `HTTP ${status}`;
  const more = typeof fields.more_info === "string" ? ` More information: ${fields.more_info}` : "";
  return `${message}${more}`.slice(0, 300);
}

/** The URL messages are posted to for this account. */
export function twilioMessagesUrl(settings: Pick<TwilioSettings, "baseUrl" | "accountSid">) {
  const base = settings.baseUrl.replace(/\/+$/, "");
  return `${base}/${TWILIO_API_VERSION}/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
}

export function twilioSender(
  settings: TwilioSettings,
  timeoutMs: number = SEND_TIMEOUT_MS,
): SmsSender {
  const url = twilioMessagesUrl(settings);
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64")}`;
  return {
    async send(message) {
      const to = message.channel === "whatsapp" ? `whatsapp:+${message.to}` : `+${message.to}`;
      const form = new URLSearchParams({
        To: to,
        Body: message.body,
        ...senderFields(settings, message.channel),
      });
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: {
            authorization,
            "content-type": "application/x-www-form-urlencoded",
            accept: "application/json",
          },
          body: form.toString(),
          redirect: "error",
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new SmsSendError(`provider unreachable (${(error as Error).name})`);
      }
      const body: unknown = await response.json().catch(() => undefined);
      if (response.status !== 200 && response.status !== 201) {
        throw new SmsSendError(describeFailure(response.status, body));
      }
      const fields = (body ?? {}) as Record<string, unknown>;
      const messageId = typeof fields.sid === "string" ? fields.sid : "";
      if (fields.status === "failed" || fields.status === "undelivered") {
        const code = typeof fields.error_code === "string" ? ` ${fields.error_code}` : "";
        const detail = typeof fields.error_message === "string" ? fields.error_message : "";
        throw new SmsSendError(`twilio error: ${detail}${code} for message ${messageId}`);
      }
      return { messageId };
    },
  };
}
