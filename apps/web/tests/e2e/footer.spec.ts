// Footer links and the mobile accordion (docs/spec/discovery.md §2 Footer).
import { expect, test } from "@playwright/test";

import { openPage } from "./support/navigation.ts";

test("at 375 px only one section is open at a time, and tapping the open one closes it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openPage(page, "/");
  const footer = page.getByRole("contentinfo");
  const resources = footer.getByRole("button", { name: "Resources" });
  const quickLinks = footer.getByRole("button", { name: "Quick Links" });
  const undergraduate = footer.getByRole("link", { name: "Undergraduate", exact: true });
  const aboutUs = footer.getByRole("link", { name: "About us" });

  await expect(resources).toHaveAttribute("aria-expanded", "false");
  await expect(quickLinks).toHaveAttribute("aria-expanded", "false");
  await expect(undergraduate).toBeHidden();
  await expect(aboutUs).toBeHidden();

  await resources.click();
  await expect(resources).toHaveAttribute("aria-expanded", "true");
  await expect(undergraduate).toBeVisible();

  await quickLinks.click();
  await expect(quickLinks).toHaveAttribute("aria-expanded", "true");
  await expect(resources).toHaveAttribute("aria-expanded", "false");
  await expect(aboutUs).toBeVisible();
  await expect(undergraduate).toBeHidden();

  await quickLinks.click();
  await expect(quickLinks).toHaveAttribute("aria-expanded", "false");
  await expect(aboutUs).toBeHidden();
});

test("on desktop every column is open, with the spec's links", async ({ page }) => {
  await openPage(page, "/");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("button", { name: "Resources" })).toBeHidden();

  const expected: [string, string][] = [
    ["Undergraduate", "/coursefinder?programme=undergraduate"],
    ["Graduate", "/coursefinder?programme=postgraduate"],
    ["Executive Education", "/coursefinder?programme=Executive+Education"],
    ["Short Courses", "/coursefinder?programme=Short+Courses"],
    ["Certificate Courses", "/coursefinder?programme=Certificate+Courses"],
    ["Browse by discipline", "/discipline/"],
    ["About us", "/about"],
    ["Contact us", "/contact-us"],
    ["FAQ", "/faq"],
    ["Privacy Policy", "/privacy"],
    ["Terms of Use", "/terms"],
    ["Disclaimer", "/disclaimer"],
  ];
  for (const [name, href] of expected) {
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }

  for (const name of [
    "News blog",
    "Facebook",
    "Twitter",
    "Instagram",
    "YouTube",
    "TikTok",
    "LinkedIn",
  ]) {
    const link = footer.getByRole("link", { name: new RegExp(`^${name}`) });
    await expect(link).toHaveAttribute("href", /^https:\/\//);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }

  await expect(footer).toContainText(`© ${new Date().getFullYear()} StudyAtlas`);
});
