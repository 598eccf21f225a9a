import { describe, expect, it } from "vitest";

import { MESSAGES, isValidEmail, isValidName, passwordLengthError } from "./account-rules.ts";
import {
  ChangePasswordFormSchema,
  LoginFormSchema,
  ProfileUpdateSchema,
  RegisterFormSchema,
  RegisterSchema,
  SetPasswordFormSchema,
} from "./accounts.ts";
import { fieldErrorsOf } from "./form-errors.ts";

const setPasswordErrors = (password: string, confirm: string) =>
  fieldErrorsOf(SetPasswordFormSchema, { password, confirm });
const changePasswordErrors = (values: { current: string; next: string; confirm: string }) =>
  fieldErrorsOf(ChangePasswordFormSchema, values);

describe("account rules (docs/spec/accounts-and-details.md §5)", () => {
  it.each(["ada@example.com", "a.b+c@sub.example.co.uk"])("accepts the e-mail %j", (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  it.each(["", "ada", "ada@", "ada@example", "a da@example.com", "@example.com"])(
    "refuses the e-mail %j",
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );

  // Names as people have them, not the spec's 3-16 letters or digits (ADR 050, docs/spec-notes.md).
  it.each([
    "Li Wu",
    "José García",
    "Zoë Müller",
    "Anne-Marie O'Brien",
    "Anne-Marie O’Brien",
    "李",
    "Ngũgĩ",
    "Ada",
    "  Ada  ",
    // "e" + combining acute: one character once NFC-normalised.
    "Jose\u0301",
    "अनुष्का",
    "a".repeat(50),
  ])("accepts the name %j", (name) => {
    expect(isValidName(name)).toBe(true);
  });
  it.each([
    "",
    "   ",
    "a".repeat(51),
    "Ada1",
    "R2D2",
    "<script>",
    "Ada<b>",
    "ada@example.com",
    "Ada 🙂",
    "🙂",
    "-Ada",
    "'",
    "Ada\tLovelace",
    "Ada\nLovelace",
  ])("refuses the name %j", (name) => {
    expect(isValidName(name)).toBe(false);
  });
  it("names are stored NFC-normalised and trimmed", () => {
    const parsed = RegisterSchema.parse({
      first_name: "  Jose\u0301 ",
      last_name: "Garci\u0301a",
      email: "jose@example.com",
      password: "Secret123!",
    });
    expect(parsed.first_name).toBe("José");
    expect(parsed.first_name).toHaveLength(4);
    expect(parsed.last_name).toBe("García");
    expect(
      fieldErrorsOf(RegisterSchema, {
        first_name: "Ada1",
        last_name: "   ",
        email: "a@example.com",
        password: "Secret123!",
      }),
    ).toEqual({ first_name: MESSAGES.firstName, last_name: MESSAGES.lastName });
  });

  it.each([
    ["Secret123!", undefined],
    ["abcdefgh", undefined],
    // Passphrases, spaces and any script are welcome (ASVS 6.2).
    [
      "correct horse battery staple with a much longer tail of words that goes on and on",
      undefined,
    ],
    ["пароль для входа", undefined],
    ["🔐🔐🔐🔐🔐🔐🔐🔐", undefined],
    ["a".repeat(128), undefined],
    ["a".repeat(129), MESSAGES.passwordTooLong],
    ["a1!aaaa", MESSAGES.password],
    // Seven code points, though more UTF-16 units.
    ["🔐🔐🔐🔐🔐🔐🔐", MESSAGES.password],
  ] as const)("password %j: %s", (password, error) => {
    expect(passwordLengthError(password)).toBe(error);
  });

  it("field rules give the spec's exact messages", () => {
    const register = fieldErrorsOf(RegisterFormSchema, {
      first_name: "x1",
      last_name: "Lovelace",
      email: "x",
      password: "x",
      confirm: "x",
    });
    expect(register.email).toBe("It should be a valid email address!");
    expect(register.last_name).toBeUndefined();
    expect(register.confirm).toBeUndefined();
    expect(register.first_name).toBe(
      "First name should be 1-50 characters: letters, spaces, hyphens and apostrophes only.",
    );
    // Not the spec's 8-20 rule: ASVS 6.2 (docs/spec-notes.md).
    expect(register.password).toBe("Password should be at least 8 characters!");
    expect(
      fieldErrorsOf(LoginFormSchema, { email: " ada@example.com ", password: "Secret123!" }),
    ).toEqual({});
    // Sign-in applies the password rule too: an impossible password is caught
    // in the browser.
    expect(fieldErrorsOf(LoginFormSchema, { email: "ada@example.com", password: "x" })).toEqual({
      password: "Password should be at least 8 characters!",
    });
    expect(fieldErrorsOf(LoginFormSchema, { email: "ada@example.com", password: "" })).toEqual({
      password: "Password is required",
    });
    expect(fieldErrorsOf(LoginFormSchema, { email: "ada@", password: "" })).toEqual({
      email: "It should be a valid email address!",
      password: "Password is required",
    });
  });

  it("the new-password page's messages", () => {
    expect(setPasswordErrors("", "")).toEqual({
      password: "Password is required",
      confirm: "Please confirm your password",
    });
    expect(setPasswordErrors("Secret123!", "Secret123")).toEqual({
      confirm: "Passwords do not match",
    });
    expect(setPasswordErrors("Secret123!", "Secret123!")).toEqual({});
  });

  it("the settings change-password messages", () => {
    expect(changePasswordErrors({ current: "", next: "", confirm: "" })).toEqual({
      current: "Current password is required",
      next: "New password is required",
      confirm: "Please confirm your new password",
    });
    expect(changePasswordErrors({ current: "x", next: "short", confirm: "other" })).toEqual({
      next: "Password must be at least 8 characters long",
      confirm: "Passwords do not match",
    });
    expect(
      changePasswordErrors({ current: "x", next: "longenough", confirm: "longenough" }),
    ).toEqual({});
  });
});

describe("account schemas", () => {
  it("registration trims and checks every field with the spec's messages", () => {
    const parsed = RegisterSchema.safeParse({
      first_name: " Ada ",
      last_name: "Lovelace",
      email: " ada@example.com ",
      password: "Secret123!",
    });
    expect(parsed.success && parsed.data).toEqual({
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@example.com",
      password: "Secret123!",
    });
    const bad = RegisterSchema.safeParse({ first_name: 1 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.message)).toContain(MESSAGES.firstName);
  });

  it("profile updates turn empty values and 'null' into null and leave missing fields out", () => {
    const parsed = ProfileUpdateSchema.parse({
      address: "",
      website: "null",
      nationality: "6",
      country_of_residence: "",
      gender: "female",
    });
    expect(parsed).toMatchObject({
      address: null,
      website: null,
      nationality: 6,
      country_of_residence: null,
      gender: "female",
    });
    expect(parsed.phone_number).toBeUndefined();
    expect(ProfileUpdateSchema.safeParse({ date_of_birth: "2999-01-01" }).success).toBe(false);
    expect(ProfileUpdateSchema.safeParse({ nationality: "x" }).success).toBe(false);
    expect(ProfileUpdateSchema.safeParse({ first_name: "" }).success).toBe(false);
  });
});
