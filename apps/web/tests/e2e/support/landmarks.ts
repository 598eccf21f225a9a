// axe's landmark findings of every impact (one <main>, top-level banner and main, content inside
// landmarks) beside its serious and critical ones: the dashboards' pages expect none (docs/decisions/055-lead-exports-and-idempotent-create.md
// "One main landmark").
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** axe's serious and critical findings, and its landmark findings of any impact, in one scan. */
export async function severeOrLandmarkViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter(
      (violation) =>
        violation.impact === "serious" ||
        violation.impact === "critical" ||
        violation.id.startsWith("landmark") ||
        violation.id === "region",
    )
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}

/** Screenshots of the page at 1280 and 375 px (/tmp/partner-journey-NAME-WIDTH.png). */
export async function atBothWidths(
  page: Page,
  name: string,
  check: (width: number) => Promise<void>,
  /** The whole page, or (by default) what the window shows: long forms make huge images. */
  fullPage = false,
): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/partner-journey-${name}-${width}.png`, fullPage });
    await check(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
