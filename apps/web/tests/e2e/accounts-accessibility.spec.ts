// axe finds no serious or critical issue on the sign-in modal, /auth and /settings, wide and
// narrow (docs/security.md "Tests that keep it so").
import { expect, test } from "@playwright/test";

import { registerUser, signInThroughApi } from "./support/accounts.ts";
import { openPage } from "./support/navigation.ts";
import { severeViolations } from "./support/axe.ts";

for (const width of [1280, 375]) {
  test(`the sign-in modal at ${width} px (login and register) has no serious or critical axe violations`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await openPage(page, "/?login=true");
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    expect(await severeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Sign Up", exact: true }).click();
    await dialog.getByLabel("First name", { exact: true }).fill("A");
    await dialog.getByLabel("First name", { exact: true }).blur();
    expect(await severeViolations(page)).toEqual([]);
  });

  test(`/auth at ${width} px has no serious or critical axe violations`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openPage(page, "/auth");
    await expect(page.getByRole("tab", { name: "Login" })).toBeVisible();
    expect(await severeViolations(page)).toEqual([]);
  });

  test(`/settings at ${width} px has no serious or critical axe violations`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const email = await registerUser();
    await signInThroughApi(page, email);
    await openPage(page, "/settings");
    await expect(page.getByRole("heading", { name: "Account Settings" })).toBeVisible();
    expect(await severeViolations(page)).toEqual([]);
  });
}
