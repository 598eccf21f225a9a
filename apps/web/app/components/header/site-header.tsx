// Site header (docs/spec/discovery.md §2 Header; docs/spec/accounts-and-details.md §2 Site header). Two variants:
// on the home page it lies over the hero, transparent at the top, tinted while scrolling and
// white from 400 px; elsewhere it is white and shows the search box from 400 px. Both become
// fixed with a shadow after 50 px. Narrow screens (768 px or less) get the hamburger menu.
import { useState } from "react";
import { Link, useLocation } from "react-router";

import { isHomePath } from "../../utils/site-chrome-paths.ts";
import { CourseSearchForm } from "../course-search/course-search-form.tsx";
import { Logo } from "../logo/logo.tsx";
import { BrowseMenu } from "./browse-menu.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import { useSession } from "../../auth/session-context.tsx";
import { SignInLink } from "./sign-in-link.tsx";
import styles from "./site-header.module.css";
import { useScrollStage } from "./use-scroll-stage.ts";
import { UserMenu } from "./user-menu.tsx";
import { SiteLink } from "../site-link/site-link.tsx";
import { CurrencyPicker } from "../../currency/currency-picker.tsx";

type Appearance = "transparent" | "tinted" | "solid";

export function SiteHeader() {
  const { pathname } = useLocation();
  const home = isHomePath(pathname);
  const stage = useScrollStage();
  const { user } = useSession();

  const fixed = stage === "fixed" || stage === "deep";
  let appearance: Appearance = "solid";
  if (home && stage === "top") appearance = "transparent";
  else if (home && stage !== "deep") appearance = "tinted";
  // The search box stays while the visitor is using it, even if the page scrolls back above
  // 400 px: it goes once the focus leaves it.
  const [searchFocused, setSearchFocused] = useState(false);
  const showSearch = !home && (stage === "deep" || searchFocused);

  return (
    <div className={styles.slot} data-variant={home ? "home" : "page"}>
      <header
        className={styles.header}
        data-appearance={appearance}
        data-fixed={fixed || undefined}
      >
        <div className={styles.bar}>
          {/* On / the logo reloads the page (docs/spec/discovery.md §2 Header). */}
          <Link
            to="/"
            reloadDocument={pathname === "/"}
            className={styles.logo}
            aria-label="StudyAtlas home"
          >
            <Logo />
          </Link>

          <nav aria-label="Main" className={styles.desktopOnly}>
            <BrowseMenu />
          </nav>

          {showSearch && (
            <div
              className={`${styles.search} ${styles.desktopOnly}`}
              onFocus={() => setSearchFocused(true)}
              onBlur={(event) => {
                const next = event.relatedTarget;
                if (!(next instanceof Node && event.currentTarget.contains(next))) {
                  setSearchFocused(false);
                }
              }}
            >
              <CourseSearchForm variant="header" />
            </div>
          )}

          <div className={styles.actions}>
            <SiteLink to="/explore" className={`${styles.explore} ${styles.desktopOnly}`}>
              Explore
            </SiteLink>
            {/* My currency (docs/decisions/052-my-currency-and-compare.md). */}
            <CurrencyPicker className={styles.desktopOnly} />
            {user ? <UserMenu /> : <SignInLink className={styles.signIn} />}
            <MobileMenu className={styles.mobileOnly} />
          </div>
        </div>
      </header>
    </div>
  );
}
