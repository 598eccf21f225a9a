import { describe, expect, it } from "vitest";

import {
  CONTACT_MESSAGES,
  NEWSLETTER_MESSAGES,
  isValidNewsletterEmail,
  newsletterErrorMessage,
} from "./engagement-rules.ts";
import {
  ContactSchema,
  SubscriptionSchema,
  WishlistCreateSchema,
  contactFormError,
} from "./engagement.ts";
import { fieldErrorsOf } from "./form-errors.ts";

const newsletterNameErrors = (first_name: string, last_name: string) =>
  fieldErrorsOf(SubscriptionSchema.pick({ first_name: true, last_name: true }), {
    first_name,
    last_name,
  });

describe("newsletter e-mail (docs/spec/discovery.md §5)", () => {
  it.each(["ada@example.com", "a.b+c@sub.example.co.uk", "x@y.z"])("accepts %s", (email) => {
    expect(isValidNewsletterEmail(email)).toBe(true);
  });
  it.each([
    "",
    "ada",
    "ada@example",
    "@example.com",
    "ada@.com",
    "a da@example.com",
    "ada@example.com ",
  ])("refuses %j", (email) => {
    expect(isValidNewsletterEmail(email)).toBe(false);
  });
  it("the API schema gives the spec's message", () => {
    const result = SubscriptionSchema.safeParse({ email: "nope", first_name: "A", last_name: "B" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Email is not valid!");
  });
});

describe("newsletter names", () => {
  it("requires both names", () => {
    expect(newsletterNameErrors("", " ")).toEqual({
      first_name: NEWSLETTER_MESSAGES.firstNameRequired,
      last_name: NEWSLETTER_MESSAGES.lastNameRequired,
    });
    expect(newsletterNameErrors("Ada", "Lovelace")).toEqual({});
  });
});

describe("newsletter error messages (docs/spec/discovery.md §8)", () => {
  it("prefixes the server's message, or says 'Unknown error'", () => {
    expect(newsletterErrorMessage({ status: 400, message: "Email is not valid!" })).toBe(
      "Error: Email is not valid!",
    );
    expect(newsletterErrorMessage({ status: 500 })).toBe("Error: Unknown error");
  });
  it("says when nothing came back", () => {
    expect(newsletterErrorMessage({ status: 0 })).toBe("No response received from the server.");
  });
  it("falls back to the generic message", () => {
    expect(newsletterErrorMessage({ status: 302 })).toBe("An error occurred. Please try again.");
  });
});

describe("contact form (docs/spec/accounts-and-details.md §5)", () => {
  it("asks for every field", () => {
    expect(contactFormError({ name: "", email: "a@b.co", message: "Hi" })).toBe(
      "Please fill in all fields",
    );
    expect(contactFormError({ name: "A", email: " ", message: "Hi" })).toBe(
      CONTACT_MESSAGES.fillAllFields,
    );
    expect(contactFormError({ name: "A", email: "a@b.co", message: "\n" })).toBe(
      CONTACT_MESSAGES.fillAllFields,
    );
  });
  it("checks the address and the lengths", () => {
    expect(contactFormError({ name: "A", email: "a@b", message: "Hi" })).toBe(
      CONTACT_MESSAGES.invalidEmail,
    );
    expect(contactFormError({ name: "A", email: "a@b.co", message: "x".repeat(5001) })).toBe(
      CONTACT_MESSAGES.messageTooLong,
    );
    expect(
      contactFormError({ name: "Ada", email: "ada@example.com", message: "Hello" }),
    ).toBeUndefined();
  });
  it("the API schema agrees with the form and trims", () => {
    expect(
      ContactSchema.parse({ name: " Ada ", email: "ada@example.com", message: " Hi " }),
    ).toEqual({
      name: "Ada",
      email: "ada@example.com",
      message: "Hi",
    });
    expect(
      ContactSchema.safeParse({ name: "Ada", email: "ada@example.com" }).error?.issues[0]?.message,
    ).toBe(CONTACT_MESSAGES.fillAllFields);
  });
});

describe("wishlist payloads", () => {
  it("takes the course as a number or a numeric string", () => {
    expect(WishlistCreateSchema.parse({ course: "12" }).course).toBe(12);
    expect(WishlistCreateSchema.parse({ course: 7, user: "a@b.co" })).toEqual({
      course: 7,
      user: "a@b.co",
    });
  });
  it.each([undefined, "x", 0, -1, 1.5, "1e3"])("refuses course %j", (course) => {
    expect(WishlistCreateSchema.safeParse({ course }).success).toBe(false);
  });
});
