// The hamburger menu of narrow screens (768 px or less): Browse, Explore and the currency picker. It closes on a tap
// outside, on scroll or on a touch move (docs/spec/discovery.md §2 Header), and on Escape.
import { Link } from "react-router";

import { useMenuDisclosure } from "../../hooks/use-menu-disclosure.ts";
import { BROWSE_BY_DISCIPLINE_PATH, PROGRAMME_LINKS } from "../../utils/programme-links.ts";
import { ChevronDownIcon, CloseIcon, MenuIcon } from "../icons/icons.tsx";
import styles from "./mobile-menu.module.css";
import { CurrencyPicker } from "../../currency/currency-picker.tsx";

export function MobileMenu({ className }: { className?: string }) {
  const menu = useMenuDisclosure({ scroll: true, touchMove: true });
  const { open, close, rootRef, buttonRef } = menu;
  const browseOpen = menu.sectionOpen;
  const setBrowseOpen = menu.setSectionOpen;
  const panelId = `${menu.id}-panel`;
  const browseId = `${menu.id}-browse`;

  return (
    <div ref={rootRef} className={className}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.toggle}
        aria-label={open ? "Close menu" : "Open menu"}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={menu.toggle}
      >
        {open ? <CloseIcon /> : <MenuIcon />}
      </button>

      {open && (
        <nav id={panelId} className={styles.panel} aria-label="Menu">
          <button
            type="button"
            className={styles.item}
            aria-expanded={browseOpen}
            aria-controls={browseOpen ? browseId : undefined}
            onClick={() => setBrowseOpen((wasOpen) => !wasOpen)}
          >
            Browse
            <ChevronDownIcon className={styles.chevron} data-open={browseOpen || undefined} />
          </button>
          {browseOpen && (
            <ul id={browseId} className={styles.browse}>
              <li>
                <Link to={BROWSE_BY_DISCIPLINE_PATH} className={styles.subitem} onClick={close}>
                  Browse by discipline
                </Link>
              </li>
              <li>
                <span id={`${menu.id}-programmes`} className={styles.groupLabel}>
                  Programmes
                </span>
                <ul className={styles.group} aria-labelledby={`${menu.id}-programmes`}>
                  {PROGRAMME_LINKS.map((programme) => (
                    <li key={programme.to}>
                      <Link
                        to={programme.to}
                        reloadDocument={programme.reloadDocumentInHeader}
                        className={styles.subitem}
                        onClick={close}
                      >
                        {programme.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            </ul>
          )}
          <Link to="/explore" className={styles.item} onClick={close}>
            Explore
          </Link>
          {/* My currency (docs/decisions/052-my-currency-and-compare.md). */}
          <CurrencyPicker variant="menu" className={styles.item} />
        </nav>
      )}
    </div>
  );
}
