// Helpers shared by the course finder specs: the result count, facet counts and the panel.
import { expect, type Locator, type Page } from "@playwright/test";

const NUMBER = /([\d,]+) results?$/;

export function toNumber(text: string): number {
  const match = NUMBER.exec(text.trim());
  if (!match?.[1]) throw new Error(`No count in '${text}'`);
  return Number(match[1].replace(/,/g, ""));
}

export function countHeading(page: Page): Locator {
  return page.getByRole("heading", { level: 2, name: /^[\d,]+ results?$/ });
}

export async function resultCount(page: Page): Promise<number> {
  return toNumber(await countHeading(page).innerText());
}

export function filterPanel(page: Page): Locator {
  return page.getByRole("complementary", { name: "Filters" });
}

/**
 * The facet count shown beside an option: the number its text ends with. (Its accessible name ends
 * with 'N results': the word is the stylesheet's, which `innerText` does not read.)
 */
export async function facetCount(option: Locator): Promise<number> {
  const match = /([\d,]+)$/.exec((await option.innerText()).replace(/\s+/g, " ").trim());
  if (!match?.[1]) throw new Error(`No count in '${await option.innerText()}'`);
  return Number(match[1].replace(/,/g, ""));
}

export async function expectResultCount(page: Page, count: number) {
  await expect(countHeading(page)).toHaveText(
    `${count.toLocaleString("en-US")} ${count === 1 ? "result" : "results"}`,
  );
}

export async function cardNames(page: Page): Promise<string[]> {
  return page
    .getByRole("main")
    .getByRole("article")
    .getByRole("heading", { level: 3 })
    .allInnerTexts();
}

/** The detail links of the cards in the list, in order (names can repeat across schools). */
export async function cardLinks(page: Page): Promise<string[]> {
  return page
    .getByRole("main")
    .getByRole("article")
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
}
