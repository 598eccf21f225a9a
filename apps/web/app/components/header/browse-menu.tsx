// Desktop Browse dropdown (docs/spec/accounts-and-details.md §2 Site header): Browse by discipline, then a
// Programmes submenu that opens on hover or click. A disclosure of links rather than an ARIA
// menu: site navigation, reachable with Tab, closed with Escape, by scrolling or a click outside.
import type { MouseEvent, PointerEvent } from "react";
import { Link } from "react-router";

import { useMenuDisclosure } from "../../hooks/use-menu-disclosure.ts";
import { BROWSE_BY_DISCIPLINE_PATH, PROGRAMME_LINKS } from "../../utils/programme-links.ts";
import { ChevronDownIcon, ChevronRightIcon } from "../icons/icons.tsx";
import styles from "./browse-menu.module.css";

export function BrowseMenu() {
  const menu = useMenuDisclosure({ scroll: true });
  const { open, close, rootRef, buttonRef } = menu;
  const programmesOpen = menu.sectionOpen;
  const setProgrammesOpen = menu.setSectionOpen;
  const panelId = `${menu.id}-panel`;
  const submenuId = `${menu.id}-programmes`;

  const hoverProgrammes = (event: PointerEvent, show: boolean) => {
    if (event.pointerType === "mouse") setProgrammesOpen(show);
  };
  const clickProgrammes = (event: MouseEvent) => {
    // A mouse has already opened it by hovering: its click keeps it open. Keyboard "clicks"
    // (detail 0) toggle it.
    setProgrammesOpen((wasOpen) => (event.detail === 0 ? !wasOpen : true));
  };

  return (
    <div ref={rootRef} className={styles.root}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={menu.toggle}
      >
        Browse
        <ChevronDownIcon className={styles.chevron} data-open={open || undefined} />
      </button>

      {open && (
        <ul id={panelId} className={styles.panel}>
          <li>
            <Link to={BROWSE_BY_DISCIPLINE_PATH} className={styles.item} onClick={close}>
              Browse by discipline
            </Link>
          </li>
          <li
            className={styles.programmes}
            onPointerEnter={(event) => hoverProgrammes(event, true)}
            onPointerLeave={(event) => hoverProgrammes(event, false)}
          >
            <button
              type="button"
              className={styles.item}
              aria-expanded={programmesOpen}
              aria-controls={programmesOpen ? submenuId : undefined}
              onClick={clickProgrammes}
            >
              Programmes
              <ChevronRightIcon className={styles.submenuChevron} />
            </button>
            {programmesOpen && (
              <ul id={submenuId} className={styles.submenu} aria-label="Programmes">
                {PROGRAMME_LINKS.map((programme) => (
                  <li key={programme.to}>
                    <Link
                      to={programme.to}
                      reloadDocument={programme.reloadDocumentInHeader}
                      className={styles.item}
                      onClick={close}
                    >
                      {programme.label}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        </ul>
      )}
    </div>
  );
}
