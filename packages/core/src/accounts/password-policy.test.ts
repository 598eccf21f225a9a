import { describe, expect, it } from "vitest";

import { MESSAGES } from "@studyatlas/schemas/account-rules.ts";

import { ValidationError } from "../errors.ts";
import { assertPasswordAllowed, isCommonPassword, normalizePassword } from "./password-policy.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";

describe("the common-password list", () => {
  it("refuses the passwords people pick most, in any case", () => {
    for (const password of ["password", "Password1", "qwertyuiop", "  iloveyou ", "StudyAtlas"]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it("lets a password of one's own through", () => {
    for (const password of ["correct horse battery staple", "Secret123!", "tram-lagoon-87-quiet"]) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });

  it("says so as a 400 naming the field", () => {
    expect(() => assertPasswordAllowed("password1", "new_password")).toThrow(ValidationError);
    try {
      assertPasswordAllowed("password1", "new_password");
    } catch (error) {
      expect((error as ValidationError).errors).toEqual({
        new_password: [MESSAGES.passwordTooCommon],
      });
    }
  });
});

describe("normalised passwords", () => {
  it("treat the two ways of typing é as one password", async () => {
    const composed = "caf\u00e9 au lait";
    const decomposed = "cafe\u0301 au lait";
    expect(normalizePassword(decomposed)).toBe(normalizePassword(composed));
    const stored = await hashPassword(composed);
    expect(await verifyPassword(stored, decomposed)).toBe(true);
  });
});
