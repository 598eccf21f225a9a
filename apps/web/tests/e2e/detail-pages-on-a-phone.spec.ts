// The programme and school pages at 375 px (docs/decisions/050-recovery-codes-and-real-names.md):
// the facts card's values wrap inside the card, so a long city never pushes the country past the
// edge, and the programme page's "Official programme website" link sits under "Apply Now"
// without covering it.
import { expect, test } from "@playwright/test";

import { severeViolations } from "./support/axe.ts";
import { openPage } from "./support/navigation.ts";

test.use({ viewport: { width: 375, height: 800 } });

test("a school's facts stay inside a phone screen, even with a long city", async ({ page }) => {
  const list = (await (
    await page.request.get("/api/academics/course/list?page_size=1", { maxRetries: 2 })
  ).json()) as { results: { school: { slug: string } }[] };
  const slug = list.results[0]!.school.slug;
  await openPage(page, `/school/${slug}`);
  const facts = page.locator("dl").filter({ hasText: "Country" }).first();
  // A city as long as real ones get, put in the page as the server would render it.
  await facts
    .locator("div", { hasText: "City" })
    .locator("dd")
    .evaluate((node) => {
      node.textContent = "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch";
    });
  for (const label of ["City", "Country"]) {
    const box = await facts.locator("div", { hasText: label }).locator("dd").boundingBox();
    expect(box, label).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  }
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath("school-375.png"), fullPage: true });
  expect(await severeViolations(page)).toEqual([]);
});

test("the programme page's website link does not cover Apply Now", async ({ page }) => {
  const list = (await (
    await page.request.get("/api/academics/course/list?page_size=50", { maxRetries: 2 })
  ).json()) as { results: { slug: string }[] };
  for (const { slug } of list.results) {
    const detail = (await (
      await page.request.get(`/api/academics/course/detail/${slug}`, { maxRetries: 2 })
    ).json()) as { official_programme_website: string | null };
    if (!detail.official_programme_website) continue;
    await openPage(page, `/course/${slug}`);
    const apply = page.getByRole("button", { name: "Apply Now" });
    const link = page.getByRole("link", { name: /Official programme website/ });
    const applyBox = (await apply.boundingBox())!;
    const linkBox = (await link.boundingBox())!;
    expect(linkBox.y).toBeGreaterThanOrEqual(applyBox.y + applyBox.height);
    expect(linkBox.x + linkBox.width).toBeLessThanOrEqual(375);
    await page.screenshot({ path: test.info().outputPath("programme-375.png") });
    return;
  }
  throw new Error("no programme with a website in the demo catalogue");
});
