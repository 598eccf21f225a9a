// 'Courses By Countries' (docs/spec/discovery.md §2 Home page item 8, "Country ticker"): two rows of
// country links that scroll on their own in opposite directions, pulsing in a loop (1500 ms
// moving, 600 ms slowing down, 1000 ms still), and stop while the pointer or the keyboard focus
// is on them. Visitors who ask for reduced motion get still, wrapping rows instead.
import { type FocusEvent, useEffect, useRef } from "react";

import { countryFinderUrl, type CountryLink } from "../../utils/home-content.ts";
import { SpriteIcon } from "../icons/icons.tsx";
import { tickerSpeedAt, wrapOffset } from "./carousel-logic.ts";
import styles from "./country-ticker.module.css";
import { SiteLink } from "../site-link/site-link.tsx";

/** Full speed of a row, in pixels per millisecond (about one chip per pulse). */
const FULL_SPEED_PX_PER_MS = 0.09;

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

  useEffect(() => {
    const track = trackRef.current;
    const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
    if (!track || reducedMotion.matches) return;

    let frame = 0;
    let last: number | undefined;
    let elapsed = 0;
    const tick = (now: number) => {
      const delta = last === undefined ? 0 : Math.min(now - last, 100);
      last = now;
      if (!paused.current) {
        elapsed += delta;
        // The track holds the countries twice; scrolling by one copy's width loops seamlessly.
        const loopWidth = track.scrollWidth / 2;
        offset.current = wrapOffset(
          offset.current + direction * tickerSpeedAt(elapsed) * FULL_SPEED_PX_PER_MS * delta,
          loopWidth,
        );
        track.style.transform = `translateX(${-offset.current}px)`;
      }
      frame = requestAnimationFrame(tick);
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      frame = 0;
      last = undefined;
    };
    // Animates only while the row is on screen: no work for a ticker scrolled out of view.
    const visibility = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting && frame === 0) frame = requestAnimationFrame(tick);
      else if (!entry?.isIntersecting) stop();
    });
    visibility.observe(track);
    return () => {
      visibility.disconnect();
      stop();
    };
  }, [direction]);

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
      track.style.transform = `translateX(${-offset.current}px)`;
    }
  };

  const chips = (copy: "first" | "second") =>
    countries.map((country) => (
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
        {chips("first")}
        {chips("second")}
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
