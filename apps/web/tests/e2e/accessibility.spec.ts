// axe finds no serious or critical issue on the home and not-found pages, wide and narrow
// (CONTRIBUTING.md "Look and behaviour").
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

import { openPage } from "./support/navigation.ts";

for (const width of [1280, 375]) {
  for (const [name, path] of [
    ["home page", "/"],
    ["not-found page", "/no-such-page"],
  ] as const) {
    test(`${name} at ${width} px has no serious or critical axe violations`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await openPage(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).analyze();
      const severe = violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map((violation) => ({
          rule: violation.id,
          impact: violation.impact,
          targets: violation.nodes.map((node) => node.target.join(" ")),
        }));
      expect(severe).toEqual([]);
    });
  }
}
