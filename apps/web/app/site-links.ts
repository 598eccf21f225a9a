// Addresses of the footer's outside links (docs/spec/discovery.md §2 Footer). They come from the server's
// configuration (README "Configuration": NEWS_BLOG_URL, PRIVACY_POLICY_URL, TERMS_OF_USE_URL,
// DISCLAIMER_URL, SOCIAL_*_URL) through the root loader, so a deployment points them at its own
// blog and profiles. Terms, privacy and the disclaimer default to our own pages; the blog and the
// social profiles are left out until configured, so the footer never shows a dead link.

export type SocialNetwork =
  "facebook" | "twitter" | "instagram" | "youtube" | "tiktok" | "linkedin";

export const SOCIAL_NETWORKS: readonly { network: SocialNetwork; label: string }[] = [
  { network: "facebook", label: "Facebook" },
  { network: "twitter", label: "Twitter" },
  { network: "instagram", label: "Instagram" },
  { network: "youtube", label: "YouTube" },
  { network: "tiktok", label: "TikTok" },
  { network: "linkedin", label: "LinkedIn" },
];

export interface SiteLinks {
  newsBlog: string | null;
  privacyPolicy: string;
  termsOfUse: string;
  disclaimer: string;
  social: Partial<Record<SocialNetwork, string>>;
}

/**
 * The links when nothing is configured: the configuration's defaults (server/config.ts), and the
 * footer of an error page rendered without the root loader's data.
 */
export const DEFAULT_SITE_LINKS: SiteLinks = {
  newsBlog: null,
  privacyPolicy: "/privacy",
  termsOfUse: "/terms",
  disclaimer: "/disclaimer",
  social: {},
};

/** Whether a configured address leaves the site (then it opens in a new tab). */
export function isExternalHref(href: string): boolean {
  return /^https?:\/\//.test(href);
}
