// Two-factor sign-in in Chromium (docs/decisions/014-two-factor.md): enrol an authenticator app in
// /settings (the key read from the page, the code computed like an app would), sign out, sign in
// with the password and then a code in the modal and on /auth; a wrong code shows an error and
// leaves the session unable to open the account; axe finds nothing serious at 1280 and 375 px.
//
// Codes are single-use per 30-second step: a sign-in right after the enrolment uses the next
// step's code, which the server accepts one step early (its window), so no test waits for a clock.
import { expect, test, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";

import {
  PASSWORD,
  mailedLink,
  registerUser,
  signInThroughApi,
  uniqueEmail,
} from "./support/accounts.ts";
import { severeViolations } from "./support/axe.ts";
import { openPage } from "./support/navigation.ts";

function codeFor(secret: string, stepsAhead = 0): string {
  return new TOTP({
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/** A code none of the accepted steps (now, one before, one after) has. */
function wrongCodeFor(secret: string): string {
  const right = [-1, 0, 1, 2].map((step) => codeFor(secret, step));
  for (let n = 123_456; ; n += 1) {
    const code = String(n % 1_000_000).padStart(6, "0");
    if (!right.includes(code)) return code;
  }
}

/** The recovery codes shown when two-factor was last turned on in this file (ADR 050). */
let shownRecoveryCodes: string[] = [];

/** Enrols an authenticator app through /settings in the signed-in page; answers its secret. */
async function enrolInSettings(page: Page, width: number): Promise<string> {
  await openPage(page, "/settings");
  const section = page.getByRole("region", { name: "Two-factor authentication" });
  await expect(section.getByText("Off: signing in needs only your password.")).toBeVisible();
  await section.getByRole("button", { name: "Set up an authenticator app" }).click();
  const name = section.getByLabel("Name for this app (optional)");
  await expect(name).toBeFocused();
  await name.fill("My phone");
  await section.getByRole("button", { name: "Continue" }).click();

  const scan = section.getByRole("group", { name: "Scan the QR code with your authenticator app" });
  await expect(scan).toBeFocused();
  await expect(
    scan.getByRole("img", { name: "QR code to scan with your authenticator app" }),
  ).toBeVisible();
  const shown = await scan.locator("code").innerText();
  const secret = shown.replace(/\s+/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath(`settings-enrol-${width}.png`) });
  expect(await severeViolations(page)).toEqual([]);

  // A wrong code first: the error, and two-factor stays off.
  const code = scan.getByLabel("6-digit code");
  await code.fill(wrongCodeFor(secret));
  await scan.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await expect(scan.getByRole("alert")).toHaveText(
    "That code is not right. Check your authenticator app and try again.",
  );
  await expect(code).toBeFocused();
  await expect(code).toHaveValue("");

  await code.fill(codeFor(secret));
  await scan.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await expect(page.getByText("Two-factor authentication is on.")).toBeVisible();
  // Turning it on shows the ten recovery codes, once (ADR 050).
  const codesBox = section.getByRole("group", { name: "Your recovery codes" });
  await expect(codesBox).toBeFocused();
  shownRecoveryCodes = await codesBox
    .getByRole("list", { name: "Recovery codes" })
    .locator("code")
    .allInnerTexts();
  expect(shownRecoveryCodes).toHaveLength(10);
  await page.screenshot({ path: test.info().outputPath(`settings-recovery-codes-${width}.png`) });
  expect(await severeViolations(page)).toEqual([]);
  await codesBox.getByRole("button", { name: "I have saved my codes" }).click();
  await expect(section.getByText("10 of 10 recovery codes left.", { exact: false })).toBeVisible();
  await expect(codesBox).toHaveCount(0);
  await expect(section.getByText("On: signing in asks for a code from your app.")).toBeVisible();
  await expect(section.getByRole("list", { name: "Your authenticator apps" })).toContainText(
    "My phone",
  );
  await page.screenshot({
    path: test.info().outputPath(`settings-on-${width}.png`),
    fullPage: true,
  });
  expect(await severeViolations(page)).toEqual([]);
  return secret;
}

async function accountStatus(page: Page): Promise<number> {
  return (await page.request.get("/api/account/detail", { maxRetries: 2 })).status();
}

for (const width of [1280, 375]) {
  test(`enrol in /settings, sign out, sign in with password and code in the modal (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const email = await registerUser({ firstName: "Grace", lastName: "Hopper" });
    await signInThroughApi(page, email);
    const secret = await enrolInSettings(page, width);

    // Sign out (the header's menu), then sign in again in the modal.
    await openPage(page, "/");
    if (width < 768) await page.context().clearCookies();
    else {
      await page.getByRole("button", { name: "Account menu for Grace Hopper" }).click();
      await page.getByRole("menuitem", { name: "Sign Out" }).click();
      // Signing out reloads the page; the header then offers to sign in.
      await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
    }
    await openPage(page, "/?login=true");
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email", { exact: true }).fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await dialog.getByRole("button", { name: "Sign In" }).click();

    const code = dialog.getByLabel("6-digit code");
    await expect(dialog.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
    await expect(code).toBeFocused();
    // Sign-up and Google do not belong to this step.
    await expect(dialog.getByRole("button", { name: "Sign Up" })).toBeHidden();
    // The password alone opens nothing.
    expect(await accountStatus(page)).toBe(403);
    await page.screenshot({ path: test.info().outputPath(`modal-code-${width}.png`) });
    expect(await severeViolations(page)).toEqual([]);

    await code.fill(wrongCodeFor(secret));
    await code.press("Enter");
    await expect(dialog.getByRole("alert")).toHaveText(
      "That code is not right. Check your authenticator app and try again.",
    );
    await expect(code).toBeFocused();
    expect(await accountStatus(page)).toBe(403);
    await page.screenshot({ path: test.info().outputPath(`modal-wrong-${width}.png`) });
    expect(await severeViolations(page)).toEqual([]);

    // The enrolment used this step's code; an app shows the next one within 30 s.
    await code.fill(codeFor(secret, 1));
    await dialog.getByRole("button", { name: "Verify" }).click();
    await expect(dialog.getByRole("heading", { name: "Login Successful!" })).toBeVisible();
    expect(await accountStatus(page)).toBe(200);
    await expect(page.getByRole("button", { name: "Account menu for Grace Hopper" })).toBeVisible();
  });
}

test("on /auth: password, then code; Cancel goes back to the password; removing the app in settings", async ({
  page,
}) => {
  const email = await registerUser({ firstName: "Alan", lastName: "Turing" });
  await signInThroughApi(page, email);
  const secret = await enrolInSettings(page, 1280);
  await page.context().clearCookies();

  await openPage(page, "/auth");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Sign Up" })).toBeHidden();
  // Until the code is given, pages that need a signed-in user send the visitor to sign in.
  const settings = await page.request.get("/settings", { maxRedirects: 0, maxRetries: 2 });
  expect(settings.status()).toBe(302);
  expect(settings.headers().location).toBe("/auth?next=/settings");
  await page.screenshot({ path: test.info().outputPath("auth-code-1280.png") });
  expect(await severeViolations(page)).toEqual([]);

  // A reload resumes at the code step: the session owes its code, it has not forgotten the password.
  await openPage(page, "/auth");
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  await expect(page.getByLabel("6-digit code")).toBeVisible();

  // Cancel ends the half-open session and shows the password form again.
  await page.getByRole("button", { name: "Cancel and sign in again" }).click();
  await expect(page.getByLabel("Email", { exact: true })).toBeVisible();
  expect(await accountStatus(page)).toBe(401);

  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByLabel("6-digit code").fill(codeFor(secret, 1));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { name: "Login Successful!" })).toBeVisible();
  await page.waitForURL("/");

  // Remove it in settings, with a confirmation.
  await openPage(page, "/settings");
  const section = page.getByRole("region", { name: "Two-factor authentication" });
  await section.getByRole("button", { name: "Remove My phone" }).click();
  const confirm = section.getByRole("group", { name: /Remove My phone\?/ });
  await expect(confirm).toBeFocused();
  await confirm.getByRole("button", { name: "Keep it" }).click();
  await expect(section.getByRole("button", { name: "Remove My phone" })).toBeFocused();
  await section.getByRole("button", { name: "Remove My phone" }).click();
  await page.screenshot({ path: test.info().outputPath("settings-remove-1280.png") });
  expect(await severeViolations(page)).toEqual([]);
  await section.getByRole("button", { name: "Yes, remove it" }).click();
  await expect(page.getByText("The authenticator app was removed.")).toBeVisible();
  await expect(section.getByText("Off: signing in needs only your password.")).toBeVisible();
  await expect(section.getByRole("list", { name: "Your authenticator apps" })).toHaveCount(0);
});

test("a lost device: sign in with a recovery code, which is then spent; renewing the codes", async ({
  page,
}) => {
  const email = await registerUser({ firstName: "Katherine", lastName: "Johnson" });
  await signInThroughApi(page, email);
  const secret = await enrolInSettings(page, 1280);
  const [first, second] = shownRecoveryCodes;

  await page.context().clearCookies();
  await openPage(page, "/auth");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByLabel("6-digit code")).toBeVisible();

  // Lost your device? A recovery code instead.
  await page.getByRole("button", { name: "Lost your device? Use a recovery code" }).click();
  const recovery = page.getByRole("textbox", { name: "Recovery code" });
  await expect(recovery).toBeFocused();
  await page.screenshot({ path: test.info().outputPath("auth-recovery-1280.png") });
  expect(await severeViolations(page)).toEqual([]);
  // The same step on a phone.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(recovery).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath("auth-recovery-375.png") });
  expect(await severeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await recovery.fill(first!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("9 recovery codes are left.")).toBeVisible();
  expect(await accountStatus(page)).toBe(200);
  await page.getByRole("button", { name: "Continue" }).click();

  // The same code again, in a fresh sign-in: refused; another one works.
  await page.context().clearCookies();
  await openPage(page, "/auth");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByRole("button", { name: "Lost your device? Use a recovery code" }).click();
  await page.getByRole("textbox", { name: "Recovery code" }).fill(first!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "That recovery code is not right, or it was already used.",
  );
  expect(await accountStatus(page)).toBe(403);
  await page.getByRole("textbox", { name: "Recovery code" }).fill(second!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("8 recovery codes are left.")).toBeVisible();
  expect(await accountStatus(page)).toBe(200);
  expect(await mailedLink(page.request, email, "recovery_code_used")).toContain("/settings");

  // Renewing the codes in settings takes a fresh app code; the same code twice says it was used.
  await openPage(page, "/settings");
  const section = page.getByRole("region", { name: "Two-factor authentication" });
  await expect(section.getByText("8 of 10 recovery codes left.", { exact: false })).toBeVisible();
  const code = codeFor(secret, 1);
  await section.getByRole("button", { name: "Create new recovery codes" }).click();
  await section.getByLabel("6-digit code").fill(code);
  await section.getByRole("button", { name: "Create new codes" }).click();
  const renewed = section.getByRole("group", { name: "Your recovery codes" });
  await expect(renewed).toBeFocused();
  const fresh = await renewed.locator("code").allInnerTexts();
  expect(fresh).toHaveLength(10);
  expect(fresh).not.toContain(second);
  await renewed.getByRole("button", { name: "I have saved my codes" }).click();
  await expect(section.getByText("10 of 10 recovery codes left.", { exact: false })).toBeVisible();
  await section.getByRole("button", { name: "Create new recovery codes" }).click();
  await section.getByLabel("6-digit code").fill(code);
  await section.getByRole("button", { name: "Create new codes" }).click();
  await expect(section.getByRole("alert")).toHaveText(
    "That code has already been used. Wait for the next one.",
  );
  await page.screenshot({ path: test.info().outputPath("settings-renew-reused-1280.png") });
  expect(await severeViolations(page)).toEqual([]);
});

test("the partner door asks for the code too", async ({ page }) => {
  const email = uniqueEmail("partner-2fa");
  const registered = await page.request.post("/api/account/register_partner", {
    data: {
      first_name: "Pat",
      last_name: "Partner",
      email,
      password: PASSWORD,
      organization: `Two-factor College ${Date.now().toString(36)}`,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await openPage(page, await mailedLink(page.request, email, "verification"));
  await expect(page.getByRole("heading", { name: "E-mail verified" })).toBeVisible();
  await page.context().clearCookies();
  await signInThroughApi(page, email);
  const secret = await enrolInSettings(page, 1280);
  await page.context().clearCookies();

  await openPage(page, "/dashboard/partner/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  const code = page.getByLabel("6-digit code");
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  await expect(code).toBeFocused();
  expect(await severeViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("partner-code-1280.png") });

  await code.fill(wrongCodeFor(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "That code is not right. Check your authenticator app and try again.",
  );
  await code.fill(codeFor(secret, 1));
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL("**/dashboard/partner");
  await expect(page.getByText("waiting for approval")).toBeVisible();
});
