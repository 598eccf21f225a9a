// Opening a page and waiting until React has taken over the server-rendered HTML: before that,
// menu buttons have no handlers yet and a click would be lost on a slow machine.
import type { Page, Response } from "@playwright/test";

export async function openPage(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(path);
  // React Router's client entry creates this router when it starts hydrating; from then on,
  // React replays or handles every click.
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  return response;
}
