// Passwords end to end (docs/spec/accounts-and-details.md): the password reset through /set-pw,
// the new-password page's messages, and changing the password (and the profile) on /settings.
import { expect, test } from "@playwright/test";

import { openPage } from "./support/navigation.ts";
import {
  PASSWORD,
  mailedLink,
  openSignInModal,
  registerUser,
  signInStatus,
  signInThroughApi,
} from "./support/accounts.ts";

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
