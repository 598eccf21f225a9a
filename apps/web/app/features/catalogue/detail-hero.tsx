// The top of the detail pages, written once (ADR 010): the breadcrumb every detail page shows,
// and the banner hero of the programme and school pages (docs/spec/accounts-and-details.md §2).
import type { CSSProperties, ReactNode } from "react";
import { Link } from "react-router";

import { MapPinIcon } from "../../components/icons/icons.tsx";
import styles from "./detail-hero.module.css";

export interface Crumb {
  label: string;
  /** Omitted for the current page, the last crumb. */
  to?: string;
}

export function Breadcrumb({ trail, className }: { trail: Crumb[]; className?: string }) {
  return (
    <nav aria-label="Breadcrumb" className={className ?? styles.breadcrumb}>
      <ol>
        {trail.map((crumb) =>
          crumb.to ? (
            <li key={crumb.to}>
              <Link to={crumb.to}>{crumb.label}</Link>
            </li>
          ) : (
            <li key={crumb.label} aria-current="page">
              {crumb.label}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}

export function DetailHero({
  trail,
  school,
  logoSize,
  title,
  subtitle,
  location,
}: {
  trail: Crumb[];
  school: { name: string; banner: string; logo: string };
  logoSize: number;
  title: string;
  /** A line under the title (the programme page names its school). */
  subtitle?: ReactNode;
  /** The city and country, when known. */
  location?: ReactNode;
}) {
  return (
    <header className={styles.hero}>
      {school.banner && (
        <img className={styles.banner} src={school.banner} alt="" width={1200} height={300} />
      )}
      <div className={styles.inner}>
        <Breadcrumb trail={trail} />
        <div className={styles.identity}>
          {school.logo && (
            <img
              className={styles.logo}
              style={{ "--logo-size": `${logoSize}px` } as CSSProperties}
              src={school.logo}
              alt={`${school.name} logo`}
              width={logoSize}
              height={logoSize}
            />
          )}
          <div>
            <h1 className={styles.title}>{title}</h1>
            {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
            {location && (
              <p className={styles.location}>
                <MapPinIcon className={styles.pin} />
                {location}
              </p>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
