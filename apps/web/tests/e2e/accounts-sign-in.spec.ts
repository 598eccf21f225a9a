// Signing in end to end (docs/spec/accounts-and-details.md): sign out from the account menu and
// in again in the modal, the menu's keys and where its card opens, the wrong-password message
// with its Sign Up action, ?login=true, the /auth page, and no Google button without a client id.
import { expect, test } from "@playwright/test";

import { openPage } from "./support/navigation.ts";
import {
  FORM_MESSAGES,
  PASSWORD,
  openSignInModal,
  registerUser,
  signInThroughApi,
} from "./support/accounts.ts";

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
  await expect(items).toHaveText(["Wishlist", "My Applications", "Account Settings", "Sign Out"]);
  await expect(items.nth(0)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press("End");
  await expect(items.nth(3)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(items.nth(0)).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(items.nth(3)).toBeFocused();
  await page.keyboard.press("Home");
  await expect(items.nth(0)).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(avatar).toBeFocused();
  // ArrowUp opens onto the last item; Enter opens onto the first.
  await page.keyboard.press("ArrowUp");
  await expect(items.nth(3)).toBeFocused();
  await page.keyboard.press("Escape");
  await page.keyboard.press("Enter");
  await expect(items.nth(0)).toBeFocused();
  await page.keyboard.press("ArrowDown");
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
  await expect(alert).toContainText(FORM_MESSAGES.loginFailed);
  await alert.getByRole("button", { name: "Sign Up" }).click();
  await expect(dialog.getByRole("heading", { name: "Create an account" })).toBeVisible();
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
