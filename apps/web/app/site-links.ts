// Addresses of the footer's outside links (discovery.md §2 Footer), in one place so that a
// deployment can point them at its own blog and profiles. Terms, privacy and the disclaimer are
// our own pages; the spec's external addresses are not ours to hard-code (docs/spec-notes.md).
export const SITE_LINKS = {
  newsBlog: "https://blog.studyatlas.example",
  privacyPolicy: "/privacy",
  termsOfUse: "/terms",
  disclaimer: "/disclaimer",
} as const;

export type SocialNetwork =
  "facebook" | "twitter" | "instagram" | "youtube" | "tiktok" | "linkedin";

export const SOCIAL_PROFILES: readonly { network: SocialNetwork; label: string; href: string }[] = [
  { network: "facebook", label: "Facebook", href: "https://www.facebook.com/studyatlas" },
  { network: "twitter", label: "Twitter", href: "https://twitter.com/studyatlas" },
  { network: "instagram", label: "Instagram", href: "https://www.instagram.com/studyatlas" },
  { network: "youtube", label: "YouTube", href: "https://www.youtube.com/@studyatlas" },
  { network: "tiktok", label: "TikTok", href: "https://www.tiktok.com/@studyatlas" },
  { network: "linkedin", label: "LinkedIn", href: "https://www.linkedin.com/company/studyatlas" },
];

/** Whether a configured address leaves the site (then it opens in a new tab). */
export function isExternalHref(href: string): boolean {
  return /^https?:\/\//.test(href);
}
