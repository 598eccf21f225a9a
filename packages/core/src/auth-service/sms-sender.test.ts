// The Twilio-compatible sender against a real HTTP server on 127.0.0.1 standing in for Twilio
// (docs/decisions/064-phones-and-sms-codes.md): the request's path, authentication and form, and
// a provider's refusal as an SmsSendError.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { SmsSendError, twilioSender } from "./sms-sender.ts";

interface Received {
  method: string;
  path: string;
  authorization: string;
  contentType: string;
  form: Record<string, string>;
}

const received: Received[] = [];
let answer: { status: number; body: unknown } = { status: 201, body: {} };
let server: Server;
let baseUrl: string;

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void bodyOf(request).then((text) => {
      received.push({
        method: request.method ?? "",
        path: request.url ?? "",
        authorization: request.headers.authorization ?? "",
        contentType: request.headers["content-type"] ?? "",
        form: Object.fromEntries(new URLSearchParams(text)),
      });
      response.writeHead(answer.status, { "content-type": "application/json" });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const SETTINGS = {
  accountSid: "AC0123456789abcdef0123456789abcdef",
  authToken: "secret-token",
  messageServiceSid: "MG0123456789abcdef0123456789abcdef",
};

describe("twilioSender", () => {
  it("posts To, Body and MessagingServiceSid with basic auth to the account's Messages.json", async () => {
    answer = { status: 201, body: { sid: "SM123", status: "queued" } };
    const sender = twilioSender({ ...SETTINGS, baseUrl: `${baseUrl}/` });
    const sent = await sender.send({
      to: "14155550100",
      body: "Your code is 123456",
      channel: "sms",
    });
    expect(sent).toEqual({ messageId: "SM123" });
    const request = received.at(-1)!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe(`/2010-04-01/Accounts/${SETTINGS.accountSid}/Messages.json`);
    expect(request.authorization).toBe(
      `Basic ${Buffer.from(`${SETTINGS.accountSid}:secret-token`).toString("base64")}`,
    );
    expect(request.contentType).toBe("application/x-www-form-urlencoded");
    expect(request.form).toEqual({
      To: "+14155550100",
      Body: "Your code is 123456",
      MessagingServiceSid: SETTINGS.messageServiceSid,
    });
  });

  it("prefixes both numbers with whatsapp: on that channel", async () => {
    answer = { status: 201, body: { sid: "SM124", status: "queued" } };
    const sender = twilioSender({ ...SETTINGS, messageServiceSid: "+15005550006", baseUrl });
    await sender.send({ to: "447700900123", body: "Your code is 1", channel: "whatsapp" });
    expect(received.at(-1)!.form).toEqual({
      To: "whatsapp:+447700900123",
      Body: "Your code is 1",
      From: "whatsapp:+15005550006",
    });
  });

  it("reports Twilio's error body as an SmsSendError", async () => {
    answer = {
      status: 400,
      body: {
        code: 21211,
        message: "The 'To' number 999 is not a valid phone number.",
        more_info: "https://www.twilio.com/docs/errors/21211",
        status: 400,
      },
    };
    const sender = twilioSender({ ...SETTINGS, baseUrl });
    const failure = sender.send({ to: "999", body: "x", channel: "sms" });
    await expect(failure).rejects.toBeInstanceOf(SmsSendError);
    await expect(failure).rejects.toThrow(
      "The 'To' number 999 is not a valid phone number. More information: https://www.twilio.com/docs/errors/21211",
    );
  });

  it("reports a failed message status and an unreachable provider", async () => {
    answer = { status: 201, body: { sid: "SM9", status: "failed", error_message: "blocked" } };
    await expect(
      twilioSender({ ...SETTINGS, baseUrl }).send({ to: "1415", body: "x", channel: "sms" }),
    ).rejects.toThrow(/twilio error: blocked/);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      twilioSender({ ...SETTINGS, baseUrl: `http://127.0.0.1:${port}` }).send({
        to: "1415",
        body: "x",
        channel: "sms",
      }),
    ).rejects.toBeInstanceOf(SmsSendError);
  });
});
