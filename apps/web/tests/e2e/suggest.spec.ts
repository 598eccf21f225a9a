// Search suggestions under the hero and header search boxes: grouped results from the suggest
// API while typing, the ARIA combobox pattern, keyboard and mouse choice, and the plain search
// when nothing is highlighted.
import { expect, test } from "@playwright/test";

import { openPage } from "./support/navigation.ts";

const PLACEHOLDER = "What do you want to study?";

test("typing 'data sci' offers programmes; ArrowDown and Enter open the first", async ({
  page,
}) => {
  await openPage(page, "/");
  const hero = page.getByRole("search", { name: "Search programmes" });
  const input = hero.getByRole("combobox", { name: PLACEHOLDER });
  await expect(input).toHaveAttribute("aria-expanded", "false");

  await input.pressSequentially("data sci");
  const listbox = page.getByRole("listbox", { name: "Suggestions" });
  await expect(listbox).toBeVisible();
  await expect(input).toHaveAttribute("aria-expanded", "true");
  await expect(listbox.getByRole("group", { name: "Programmes" })).toBeVisible();

  await input.press("ArrowDown");
  const first = listbox.getByRole("option").first();
  await expect(first).toHaveAttribute("aria-selected", "true");
  await expect(input).toHaveAttribute(
    "aria-activedescendant",
    (await first.getAttribute("id")) ?? "",
  );
  const label = (await first.locator("span").first().textContent()) ?? "";
  expect(label.toLowerCase()).toContain("data science");

  await input.press("Enter");
  await expect(page).toHaveURL(/\/coursefinder\?/);
  expect(new URL(page.url()).searchParams.get("name")).toBe(label);
});

test("the arrow keys wrap, Escape closes, Enter without a highlight searches as before", async ({
  page,
}) => {
  await openPage(page, "/");
  const hero = page.getByRole("search", { name: "Search programmes" });
  const input = hero.getByRole("combobox", { name: PLACEHOLDER });
  await input.pressSequentially("germ");
  const listbox = page.getByRole("listbox", { name: "Suggestions" });
  await expect(listbox.getByRole("option").first()).toBeVisible();
  const count = await listbox.getByRole("option").count();

  await input.press("ArrowUp");
  await expect(listbox.getByRole("option").nth(count - 1)).toHaveAttribute("aria-selected", "true");
  await input.press("ArrowDown");
  await expect(listbox.getByRole("option").first()).toHaveAttribute("aria-selected", "true");

  await input.press("Escape");
  await expect(listbox).toBeHidden();
  await expect(input).toHaveAttribute("aria-expanded", "false");
  await expect(input).toBeFocused();

  await input.press("Enter");
  await expect(page).toHaveURL(/\/coursefinder\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get("name")).toBe("germ");
  expect(url.searchParams.get("country")).toBe("Where?");
});

test("a click on a country suggestion opens the finder for that country", async ({ page }) => {
  await openPage(page, "/");
  const input = page
    .getByRole("search", { name: "Search programmes" })
    .getByRole("combobox", { name: PLACEHOLDER });
  await input.pressSequentially("canad");
  const countries = page.getByRole("group", { name: "Countries" });
  await countries.getByRole("option", { name: /Canada/ }).click();
  await expect(page).toHaveURL(/\/coursefinder\?country=canada$/);
});

test("one character asks for nothing", async ({ page }) => {
  let requests = 0;
  page.on("request", (request) => {
    if (request.url().includes("/search/suggest")) requests++;
  });
  await page.clock.install();
  await openPage(page, "/");
  const input = page
    .getByRole("search", { name: "Search programmes" })
    .getByRole("combobox", { name: PLACEHOLDER });
  await input.pressSequentially("d");
  // Well past the suggestions' debounce, on the page's clock.
  await page.clock.runFor(1000);
  expect(requests).toBe(0);
  await expect(page.getByRole("listbox", { name: "Suggestions" })).toBeHidden();
});
