// Signing up end to end (docs/spec/accounts-and-details.md): sign-up in the modal, the
// verification e-mail and its countdown to /welcome, interests, a verification link in another
// browser or one that failed, /email-sent, and the §5 validation messages.
import { expect, test } from "@playwright/test";

import { severeViolations } from "./support/axe.ts";
import { openPage } from "./support/navigation.ts";
import {
  FORM_MESSAGES,
  PASSWORD,
  mailedLink,
  openSignInModal,
  registerUser,
  uniqueEmail,
} from "./support/accounts.ts";

test("José García signs up in the modal, verifies the e-mail in the same browser, picks interests, sees /welcome", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("signup");
  const dialog = await openSignInModal(page);
  await dialog.getByRole("button", { name: "Sign Up" }).click();
  await expect(dialog.getByRole("heading", { name: "Create an account" })).toBeVisible();
  // A name as people have it (ADR 050), typed decomposed ("e" + combining accent): stored NFC.
  await dialog.getByLabel("First name", { exact: true }).fill("Jose\u0301");
  await dialog.getByLabel("Last name", { exact: true }).fill("García");
  await dialog.getByLabel("Email", { exact: true }).fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
  // The filled form, axe-clean at 1280 and on a phone (375 px), the name taken as typed.
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(dialog.getByRole("button", { name: "Create Account" })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`sign-up-jose-${width}.png`) });
    expect(await severeViolations(page)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole("button", { name: "Create Account" }).click();

  // Sign-up answers alike for every address (no enumeration): check your e-mail.
  await expect(page).toHaveURL(/\/email-sent\?email=/);
  expect((await page.request.get("/api/account/detail", { maxRetries: 2 })).status()).toBe(401);

  // The verification link from the outbox, in the browser that signed up: signed in, then the
  // countdown to the interests.
  const link = await mailedLink(request, email, "verification");
  await openPage(page, link);
  await expect(page.getByRole("heading", { name: "E-mail verified" })).toBeVisible();
  await expect(
    page.getByText("Your e-mail address is confirmed and you are signed in.", { exact: false }),
  ).toBeVisible();
  await expect(page.getByText(/Taking you to choose your interests in \d seconds?/)).toBeVisible();

  // /post-sign-up: disciplines, then the 16 popular countries.
  await expect(page).toHaveURL(/\/post-sign-up$/, { timeout: 10_000 });
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByText("Step 1 of 2")).toBeVisible();
  // Every tile as tall as the others, whether its name takes one line or two.
  const heights = await page
    .getByRole("main")
    .locator("ul")
    .first()
    .getByRole("button")
    .evaluateAll((tiles) => tiles.map((tile) => Math.round(tile.getBoundingClientRect().height)));
  expect(heights.length).toBeGreaterThan(10);
  expect(new Set(heights).size).toBe(1);
  await page.getByRole("button", { name: "Law" }).click();
  await page.getByRole("button", { name: "Medicine" }).click();
  await expect(page.getByRole("button", { name: "Law" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("list", { name: "Countries" }).getByRole("button")).toHaveCount(16);
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByRole("button", { name: "Law" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Canada" }).click();
  await page.getByRole("button", { name: "Submit" }).click();

  await expect(page).toHaveURL(/\/welcome$/);
  const interests = await page.request.get("/api/account/user_interest", { maxRetries: 2 });
  expect(await interests.json()).toMatchObject({ countries: [18] });
  await expect(page.getByRole("heading", { name: "Welcome to StudyAtlas, José!" })).toBeVisible();
  const detail = (await (
    await page.request.get("/api/account/detail", { maxRetries: 2 })
  ).json()) as {
    first_name: string;
    last_name: string;
  };
  expect([detail.first_name, detail.last_name]).toEqual(["José", "García"]);
  expect(detail.first_name).toHaveLength(4);
  await expect(
    page.getByText("Discover online programs and courses from top schools around the world"),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Explore All Courses" })).toHaveAttribute(
    "href",
    "/coursefinder?name=&country=Where?",
  );
});

test("the verification link opened in another browser verifies without signing it in", async ({
  page,
  request,
}) => {
  const email = await registerUser();
  const link = await mailedLink(request, email, "verification");
  await openPage(page, link);
  await expect(page.getByRole("heading", { name: "E-mail verified" })).toBeVisible();
  await expect(page.getByRole("link", { name: "sign in" })).toBeVisible();
  await expect(page.getByText(/Redirecting to the welcome page in \d seconds?/)).toBeVisible();
  expect((await page.request.get("/api/account/detail", { maxRetries: 2 })).status()).toBe(401);
});

test("a failed verification link stays put and offers a new link", async ({ page }) => {
  // Any address gets the same answer; a fresh one is not held back by the one-a-minute limit.
  const email = uniqueEmail("resend");
  await page.clock.install();
  await openPage(page, "/verify-email/not-a-token/nor-this");
  await expect(page.getByRole("heading", { name: "Verification failed" })).toBeVisible();
  // No countdown to the welcome page: the visitor stays to ask for a new link.
  await page.clock.runFor(10_000);
  await expect(page).toHaveURL(/\/verify-email\//);
  await expect(page.getByText(/Redirecting to the welcome page/)).toHaveCount(0);

  const section = page.getByRole("region", { name: "Get a new verification link" });
  await section.getByRole("button", { name: "Send a new link" }).click();
  await expect(section.getByText("Please enter your email address")).toBeVisible();
  await section.getByLabel("Email", { exact: true }).fill(email);
  await section.getByRole("button", { name: "Send a new link" }).click();
  // The same answer for any address (nobody learns who has an account); the form gives way to it.
  await expect(section.getByRole("status")).toHaveText(/\S/);
  await expect(section.getByLabel("Email", { exact: true })).toHaveCount(0);
  await expect(section.getByRole("link", { name: "Go to the welcome page" })).toBeVisible();
});

test("every sign-up and sign-in validation message of §5 appears for its bad input", async ({
  page,
}) => {
  const dialog = await openSignInModal(page);
  // Sign-in: shown after blur.
  await dialog.getByLabel("Email", { exact: true }).fill("not-an-email");
  await expect(dialog.getByText(FORM_MESSAGES.email)).toBeHidden();
  await dialog.getByLabel("Email", { exact: true }).blur();
  await expect(dialog.getByText(FORM_MESSAGES.email)).toBeVisible();
  // The password rule applies to sign-in too.
  await dialog.getByLabel("Password", { exact: true }).fill("short");
  await dialog.getByLabel("Password", { exact: true }).blur();
  await expect(dialog.getByText(FORM_MESSAGES.password)).toBeVisible();

  await dialog.getByRole("button", { name: "Sign Up", exact: true }).click();
  const cases: [string, string, string][] = [
    ["First name", "Al2", FORM_MESSAGES.firstName],
    ["First name", "Ada!", FORM_MESSAGES.firstName],
    ["Last name", "<b>", FORM_MESSAGES.lastName],
    ["Email", "ada@", FORM_MESSAGES.email],
    ["Password", "short1!", FORM_MESSAGES.password],
  ];
  for (const [label, value, message] of cases) {
    const input = dialog.getByLabel(label, { exact: true });
    await input.fill(value);
    await input.blur();
    await expect(dialog.getByText(message)).toBeVisible();
    await input.fill(
      label === "Email" ? "ada@example.com" : label === "Password" ? PASSWORD : "Valid",
    );
    await expect(dialog.getByText(message)).toBeHidden();
  }
  // Confirm password: at once, without a blur.
  await dialog.getByLabel("Confirm password", { exact: true }).fill("Secret");
  await expect(dialog.getByText("Passwords do not match")).toBeVisible();
  // A common password passes the form's length rule; the server refuses it, in words.
  await dialog.getByLabel("First name", { exact: true }).fill("Ada");
  await dialog.getByLabel("Last name", { exact: true }).fill("Lovelace");
  await dialog.getByLabel("Email", { exact: true }).fill(uniqueEmail("common"));
  await dialog.getByLabel("Password", { exact: true }).fill("password1");
  await dialog.getByLabel("Confirm password", { exact: true }).fill("password1");
  await dialog.getByRole("button", { name: "Create Account" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(FORM_MESSAGES.passwordTooCommon);
  // The show/hide toggle.
  const password = dialog.getByLabel("Password", { exact: true });
  await expect(password).toHaveAttribute("type", "password");
  await dialog.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await dialog.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");
});

test("/email-sent resends the verification e-mail once a minute", async ({ page }) => {
  const email = await registerUser();
  await openPage(page, `/email-sent?email=${encodeURIComponent(email)}`);
  await page.getByRole("button", { name: "Resend" }).click();
  // The sign-up e-mail went out seconds ago: the address waits a minute.
  await expect(page.getByRole("alert")).toContainText("Please wait a minute");
  await openPage(page, "/email-sent");
  await page.getByRole("button", { name: "Resend" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "No email address found. Please contact support.",
  );
});
