// The programme page's testimonial carousel (docs/spec/accounts-and-details.md §2, §9 "Carousel:
// autoplay 3000 ms, speed 500 ms, 2 slides"): two reviews in view (one on phones), moving one
// review every 3 s with a 0.5 s slide. It pauses while hovered or focused and with its Pause button
// (WCAG 2.2.2), and does not move by itself for visitors who prefer reduced motion.
import { useEffect, useState, type CSSProperties } from "react";

import { InitialsAvatar } from "../../components/initials-avatar/initials-avatar.tsx";
import { ChevronRightIcon } from "../../components/icons/icons.tsx";
import type { Testimonial } from "./testimonials.ts";
import styles from "./testimonial-carousel.module.css";

/** §9 carousel constants. */
export const CAROUSEL_AUTOPLAY_MS = 3000;
export const CAROUSEL_SPEED_MS = 500;
export const CAROUSEL_SLIDES_PER_VIEW = 2;

/** How many positions a carousel of `count` slides has with `perView` in view. */
export function positionCount(count: number, perView: number): number {
  return Math.max(1, count - Math.max(1, perView) + 1);
}

function Stars({ rating }: { rating: number }) {
  return (
    <p className={styles.stars} role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((star) => (
        <span key={star} aria-hidden="true" data-filled={star <= rating ? "" : undefined}>
          ★
        </span>
      ))}
    </p>
  );
}

/** Slides in view (one on phones) and whether the visitor prefers reduced motion, kept current. */
function useCarouselMedia(): { perView: number; reducedMotion: boolean } {
  const [perView, setPerView] = useState(CAROUSEL_SLIDES_PER_VIEW);
  const [reducedMotion, setReducedMotion] = useState(false);
  useEffect(() => {
    const narrow = window.matchMedia("(max-width: 768px)");
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => {
      setPerView(narrow.matches ? 1 : CAROUSEL_SLIDES_PER_VIEW);
      setReducedMotion(reduced.matches);
    };
    update();
    narrow.addEventListener("change", update);
    reduced.addEventListener("change", update);
    return () => {
      narrow.removeEventListener("change", update);
      reduced.removeEventListener("change", update);
    };
  }, []);
  return { perView, reducedMotion };
}

export function TestimonialCarousel({
  testimonials,
  title,
}: {
  testimonials: readonly Testimonial[];
  title: string;
}) {
  const [index, setIndex] = useState(0);
  const { perView, reducedMotion } = useCarouselMedia();
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  const positions = positionCount(testimonials.length, perView);
  const current = index % positions;
  const moving = !paused && !hovered && !focused && !reducedMotion && positions > 1;

  useEffect(() => {
    if (!moving) return;
    const timer = window.setInterval(
      () => setIndex((value) => (value + 1) % positions),
      CAROUSEL_AUTOPLAY_MS,
    );
    return () => window.clearInterval(timer);
  }, [moving, positions]);

  const go = (step: number) => setIndex((current + step + positions) % positions);
  const trackStyle = {
    "--per-view": perView,
    "--index": current,
    "--speed": `${reducedMotion ? 0 : CAROUSEL_SPEED_MS}ms`,
  } as CSSProperties;

  return (
    <section
      className={styles.root}
      aria-roledescription="carousel"
      aria-labelledby="testimonials-title"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div className={styles.header}>
        <h2 id="testimonials-title" className={styles.title}>
          {title}
        </h2>
        <CarouselControls
          paused={paused}
          onPause={() => setPaused((value) => !value)}
          onStep={go}
        />
      </div>
      <div className={styles.viewport} aria-live={moving ? "off" : "polite"}>
        <ul className={styles.track} style={trackStyle}>
          {testimonials.map((testimonial, position) => (
            <TestimonialSlide
              key={testimonial.name}
              testimonial={testimonial}
              position={position}
              count={testimonials.length}
              inView={position >= current && position < current + perView}
            />
          ))}
        </ul>
      </div>
    </section>
  );
}

function CarouselControls({
  paused,
  onPause,
  onStep,
}: {
  paused: boolean;
  onPause: () => void;
  onStep: (step: number) => void;
}) {
  return (
    <div className={styles.controls}>
      <button type="button" className={styles.control} onClick={onPause} aria-pressed={paused}>
        {paused ? "Play" : "Pause"}
      </button>
      <button
        type="button"
        className={styles.arrow}
        aria-label="Previous testimonial"
        onClick={() => onStep(-1)}
      >
        <ChevronRightIcon className={styles.previousIcon} />
      </button>
      <button
        type="button"
        className={styles.arrow}
        aria-label="Next testimonial"
        onClick={() => onStep(1)}
      >
        <ChevronRightIcon />
      </button>
    </div>
  );
}

function TestimonialSlide({
  testimonial,
  position,
  count,
  inView,
}: {
  testimonial: Testimonial;
  position: number;
  count: number;
  inView: boolean;
}) {
  return (
    <li
      className={styles.slide}
      aria-roledescription="slide"
      aria-label={`${position + 1} of ${count}`}
      aria-hidden={inView ? undefined : true}
      inert={!inView}
    >
      <figure className={styles.card}>
        <Stars rating={testimonial.rating} />
        <blockquote className={styles.quote}>
          <p>{testimonial.review_text}</p>
        </blockquote>
        <figcaption className={styles.author}>
          <InitialsAvatar name={testimonial.name} size={44} />
          <span>{testimonial.name}</span>
        </figcaption>
      </figure>
    </li>
  );
}
