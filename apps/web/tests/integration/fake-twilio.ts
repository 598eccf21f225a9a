// A local stand-in for Twilio's Messages API (docs/decisions/064-phones-and-sms-codes.md): a real
// HTTP server on 127.0.0.1 that records every message and refuses the numbers it is told to, as
// Twilio answers an invalid `To`. The auth service reaches it through SMS_TWILIO_BASE_URL.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { vi } from "vitest";

export interface TextMessage {
  path: string;
  authorization: string;
  to: string;
  body: string;
  sender: string;
}

export interface FakeTwilio {
  baseUrl: string;
  messages: TextMessage[];
  /** Numbers (+E.164) the fake refuses with Twilio's 400. */
  refuse: Set<string>;
  /** The newest code texted to `phone` (digits), once it has arrived. */
  codeFor(phone: string, after?: number): Promise<string>;
  close(): Promise<void>;
}

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const messages: TextMessage[] = [];
  const refuse = new Set<string>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      const to = form.get("To") ?? "";
      if (refuse.has(to.replace(/^whatsapp:/, ""))) {
        response.writeHead(400, { "content-type": "application/json" });
        response.end(
          JSON.stringify({
            code: 21211,
            message: `The 'To' number ${to} is not a valid phone number.`,
            more_info: "https://www.twilio.com/docs/errors/21211",
            status: 400,
          }),
        );
        return;
      }
      messages.push({
        path: request.url ?? "",
        authorization: request.headers.authorization ?? "",
        to,
        body: form.get("Body") ?? "",
        sender: form.get("MessagingServiceSid") ?? form.get("From") ?? "",
      });
      response.writeHead(201, { "content-type": "application/json" });
      response.end(JSON.stringify({ sid: `SM${messages.length}`, status: "queued" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    messages,
    refuse,
    async codeFor(phone, after = 0) {
      return vi.waitFor(
        () => {
          const message = messages
            .slice(after)
            .findLast((entry) => entry.to.replace(/^whatsapp:/, "") === `+${phone}`);
          const code = message && /(\d{6,10})/.exec(message.body)?.[1];
          if (!code) throw new Error(`no text to +${phone}`);
          return code;
        },
        { timeout: 5000, interval: 20 },
      );
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
