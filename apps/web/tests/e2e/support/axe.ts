// axe's serious and critical findings on the page as it is (CONTRIBUTING.md "Look and behaviour"): the
// end-to-end tests expect none.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export async function severeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}
