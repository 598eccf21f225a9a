// Site footer (docs/spec/discovery.md §2 Footer). Desktop: four columns. 768 px or less: the Resources and
// Quick Links sections collapse; only one is open at a time and tapping the open one closes it.
// Both layouts are in the server-rendered HTML and CSS picks one, so nothing shifts on load.
import { useId, useState } from "react";
import { Link, useRouteLoaderData } from "react-router";

import type { loadRootData as rootLoader } from "../../root-data.ts";
import {
  DEFAULT_SITE_LINKS,
  isExternalHref,
  SOCIAL_NETWORKS,
  type SiteLinks,
} from "../../site-links.ts";
import { BROWSE_BY_DISCIPLINE_PATH, PROGRAMME_LINKS } from "../../utils/programme-links.ts";
import { ChevronDownIcon } from "../icons/icons.tsx";
import { Logo } from "../logo/logo.tsx";
import styles from "./site-footer.module.css";
import { SocialIcon } from "./social-icon.tsx";
import { SiteLink } from "../site-link/site-link.tsx";

interface FooterLinkItem {
  label: string;
  href: string;
}

type CollapsibleSection = "resources" | "quick-links";

const RESOURCES: readonly FooterLinkItem[] = [
  ...PROGRAMME_LINKS.map((programme) => ({ label: programme.label, href: programme.to })),
  { label: "Browse by discipline", href: BROWSE_BY_DISCIPLINE_PATH },
];

function quickLinks(links: SiteLinks): FooterLinkItem[] {
  return [
    { label: "About us", href: "/about" },
    { label: "Contact us", href: "/contact-us" },
    { label: "FAQ", href: "/faq" },
    { label: "Explore", href: "/explore" },
    // Shown only when NEWS_BLOG_URL is configured: no dead link (docs/spec-notes.md).
    ...(links.newsBlog ? [{ label: "News blog", href: links.newsBlog }] : []),
  ];
}

function legalLinks(links: SiteLinks): FooterLinkItem[] {
  return [
    { label: "Privacy Policy", href: links.privacyPolicy },
    { label: "Terms of Use", href: links.termsOfUse },
    { label: "Disclaimer", href: links.disclaimer },
  ];
}

/** Our pages navigate in the app; outside addresses open in a new tab. */
function FooterLink({ item }: { item: FooterLinkItem }) {
  if (item.href.startsWith("/")) {
    return (
      <SiteLink to={item.href} className={styles.link}>
        {item.label}
      </SiteLink>
    );
  }
  if (!isExternalHref(item.href)) {
    return (
      <Link to={item.href} className={styles.link}>
        {item.label}
      </Link>
    );
  }
  return (
    <a href={item.href} target="_blank" rel="noopener noreferrer" className={styles.link}>
      {item.label}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

interface FooterSectionProps {
  title: string;
  items: readonly FooterLinkItem[];
  open: boolean;
  onToggle: () => void;
}

function FooterSection({ title, items, open, onToggle }: FooterSectionProps) {
  const listId = useId();
  return (
    <section className={styles.section}>
      <h2 className={`${styles.heading} ${styles.desktopHeading}`}>{title}</h2>
      <h2 className={`${styles.heading} ${styles.mobileHeading}`}>
        <button
          type="button"
          className={styles.sectionToggle}
          aria-expanded={open}
          aria-controls={listId}
          onClick={onToggle}
        >
          {title}
          <ChevronDownIcon className={styles.chevron} data-open={open || undefined} />
        </button>
      </h2>
      <ul
        id={listId}
        className={`${styles.links} ${styles.collapsible}`}
        data-open={open || undefined}
      >
        {items.map((item) => (
          <li key={item.href}>
            <FooterLink item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function SiteFooter() {
  // The configured links come with the root loader; the error page may render without it.
  const links = useRouteLoaderData<typeof rootLoader>("root")?.siteLinks ?? DEFAULT_SITE_LINKS;
  const socialProfiles = SOCIAL_NETWORKS.flatMap(({ network, label }) => {
    const href = links.social[network];
    return href ? [{ network, label, href }] : [];
  });
  const [openSection, setOpenSection] = useState<CollapsibleSection | null>(null);
  const toggle = (section: CollapsibleSection) =>
    setOpenSection((current) => (current === section ? null : section));

  return (
    <footer className={styles.footer}>
      <div className={styles.columns}>
        <div className={styles.brand}>
          <SiteLink to="/" className={styles.logo} aria-label="StudyAtlas home">
            <Logo />
          </SiteLink>
          <p className={styles.blurb}>
            Find online programmes from schools worldwide: undergraduate and graduate degrees,
            executive education, short courses and certificates.
          </p>
          {socialProfiles.length > 0 && (
            <ul className={styles.socials} aria-label="StudyAtlas on social media">
              {socialProfiles.map((profile) => (
                <li key={profile.network}>
                  <a
                    href={profile.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={styles.social}
                    aria-label={`${profile.label} (opens in a new tab)`}
                  >
                    <SocialIcon network={profile.network} />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>

        <FooterSection
          title="Resources"
          items={RESOURCES}
          open={openSection === "resources"}
          onToggle={() => toggle("resources")}
        />
        <FooterSection
          title="Quick Links"
          items={quickLinks(links)}
          open={openSection === "quick-links"}
          onToggle={() => toggle("quick-links")}
        />

        <section className={styles.section}>
          <h2 className={styles.heading}>Legal</h2>
          <ul className={`${styles.links} ${styles.legal}`}>
            {legalLinks(links).map((item) => (
              <li key={item.href}>
                <FooterLink item={item} />
              </li>
            ))}
          </ul>
        </section>
      </div>

      <div className={styles.bottom}>
        {/* The spec's hard-coded 2024 / 2025 was a stale year: the current one (docs/spec-notes.md). */}
        <p>
          © <span suppressHydrationWarning>{new Date().getFullYear()}</span> StudyAtlas. All rights
          reserved.
        </p>
      </div>
    </footer>
  );
}
