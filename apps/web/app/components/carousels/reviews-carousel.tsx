// 'Reviews across the Globe' (docs/spec/discovery.md §2 Home page item 7, "Reviews carousel"): one review
// at a time, previous and next buttons whose index wraps in both directions; below 768 px the
// pictures stack above the text (CSS). Every review is in the server HTML; the others are hidden.
import { useId, useState } from "react";

import type { Review } from "../../utils/home-content.ts";
import { InitialsAvatar } from "../initials-avatar/initials-avatar.tsx";
import { ChevronRightIcon } from "../icons/icons.tsx";
import { wrapIndex } from "./carousel-logic.ts";
import styles from "./reviews-carousel.module.css";

export function ReviewsCarousel({ reviews, label }: { reviews: readonly Review[]; label: string }) {
  const id = useId();
  const [index, setIndex] = useState(0);
  const show = (next: number) => setIndex(wrapIndex(next, reviews.length));

  return (
    <div className={styles.root} role="group" aria-roledescription="carousel" aria-label={label}>
      <div className={styles.viewport} aria-live="polite">
        {reviews.map((review, position) => (
          <figure
            key={review.author}
            id={`${id}-${position}`}
            className={styles.slide}
            hidden={position !== index}
            role="group"
            aria-roledescription="slide"
            aria-label={`${position + 1} of ${reviews.length}`}
          >
            <div className={styles.pictures}>
              <InitialsAvatar name={review.author} size={88} className={styles.avatar} />
              <img
                className={styles.country}
                src={`/media/countries/${review.countrySlug}.svg`}
                alt={review.country}
                width={64}
                height={32}
                loading="lazy"
                decoding="async"
              />
            </div>
            <div className={styles.body}>
              <blockquote className={styles.quote}>
                <p className={styles.quoteTitle}>“{review.quote}”</p>
                <p className={styles.text}>{review.text}</p>
              </blockquote>
              <figcaption className={styles.caption}>
                <span className={styles.author}>{review.author}</span>
                <span className={styles.meta}>
                  {review.country} · {review.programme}
                </span>
              </figcaption>
            </div>
          </figure>
        ))}
      </div>
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.button}
          aria-label="Previous review"
          onClick={() => show(index - 1)}
        >
          <ChevronRightIcon className={styles.previousIcon} />
        </button>
        <p className={styles.position} aria-hidden="true">
          {index + 1} / {reviews.length}
        </p>
        <button
          type="button"
          className={styles.button}
          aria-label="Next review"
          onClick={() => show(index + 1)}
        >
          <ChevronRightIcon />
        </button>
      </div>
    </div>
  );
}
