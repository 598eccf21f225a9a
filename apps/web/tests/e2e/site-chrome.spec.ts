// Not-found page, hidden header/footer, and the header's scroll behaviour
// (docs/spec/accounts-and-details.md §2; docs/spec/discovery.md §2 Header).
import { expect, test } from "@playwright/test";

import { openPage } from "./support/navigation.ts";

test("an unknown path shows the not-found page with HTTP 404", async ({ page }) => {
  const response = await openPage(page, "/this/page/does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("Page not found — StudyAtlas");
  await expect(page.getByRole("heading", { level: 1, name: "Oops!" })).toBeVisible();
  await expect(page.getByText("Sorry this page does not exist or has been removed")).toBeVisible();
  await expect(page.getByText("Please return back to homepage")).toBeVisible();
  await page.getByRole("link", { name: "Back to homepage" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Find your online programme" }),
  ).toBeVisible();
});

test("the header and footer are hidden on the full-screen pages", async ({ page }) => {
  await openPage(page, "/welcome");
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);

  await openPage(page, "/faq");
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
});

test("the home header is transparent at the top and becomes fixed and white when scrolled", async ({
  page,
}) => {
  await openPage(page, "/");
  const header = page.getByRole("banner");
  const style = () =>
    header.evaluate((element) => {
      const computed = getComputedStyle(element);
      return { position: computed.position, background: computed.backgroundColor };
    });

  expect(await style()).toEqual({ position: "absolute", background: "rgba(0, 0, 0, 0)" });
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(style).toEqual({ position: "fixed", background: "rgb(255, 255, 255)" });
});

test("navigating to another path scrolls to the top", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await openPage(page, "/");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole("contentinfo").getByRole("link", { name: "FAQ" }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("after a client-side navigation the new page's main heading has the focus", async ({
  page,
}) => {
  await openPage(page, "/");
  // From the keyboard, through a footer link that stays on the page.
  const faq = page.getByRole("contentinfo").getByRole("link", { name: "FAQ" });
  await faq.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  // The next Tab starts from the top of the new page's content, not from the footer.
  await page.keyboard.press("Tab");
  const inMain = await page.evaluate(
    () => document.getElementById("main-content")?.contains(document.activeElement) ?? false,
  );
  expect(inMain).toBe(true);

  // From a pointer, through a link in the page that the navigation removes.
  await openPage(page, "/coursefinder");
  await page.getByRole("main").locator('a[href^="/course/"]').first().click();
  await expect(page).toHaveURL(/\/course\//);
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
});

test("a finder filter that changes the path keeps the focus on the filter", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPage(page, "/undergraduate");
  const filters = page.getByRole("complementary");
  const discipline = filters
    .getByRole("link")
    .filter({ hasText: /Business/ })
    .first();
  await discipline.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/undergraduate\/[a-z-]+/);
  const focusInFilters = await page.evaluate(
    () =>
      document.activeElement?.closest("aside") !== null && document.activeElement !== document.body,
  );
  expect(focusInFilters).toBe(true);
});
