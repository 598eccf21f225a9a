// 'Courses By Countries' (docs/spec/discovery.md §2 Home page item 8, "Country ticker"): two rows of
// country links that scroll on their own in opposite directions, pulsing in a loop (1500 ms
// moving, 600 ms slowing down, 1000 ms still), and stop while the pointer or the keyboard focus
// is on them. Visitors who ask for reduced motion get still, wrapping rows instead.
import { type FocusEvent, useRef } from "react";

import { countryFinderUrl, type CountryLink } from "../../utils/home-content.ts";
import { SpriteIcon } from "../icons/icons.tsx";
import { wrapOffset } from "./carousel-logic.ts";
import styles from "./country-ticker.module.css";
import { SiteLink } from "../site-link/site-link.tsx";
import { placeTrack, useTickerMotion } from "./use-ticker-motion.ts";

/** One copy of a row's chips; the track holds two, the second only to fill the loop. */
function TickerChips({
  countries,
  copy,
}: {
  countries: readonly CountryLink[];
  copy: "first" | "second";
}) {
  return countries.map((country) => (
    <li
      key={`${copy}-${country.slug}`}
      className={styles.item}
      data-copy={copy}
      // The second copy only fills the loop: hidden from screen readers and the Tab order.
      aria-hidden={copy === "second" || undefined}
    >
      <SiteLink
        to={countryFinderUrl(country.slug)}
        className={styles.chip}
        tabIndex={copy === "second" ? -1 : undefined}
      >
        <SpriteIcon name="map-pin" className={styles.pin} />
        {country.name}
      </SiteLink>
    </li>
  ));
}

function TickerRow({
  countries,
  direction,
  label,
}: {
  countries: readonly CountryLink[];
  direction: 1 | -1;
  label: string;
}) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLUListElement>(null);
  const offset = useRef(0);
  const paused = useRef(false);
  useTickerMotion(trackRef, direction, offset, paused);

  // A link reached with Tab may sit outside the visible strip: bring it into view.
  const onFocus = (event: FocusEvent<HTMLUListElement>) => {
    paused.current = true;
    const viewport = viewportRef.current;
    const track = trackRef.current;
    const item = event.target.closest("li");
    if (!viewport || !track || !item) return;
    const left = item.offsetLeft - offset.current;
    if (left < 0 || left + item.offsetWidth > viewport.clientWidth) {
      offset.current = wrapOffset(item.offsetLeft - 16, track.scrollWidth / 2);
      placeTrack(track, offset.current);
    }
  };

  return (
    <div
      ref={viewportRef}
      className={styles.viewport}
      onPointerEnter={() => (paused.current = true)}
      onPointerLeave={() => (paused.current = false)}
    >
      <ul
        ref={trackRef}
        className={styles.track}
        aria-label={label}
        onFocus={onFocus}
        onBlur={() => (paused.current = false)}
      >
        <TickerChips countries={countries} copy="first" />
        <TickerChips countries={countries} copy="second" />
      </ul>
    </div>
  );
}

export function CountryTicker({ countries }: { countries: readonly CountryLink[] }) {
  // Two rows: the first half of the countries in one, the rest in the other (spec order).
  const half = Math.ceil(countries.length / 2);
  return (
    <div className={styles.root}>
      <TickerRow countries={countries.slice(0, half)} direction={1} label="Countries, first row" />
      <TickerRow countries={countries.slice(half)} direction={-1} label="Countries, second row" />
    </div>
  );
}
