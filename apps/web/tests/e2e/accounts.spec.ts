// Accounts end to end (docs/spec/accounts-and-details.md): sign-up in the modal, the
// verification e-mail and its countdown to /welcome, interests, sign out and in, the
// wrong-password message with its Sign Up action, the password reset through /set-pw, changing
// the password on /settings, and the §5 validation messages.
import { expect, test, type Page } from "@playwright/test";

import { openPage } from "./support/navigation.ts";
import {
  PASSWORD,
  mailedLink,
  registerUser,
  signInStatus,
  signInThroughApi,
  uniqueEmail,
} from "./support/accounts.ts";

const M = {
  email: "It should be a valid email address!",
  firstName: "First name should be 3-16 characters and shouldn't include any special character!",
  lastName: "Last name should be 3-16 characters and shouldn't include any special character!",
  // ASVS 6.2 rather than the spec's 8-20 rule (docs/spec-notes.md).
  password: "Password should be at least 8 characters!",
  passwordTooCommon:
    "This password is one of the most common ones and easy to guess. Please choose another!",
  loginFailed: "No active account found with the given credentials",
};

async function openSignInModal(page: Page) {
  await openPage(page, "/");
  await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  return dialog;
}

test("sign up in the modal, verify the e-mail in the same browser, pick interests, see /welcome", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("signup");
  const dialog = await openSignInModal(page);
  await dialog.getByRole("button", { name: "Sign Up" }).click();
  await expect(dialog.getByRole("heading", { name: "Create an account" })).toBeVisible();
  await dialog.getByLabel("First name", { exact: true }).fill("Grace");
  await dialog.getByLabel("Last name", { exact: true }).fill("Hopper");
  await dialog.getByLabel("Email", { exact: true }).fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Create Account" }).click();

  // Sign-up answers alike for every address (no enumeration): check your e-mail.
  await expect(page).toHaveURL(/\/email-sent\?email=/);
  expect((await page.request.get("/api/account/detail")).status()).toBe(401);

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
  const interests = await page.request.get("/api/account/user_interest");
  expect(await interests.json()).toMatchObject({ countries: [18] });
  await expect(page.getByRole("heading", { name: "Welcome to StudyAtlas, Grace!" })).toBeVisible();
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
  expect((await page.request.get("/api/account/detail")).status()).toBe(401);
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

test("sign out from the avatar card and sign in again in the modal", async ({ page }) => {
  const email = await registerUser({ firstName: "Katherine", lastName: "Johnson" });
  await signInThroughApi(page, email);
  await openPage(page, "/coursefinder");
  const avatar = page.getByRole("button", { name: "Account menu for Katherine Johnson" });
  await expect(avatar).toHaveText("K");
  await avatar.click();
  await expect(page.getByText("Johnson Katherine")).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Account Settings" })).toHaveAttribute(
    "href",
    "/settings",
  );
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();

  const dialog = await openSignInModal(page);
  // Focus starts in the first field and, after signing in, moves to the outcome.
  await expect(dialog.getByLabel("Email", { exact: true })).toBeFocused();
  await dialog.getByLabel("Email", { exact: true }).fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(dialog.getByRole("heading", { name: "Login Successful!" })).toBeVisible();
  await expect(dialog.getByRole("status")).toBeFocused();
  await expect(
    page.getByRole("button", { name: "Account menu for Katherine Johnson" }),
  ).toBeVisible({ timeout: 10_000 });
});

test("the account menu answers the keys of a menu button", async ({ page }) => {
  const email = await registerUser({ firstName: "Grace", lastName: "Hopper" });
  await signInThroughApi(page, email);
  await openPage(page, "/coursefinder");
  const avatar = page.getByRole("button", { name: "Account menu for Grace Hopper" });
  await expect(avatar).toHaveAttribute("aria-haspopup", "menu");
  await avatar.focus();
  await page.keyboard.press("ArrowDown");
  const menu = page.getByRole("menu", { name: "Account" });
  const items = menu.getByRole("menuitem");
  await expect(items).toHaveText(["Wishlist", "Account Settings", "Sign Out"]);
  await expect(items.nth(0)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press("End");
  await expect(items.nth(2)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(items.nth(0)).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(items.nth(2)).toBeFocused();
  await page.keyboard.press("Home");
  await expect(items.nth(0)).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(avatar).toBeFocused();
  // ArrowUp opens onto the last item; Enter opens onto the first.
  await page.keyboard.press("ArrowUp");
  await expect(items.nth(2)).toBeFocused();
  await page.keyboard.press("Escape");
  await page.keyboard.press("Enter");
  await expect(items.nth(0)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/settings$/);
});

for (const width of [1280, 375]) {
  test(`at ${width} px the account card opens under the avatar, inside the page margin`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const email = await registerUser({ firstName: "Ada", lastName: "Lovelace" });
    await signInThroughApi(page, email);
    await openPage(page, "/coursefinder");
    const avatar = page.getByRole("button", { name: "Account menu for Ada Lovelace" });
    await avatar.click();
    const card = page.locator(`[id="${await avatar.getAttribute("aria-controls")}"]`).locator("..");
    await expect(card).toBeVisible();
    const [a, c, header] = await Promise.all([
      avatar.boundingBox(),
      card.boundingBox(),
      page.getByRole("banner").boundingBox(),
    ]);
    if (!a || !c || !header) throw new Error("unmeasured");
    // Under the avatar, the avatar's centre within the card's width, and the card inside the
    // window with the page's margin: not pushed against the left edge.
    expect(c.y).toBeGreaterThanOrEqual(a.y + a.height);
    expect(c.y - (a.y + a.height)).toBeLessThan(16);
    expect(c.x).toBeLessThan(a.x + a.width / 2);
    expect(c.x + c.width).toBeGreaterThan(a.x + a.width / 2);
    expect(c.x + c.width).toBeLessThanOrEqual(header.width - 16 + 0.5);
    expect(c.x).toBeGreaterThanOrEqual(width - c.width - 40 - 0.5);
  });
}

test("a wrong password shows the exact message and its Sign Up action", async ({ page }) => {
  const email = await registerUser();
  const dialog = await openSignInModal(page);
  await dialog.getByLabel("Email", { exact: true }).fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill("Wrong123!");
  await dialog.getByRole("button", { name: "Sign In" }).click();
  const alert = dialog.getByRole("alert");
  await expect(alert).toContainText(M.loginFailed);
  await alert.getByRole("button", { name: "Sign Up" }).click();
  await expect(dialog.getByRole("heading", { name: "Create an account" })).toBeVisible();
});

test("forgot password: the e-mailed link sets a new password on /set-pw and the old one fails", async ({
  page,
  request,
}) => {
  const email = await registerUser();
  const dialog = await openSignInModal(page);
  await dialog.getByRole("button", { name: "Forgot password?" }).click();
  await expect(dialog.getByRole("heading", { name: "Reset password" })).toBeVisible();
  await dialog.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(dialog.getByText("Please enter your email address")).toBeVisible();
  await dialog.getByLabel("Email", { exact: true }).fill(email);
  await dialog.getByRole("button", { name: "Send Reset Link" }).click();
  // The confirmation shows once: the spec's toast, drawn inside the open modal, below the header.
  await expect(dialog.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  const confirmation = page.getByText("Please check your email for password reset instructions.");
  await expect(confirmation).toHaveCount(1);
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "Please check your email for password reset instructions." }),
  ).toBeVisible();
  const [toastBox, headerBox] = await Promise.all([
    confirmation.boundingBox(),
    page.getByRole("banner").boundingBox(),
  ]);
  expect(toastBox?.y ?? 0).toBeGreaterThanOrEqual((headerBox?.y ?? 0) + (headerBox?.height ?? 0));

  const link = await mailedLink(request, email, "password_reset");
  expect(link).toMatch(/^\/set-pw\?user=[\w-]+&token=[\w-]+$/);
  await openPage(page, link);
  await page.getByLabel("New password", { exact: true }).fill("Brand123!");
  await page.getByLabel("Confirm password", { exact: true }).fill("Brand12");
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByLabel("Confirm password", { exact: true }).fill("Brand123!");
  await expect(page.getByText("Passwords do not match")).toBeHidden();
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Password reset successful. Please login.")).toBeVisible();
  // After 2 s: signed out and home, with the sign-in modal open.
  await expect(page.getByRole("dialog").getByRole("heading", { name: "Welcome back" })).toBeVisible(
    { timeout: 10_000 },
  );

  expect(await signInStatus(email, PASSWORD)).toBe(401);
  expect(await signInStatus(email, "Brand123!")).toBe(200);
});

test("change the password on /settings, with every message of the form", async ({ page }) => {
  const email = await registerUser();
  await signInThroughApi(page, email);
  await openPage(page, "/settings");
  await expect(page.getByRole("heading", { name: "Account Settings", level: 1 })).toBeVisible();
  await expect(page.getByText("(Email Not Verified)")).toBeVisible();

  const form = page.getByRole("region", { name: "Change Password" });
  await form.getByRole("button", { name: "Change Password" }).click();
  await expect(form.getByText("Current password is required")).toBeVisible();
  await expect(form.getByText("New password is required")).toBeVisible();
  await expect(form.getByText("Please confirm your new password")).toBeVisible();
  // Errors clear per field on edit.
  await form.getByLabel("Current password", { exact: true }).fill(PASSWORD);
  await expect(form.getByText("Current password is required")).toBeHidden();
  await form.getByLabel("New password", { exact: true }).fill("short");
  await form.getByLabel("Confirm new password", { exact: true }).fill("other");
  await form.getByRole("button", { name: "Change Password" }).click();
  await expect(form.getByText("Password must be at least 8 characters long")).toBeVisible();
  await expect(form.getByText("Passwords do not match")).toBeVisible();

  await form.getByLabel("Current password", { exact: true }).fill("Wrong123!");
  await form.getByLabel("New password", { exact: true }).fill("Next1234!");
  await form.getByLabel("Confirm new password", { exact: true }).fill("Next1234!");
  await form.getByRole("button", { name: "Change Password" }).click();
  await expect(
    page.getByRole("status").getByText("Your current password is incorrect.").first(),
  ).toBeVisible();

  await form.getByLabel("Current password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("Password changed successfully!")).toBeVisible();
  await expect(form.getByLabel("Current password", { exact: true })).toHaveValue("");
  expect(await signInStatus(email, "Next1234!")).toBe(200);

  // The profile form saves and the header follows the new name.
  const profile = page.getByRole("region", { name: "Profile" });
  await profile.getByLabel("First name", { exact: true }).fill("Augusta");
  await profile.getByLabel("Nationality", { exact: true }).selectOption({ label: "Canada" });
  await profile.getByRole("button", { name: "Save Profile" }).click();
  await expect(page.getByText("Profile updated successfully!")).toBeVisible();
  await expect(page.getByRole("button", { name: /Account menu for Augusta/ })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Nationality", { exact: true })).toHaveValue("18");
});

test("every sign-up and sign-in validation message of §5 appears for its bad input", async ({
  page,
}) => {
  const dialog = await openSignInModal(page);
  // Sign-in: shown after blur.
  await dialog.getByLabel("Email", { exact: true }).fill("not-an-email");
  await expect(dialog.getByText(M.email)).toBeHidden();
  await dialog.getByLabel("Email", { exact: true }).blur();
  await expect(dialog.getByText(M.email)).toBeVisible();
  // The password rule applies to sign-in too.
  await dialog.getByLabel("Password", { exact: true }).fill("short");
  await dialog.getByLabel("Password", { exact: true }).blur();
  await expect(dialog.getByText(M.password)).toBeVisible();

  await dialog.getByRole("button", { name: "Sign Up", exact: true }).click();
  const cases: [string, string, string][] = [
    ["First name", "Al", M.firstName],
    ["First name", "Ada!", M.firstName],
    ["Last name", "L", M.lastName],
    ["Email", "ada@", M.email],
    ["Password", "short1!", M.password],
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
  await expect(dialog.getByRole("alert")).toHaveText(M.passwordTooCommon);
  // The show/hide toggle.
  const password = dialog.getByLabel("Password", { exact: true });
  await expect(password).toHaveAttribute("type", "password");
  await dialog.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await dialog.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");
});

test("the new-password page's messages, and a link without user or token", async ({ page }) => {
  await openPage(page, "/set-pw");
  await expect(
    page.getByText("Invalid reset link. Please request a new password reset."),
  ).toBeVisible();
  await openPage(page, "/set-pw?user=MQ&token=abc");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Password is required")).toBeVisible();
  await expect(page.getByText("Please confirm your password")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("Brand123!");
  await page.getByLabel("Confirm password", { exact: true }).fill("Brand123!");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("alert")).toContainText("This reset link is invalid or has expired.");
});

test("?login=true on the home page opens the sign-in modal and leaves the address", async ({
  page,
}) => {
  await openPage(page, "/?login=true");
  await expect(
    page.getByRole("dialog").getByRole("heading", { name: "Welcome back" }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
});

test("the /auth page: tabs, sign-in confirmation and /settings for visitors", async ({ page }) => {
  await openPage(page, "/settings");
  await expect(page).toHaveURL(/\/auth\?next=\/settings$/);
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await expect(page.getByLabel("Confirm password", { exact: true })).toBeVisible();
  await page.getByRole("tab", { name: "Login" }).click();
  const email = await registerUser();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Login Successful!" })).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/, { timeout: 10_000 });
  await expect(page.getByText(email)).toBeVisible();
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

test("without GOOGLE_CLIENT_ID there is no Google button in the modal or on /auth", async ({
  page,
}) => {
  const dialog = await openSignInModal(page);
  await expect(dialog.getByRole("button", { name: "Sign In" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: /Google/ })).toHaveCount(0);
  await openPage(page, "/auth");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Google/ })).toHaveCount(0);
});
