import { describe, expect, it } from "vitest";

import { redactUrl, serializeError } from "./log-redaction.ts";

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
