import { describe, expect, it } from "vitest";

import { MESSAGES } from "@studyatlas/schemas/account-rules.ts";

import { assertStrongPassword } from "../auth-service/input-rules.ts";
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

describe("repeats and sequences", () => {
  const refusedAs = (password: string) => {
    try {
      assertPasswordAllowed(password, "password");
      return undefined;
    } catch (error) {
      return (error as ValidationError).errors;
    }
  };

  // (Some of the best known, such as "12345678" and "qwertyui", are on the common list already.)
  it("refuses one character or a short unit repeated, in any case", () => {
    for (const password of [
      "aaaaaaaa",
      "ZZZZZZZZZZ",
      "77777777",
      "abababab",
      "xyzxyzxyz",
      "  AaAaAaAa ",
    ]) {
      expect(refusedAs(password), password).toEqual({
        password: [MESSAGES.passwordTooPredictable],
      });
    }
  });

  it("refuses a run of letters or digits either way, and a stretch of a keyboard row", () => {
    for (const password of [
      "abcdefgh",
      "mnopqrst",
      "23456789",
      "87654321",
      "hgfedcba",
      "lkjhgfdsa",
      "zxcvbnm,",
      "poiuytrewq",
      "QWERTZUIOP",
    ]) {
      expect(refusedAs(password), password).toEqual({
        password: [MESSAGES.passwordTooPredictable],
      });
    }
  });

  it("lets a password with a run inside it through", () => {
    for (const password of ["abcdefgh-Lagoon", "Secret123!", "qwerty tram 81", "tram-lagoon-87"]) {
      expect(refusedAs(password), password).toBeUndefined();
    }
  });

  it("is the rule the auth service says as GoTrue's weak_password", () => {
    expect(() => assertStrongPassword("aaaaaaaa")).toThrow(MESSAGES.passwordTooPredictable);
    expect(() => assertStrongPassword("Secret123!")).not.toThrow();
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
