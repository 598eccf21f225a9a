// Opening a page and waiting until React has taken over the server-rendered HTML: before that,
// menu buttons have no handlers yet and a click would be lost on a slow machine.
import type { Page, Response } from "@playwright/test";

export async function openPage(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(path);
  // The root layout sets data-hydrated on <html> once React has hydrated the page.
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return response;
}
