// Which pages show the site header and footer, and which header variant
// (docs/spec/accounts-and-details.md §2 route table; docs/spec/discovery.md §2 Header).

/** First path segments of the pages that have their own full-screen layout. */
const CHROME_HIDDEN_SEGMENTS = new Set([
  "dashboard",
  "welcome",
  "auth",
  "verify-email",
  "success-anim",
  "set-pw",
  "post-sign-up",
  "email-sent",
]);

function firstSegment(pathname: string): string {
  return pathname.split("/").find((segment) => segment !== "") ?? "";
}

export function isSiteChromeHidden(pathname: string): boolean {
  return CHROME_HIDDEN_SEGMENTS.has(firstSegment(pathname));
}

/** `/` and `/home` get the home header (transparent over the hero). */
export function isHomePath(pathname: string): boolean {
  const trimmed = pathname.replace(/\/+$/, "");
  return trimmed === "" || trimmed === "/home";
}
