import { describe, expect, it } from "vitest";

import { redactErrorText, redactUrl, serializeError } from "./log-redaction.ts";

describe("redactUrl", () => {
  it("hides the secrets of e-mailed links", () => {
    expect(redactUrl("/api/account/verify-email/MTI/abc-123/")).toBe(
      "/api/account/verify-email/[redacted]/[redacted]/",
    );
    expect(redactUrl("/verify-email/MTI/abc-123")).toBe("/verify-email/[redacted]/[redacted]");
    expect(redactUrl("/api/account/password_reset_confirm/MTI/tok")).toBe(
      "/api/account/password_reset_confirm/[redacted]/[redacted]",
    );
    expect(redactUrl("/set-pw?user=MTI&token=secret")).toBe(
      "/set-pw?user=[redacted]&token=[redacted]",
    );
    expect(redactUrl("/newsletter/unsubscribe?token=s3cret&x=1")).toBe(
      "/newsletter/unsubscribe?token=[redacted]&x=1",
    );
    expect(redactUrl("/auth/v1/verify?token=abc&type=signup&redirect_to=x")).toBe(
      "/auth/v1/verify?token=[redacted]&type=signup&redirect_to=x",
    );
    expect(redactUrl("/auth/v1/callback?code=g-code&state=jwt")).toBe(
      "/auth/v1/callback?code=[redacted]&state=[redacted]",
    );
    expect(redactUrl("/app?token_hash=abc")).toBe("/app?token_hash=[redacted]");
  });

  it("redacts absolute links too", () => {
    expect(redactUrl("https://studyatlas.example/verify-email/MQ/s3cret")).toBe(
      "https://studyatlas.example/verify-email/[redacted]/[redacted]",
    );
  });

  it("leaves other addresses alone", () => {
    expect(redactUrl("/coursefinder?name=law&page=2")).toBe("/coursefinder?name=law&page=2");
  });
});

describe("serializeError", () => {
  it("cuts a failed query's parameters from the message, the stack and the causes", () => {
    const hash = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA";
    const query = new Error(
      `Failed query: insert into users (email, password_hash) values ($1, $2)\nparams: ada@example.com,${hash}`,
    );
    const wrapped = new Error("request failed", { cause: query });
    const text = JSON.stringify(serializeError(wrapped));
    expect(text).not.toContain(hash);
    expect(text).not.toContain("ada@example.com");
    expect(text).toContain("insert into users");
    expect(text).toContain("params: [redacted]");
  });
});

describe("redactErrorText", () => {
  it("hides tokens, passwords and cookies an error's text carries", () => {
    const text = redactErrorText(
      [
        "GET https://crm.example/hook?token=t0ps3cret&x=1 failed",
        "Authorization: Bearer eyJhbGciOi.payload.sig",
        'body {"password":"Hunter22!","email":"ada@example.com"} password=Hunter33!',
        "cookie: sa_access=abc.def; sa_refresh=r3fr3sh",
        "then sa_refresh=s3cond and __Host-sa_access=th1rd",
        "reset at /api/account/password_reset_confirm/MTI/r3s3t",
      ].join("\n"),
    );
    for (const secret of [
      "t0ps3cret",
      "eyJhbGciOi",
      "Hunter22!",
      "Hunter33!",
      "abc.def",
      "r3fr3sh",
      "s3cond",
      "th1rd",
      "r3s3t",
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain("crm.example/hook?token=[redacted]&x=1");
    expect(text).toContain("ada@example.com");
  });

  it("keeps ordinary messages as they are", () => {
    const message = "The discipline counts could not be loaded: connection refused";
    expect(redactErrorText(message)).toBe(message);
  });
});
