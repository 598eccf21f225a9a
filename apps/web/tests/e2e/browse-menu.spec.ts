// The header's Browse menu and the mobile hamburger menu (docs/spec/accounts-and-details.md §2 Site header).
import { expect, test } from "@playwright/test";

import { openPage } from "./support/navigation.ts";

const PROGRAMME_HREFS = [
  ["Undergraduate", "/coursefinder?programme=undergraduate"],
  ["Graduate", "/coursefinder?programme=postgraduate"],
  ["Executive Education", "/coursefinder?programme=Executive+Education"],
  ["Short Courses", "/coursefinder?programme=Short+Courses"],
  ["Certificate Courses", "/coursefinder?programme=Certificate+Courses"],
] as const;

test("Browse lists the discipline page and the five programme links", async ({ page }) => {
  await openPage(page, "/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("button", { name: "Browse" }).click();

  await expect(nav.getByRole("link", { name: "Browse by discipline" })).toHaveAttribute(
    "href",
    "/discipline/",
  );
  const programmes = nav.getByRole("button", { name: "Programmes" });
  await expect(programmes).toHaveAttribute("aria-expanded", "false");
  await programmes.click();
  await expect(programmes).toHaveAttribute("aria-expanded", "true");

  const submenu = nav.getByRole("list", { name: "Programmes" });
  for (const [label, href] of PROGRAMME_HREFS) {
    await expect(submenu.getByRole("link", { name: label, exact: true })).toHaveAttribute(
      "href",
      href,
    );
  }

  await page.keyboard.press("Escape");
  await expect(nav.getByRole("link", { name: "Browse by discipline" })).toHaveCount(0);
  await expect(nav.getByRole("button", { name: "Browse" })).toBeFocused();
});

test("the Programmes submenu also opens on hover", async ({ page }) => {
  await openPage(page, "/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("button", { name: "Browse" }).click();
  await nav.getByRole("button", { name: "Programmes" }).hover();
  await expect(nav.getByRole("link", { name: "Short Courses" })).toBeVisible();
});

test("the mobile menu offers Browse and Explore and closes on scroll", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await openPage(page, "/");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();

  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("navigation", { name: "Menu" });
  await expect(menu.getByRole("link", { name: "Explore" })).toHaveAttribute("href", "/explore");
  await menu.getByRole("button", { name: "Browse" }).click();
  await expect(menu.getByRole("link", { name: "Browse by discipline" })).toHaveAttribute(
    "href",
    "/discipline/",
  );
  await expect(menu.getByRole("link", { name: "Certificate Courses" })).toHaveAttribute(
    "href",
    "/coursefinder?programme=Certificate+Courses",
  );

  await page.mouse.wheel(0, 300);
  await expect(menu).toHaveCount(0);
});
