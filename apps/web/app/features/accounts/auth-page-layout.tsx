// The frame of the full-screen account pages (/auth, /welcome, /email-sent, /verify-email,
// /set-pw, /post-sign-up, /dashboard/reset-pw), which have no site header or footer
// (docs/spec/accounts-and-details.md §2): the logo back home and one centred card.
import type { ReactNode } from "react";
import { Link } from "react-router";

import { Logo } from "../../components/logo/logo.tsx";
import styles from "./auth-page-layout.module.css";

export function AuthPageLayout({
  children,
  wide = false,
}: {
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={styles.page}>
      <Link to="/" className={styles.logo} aria-label="StudyAtlas home">
        <Logo />
      </Link>
      <section className={styles.card} data-wide={wide || undefined}>
        {children}
      </section>
    </div>
  );
}
