// The programme page's tab bar (docs/spec/accounts-and-details.md §2 Programme detail, §9): a click scrolls
// smoothly to the section, leaving 200 px above it; the active tab follows the scroll; the bar
// sticks under the header once the page has scrolled past it. The tabs are in-page links, so
// they work without JavaScript too.
import { useEffect, useRef, useState, type MouseEvent } from "react";

import styles from "./section-tabs.module.css";

/** §9: "tab scroll offset 200 px". */
export const TAB_SCROLL_OFFSET_PX = 200;

export interface SectionTab {
  id: string;
  label: string;
}

/**
 * The section the reader is in: the last one whose top has passed the offset line; at the very
 * bottom of the page, the last section (it may be too short to ever reach the line).
 */
export function activeSectionId(
  tops: readonly { id: string; top: number }[],
  offset: number,
  atBottom: boolean,
): string | undefined {
  if (tops.length === 0) return undefined;
  if (atBottom) return tops[tops.length - 1]?.id;
  let active = tops[0]?.id;
  for (const section of tops) {
    if (section.top - offset <= 1) active = section.id;
  }
  return active;
}

/** The time `ms` from now (event handlers only). */
function timeAfter(ms: number): number {
  return Date.now() + ms;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function SectionTabs({ tabs, label }: { tabs: readonly SectionTab[]; label: string }) {
  const [active, setActive] = useState(tabs[0]?.id);
  const [stuck, setStuck] = useState(false);
  const barRef = useRef<HTMLElement>(null);
  // While a click's smooth scroll runs, the clicked tab stays active.
  const scrollingTo = useRef<{ id: string; until: number } | undefined>(undefined);

  useEffect(() => {
    const update = () => {
      const bar = barRef.current;
      if (bar) {
        const headerHeight = Number.parseFloat(
          getComputedStyle(bar).getPropertyValue("top") || "0",
        );
        setStuck(window.scrollY > 0 && bar.getBoundingClientRect().top <= headerHeight + 0.5);
      }
      const pending = scrollingTo.current;
      if (pending && Date.now() < pending.until) return;
      scrollingTo.current = undefined;
      const tops = tabs.flatMap(({ id }) => {
        const section = document.getElementById(id);
        return section ? [{ id, top: section.getBoundingClientRect().top }] : [];
      });
      const atBottom =
        window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      const next = activeSectionId(tops, TAB_SCROLL_OFFSET_PX, atBottom);
      if (next) setActive(next);
    };
    update();
    window.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      window.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, [tabs]);

  // On narrow screens the bar scrolls sideways: keep the active tab in view.
  useEffect(() => {
    const list = barRef.current?.querySelector("ul");
    const link = list?.querySelector<HTMLElement>('[aria-current="location"]');
    if (!list || !link || list.scrollWidth <= list.clientWidth) return;
    const left = link.offsetLeft - (list.clientWidth - link.offsetWidth) / 2;
    list.scrollTo({ left: Math.max(0, left) });
  }, [active]);

  const onClick = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const section = document.getElementById(id);
    if (!section) return;
    event.preventDefault();
    const top = section.getBoundingClientRect().top + window.scrollY - TAB_SCROLL_OFFSET_PX;
    const smooth = !prefersReducedMotion();
    scrollingTo.current = { id, until: timeAfter(smooth ? 1000 : 0) };
    setActive(id);
    window.scrollTo({ top: Math.max(0, top), behavior: smooth ? "smooth" : "auto" });
    window.history.replaceState(window.history.state, "", `#${id}`);
    // Keyboard users continue reading in the section they chose.
    section.focus({ preventScroll: true });
  };

  return (
    <nav ref={barRef} className={styles.bar} aria-label={label} data-stuck={stuck ? "" : undefined}>
      <ul className={styles.list}>
        {tabs.map((tab) => (
          <li key={tab.id}>
            <a
              href={`#${tab.id}`}
              className={styles.tab}
              aria-current={active === tab.id ? "location" : undefined}
              onClick={(event) => onClick(event, tab.id)}
            >
              {tab.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
