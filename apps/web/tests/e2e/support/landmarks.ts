// axe's landmark findings of every impact (one <main>, top-level banner and main, content inside
// landmarks): the dashboards' pages expect none (docs/decisions/055-lead-exports-and-idempotent-create.md
// "One main landmark").
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export async function landmarkViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.id.startsWith("landmark") || violation.id === "region")
    .map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}

/** Screenshots of the page at 1280 and 375 px (/tmp/partner-journey-NAME-WIDTH.png). */
export async function atBothWidths(
  page: Page,
  name: string,
  check: (width: number) => Promise<void>,
): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/partner-journey-${name}-${width}.png`, fullPage: true });
    await check(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
