// /success-anim (docs/spec/accounts-and-details.md §2 route table; docs/spec-notes.md): the
// success animation as a page without the site's header and footer, finished by 4.25 s (§9), still
// when reduced motion is asked for, keyboard usable and axe-clean at 1280 and 375 px.
import { expect, test } from "@playwright/test";

import { severeViolations } from "./support/axe.ts";
import { openPage } from "./support/navigation.ts";

test("the success page plays its animation once, without the site's chrome, and leads on", async ({
  page,
}) => {
  const response = await openPage(page, "/success-anim");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Success — StudyAtlas");
  await expect(page.getByRole("heading", { level: 1, name: "Success!" })).toBeVisible();
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  // Decorative: hidden from assistive technology, the heading says it.
  const mark = page.getByTestId("success-animation");
  await expect(mark).toHaveAttribute("aria-hidden", "true");
  await expect(mark.locator("circle")).toHaveCount(2);

  // The ring, the check and the halo animate, all finished within the spec's 4.25 s.
  const timings = await page.evaluate(() =>
    document.getAnimations().map((animation) => {
      const timing = animation.effect?.getComputedTiming();
      return Number(timing?.endTime ?? 0);
    }),
  );
  expect(timings).toHaveLength(3);
  expect(Math.max(...timings)).toBeLessThanOrEqual(4250);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await severeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
  }

  // The way on, by keyboard: the logo home, then the two links.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "StudyAtlas home" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Go to the home page" })).toBeFocused();
  await page.keyboard.press("Tab");
  const finder = page.getByRole("link", { name: "Find a programme" });
  await expect(finder).toBeFocused();
  await page.keyboard.press("Enter");
  await page.waitForURL("**/coursefinder");
});

test("with reduced motion the finished mark shows at once", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await openPage(page, "/success-anim");
  expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
  const ring = page.getByTestId("success-animation").locator("circle").nth(1);
  await expect(ring).toHaveCSS("stroke-dashoffset", "0px");
  await expect(page.getByRole("heading", { level: 1, name: "Success!" })).toBeVisible();
});
