// Who may read the outbox at /dev/mailbox (docs/decisions/046-loopback-mailbox.md).
import { describe, expect, it } from "vitest";

import { loadConfig } from "../config.ts";
import { isPublicPagePath } from "./page-cache-policy.ts";
import {
  isLocalRequest,
  isLoopbackAddress,
  mailboxAccessOf,
  mailboxStartLine,
  type MailboxAccessInput,
} from "./mailbox-access.ts";

const EMBEDDED_DEFAULT: MailboxAccessInput = {
  setting: undefined,
  env: "production",
  smtpUrl: undefined,
  trustProxy: false,
  publicBaseUrl: "http://localhost:3000",
};

describe("mailboxAccessOf", () => {
  it("serves this machine only on `npm start`'s default (production, no SMTP_URL)", () => {
    expect(mailboxAccessOf(EMBEDDED_DEFAULT)).toBe("loopback");
    expect(loadConfig({}, "production").devMailbox).toBe("loopback");
    expect(loadConfig({ PUBLIC_BASE_URL: "http://127.0.0.1:8080" }, "production").devMailbox).toBe(
      "loopback",
    );
  });

  it.each([
    [{ SMTP_URL: "smtp://mail.example:587" }],
    [{ TRUST_PROXY: "1" }],
    [{ TRUST_PROXY: "loopback" }],
    [{ PUBLIC_BASE_URL: "https://studyatlas.example" }],
    [{ PUBLIC_BASE_URL: "http://192.168.1.20:3000" }],
    [{ DEV_MAILBOX: "false" }],
  ])("is off in production with %j", (env) => {
    expect(loadConfig(env, "production").devMailbox).toBe("off");
  });

  it("keeps development's and DEV_MAILBOX=true's mailbox open to every client", () => {
    expect(loadConfig({}, "development").devMailbox).toBe("everyone");
    expect(loadConfig({ NODE_ENV: "test" }).devMailbox).toBe("everyone");
    expect(loadConfig({ DEV_MAILBOX: "true" }, "production").devMailbox).toBe("everyone");
    expect(loadConfig({ DEV_MAILBOX: "false" }, "development").devMailbox).toBe("off");
  });

  it("DEV_MAILBOX=loopback asks for this machine only, and still never where the server looks public", () => {
    expect(loadConfig({ DEV_MAILBOX: "loopback" }, "development").devMailbox).toBe("loopback");
    expect(
      loadConfig({ DEV_MAILBOX: "loopback", TRUST_PROXY: "1" }, "development").devMailbox,
    ).toBe("off");
  });
});

describe("isLocalRequest", () => {
  const local = { socketAddress: "127.0.0.1", headers: { host: "localhost:3000" } };

  it("accepts a loopback socket naming a loopback host", () => {
    expect(isLocalRequest(local)).toBe(true);
    expect(isLocalRequest({ socketAddress: "::1", headers: { host: "[::1]:3000" } })).toBe(true);
    expect(
      isLocalRequest({ socketAddress: "::ffff:127.0.0.1", headers: { host: "127.0.0.1:3000" } }),
    ).toBe(true);
    expect(isLocalRequest({ ...local, headers: { host: "app.localhost" } })).toBe(true);
  });

  it.each(["203.0.113.9", "10.0.0.4", "192.168.1.2", "::ffff:10.0.0.1", "fe80::1", undefined])(
    "refuses the socket address %s",
    (socketAddress) => {
      expect(isLocalRequest({ ...local, socketAddress })).toBe(false);
    },
  );

  it.each(["forwarded", "x-forwarded-for", "x-forwarded-host", "x-real-ip", "via"])(
    "refuses a request a proxy on this machine passed on (%s)",
    (header) => {
      expect(isLocalRequest({ ...local, headers: { ...local.headers, [header]: "1.2.3.4" } })).toBe(
        false,
      );
    },
  );

  it("refuses a host name that is not loopback (a rebound name) and a missing host", () => {
    expect(isLocalRequest({ ...local, headers: { host: "attacker.example" } })).toBe(false);
    expect(isLocalRequest({ ...local, headers: { host: "127.0.0.1.nip.io" } })).toBe(false);
    expect(isLocalRequest({ ...local, headers: {} })).toBe(false);
  });

  it("is never a public page that a CDN or page reuse may keep", () => {
    for (const path of ["/dev/mailbox", "/dev/mailbox.json", "/dev/mailbox/1"]) {
      expect(isPublicPagePath(path)).toBe(false);
    }
  });

  it("classifies addresses with ipaddr.js", () => {
    expect(isLoopbackAddress("127.8.9.10")).toBe(true);
    expect(isLoopbackAddress("0.0.0.0")).toBe(false);
    expect(isLoopbackAddress("not an address")).toBe(false);
  });
});

describe("mailboxStartLine", () => {
  const input = {
    smtpUrl: undefined,
    trustProxy: false as const,
    publicBaseUrl: "http://localhost:3000",
  };

  it("says where mail can be read, and from where", () => {
    expect(mailboxStartLine("loopback", input)).toBe(
      "E-mails are kept in the outbox (no SMTP_URL): read them at http://localhost:3000/dev/mailbox (from this machine only)",
    );
    expect(mailboxStartLine("everyone", input)).toBe(
      "E-mails are kept in the outbox (no SMTP_URL): read them at http://localhost:3000/dev/mailbox",
    );
  });

  it("says why mail is not served, and is silent with SMTP_URL", () => {
    expect(mailboxStartLine("off", { ...input, trustProxy: 1 })).toBe(
      "E-mails are kept in the outbox and not served (TRUST_PROXY is set): set SMTP_URL to send them",
    );
    expect(mailboxStartLine("off", input)).toMatch(/\(DEV_MAILBOX=false\)/);
    expect(mailboxStartLine("off", { ...input, smtpUrl: "smtp://mail.example" })).toBeUndefined();
  });
});
