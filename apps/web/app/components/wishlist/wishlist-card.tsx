// A saved programme in the wishlist drawer (docs/spec/discovery.md §2 "Wishlist panel", §9): links to
// /course/{slug} and /school/{slug}, the about text cut at 120 characters, tuition with 'Free'
// for free programmes, and the heart to remove it.
import { Link } from "react-router";

import type { CourseListItem } from "@studyatlas/schemas/catalogue.ts";

import { cardImageOf, formatDuration, truncateText } from "../../utils/course-display.ts";
import { WishlistHeart } from "./wishlist-heart.tsx";
import { CompareToggle } from "../../compare/compare-toggle.tsx";
import { FeeInline } from "../../currency/fee-facts.tsx";
import styles from "./wishlist-card.module.css";

/** docs/spec/discovery.md §9: "120 on small screens and in the wishlist card". */
const WISHLIST_ABOUT_LIMIT = 120;

export function WishlistCard({
  course,
  onNavigate,
}: {
  course: CourseListItem;
  onNavigate?: () => void;
}) {
  const image = cardImageOf(course.school);
  return (
    <article className={styles.card}>
      {image ? (
        <img
          className={styles.image}
          src={image}
          alt=""
          width={88}
          height={88}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className={styles.image} aria-hidden="true" />
      )}
      <div className={styles.body}>
        <Link to={`/school/${course.school.slug}`} className={styles.school} onClick={onNavigate}>
          {course.school.name}
        </Link>
        <h3 className={styles.name}>
          <Link to={`/course/${course.slug}`} className={styles.courseLink} onClick={onNavigate}>
            {course.name}
          </Link>
        </h3>
        {course.about && (
          <p className={styles.about}>{truncateText(course.about, WISHLIST_ABOUT_LIMIT)}</p>
        )}
        <p className={styles.facts}>
          {/* §9: "the wishlist card shows 'Free'" where cards show 'FREE'; the estimate in the
              student's currency and the total beside it (docs/decisions/052-my-currency-and-compare.md). */}
          <FeeInline course={course} {...(course.tuition_fee === 0 ? { ownText: "Free" } : {})} />
          <span aria-hidden="true"> · </span>
          <span>{formatDuration(course)}</span>
        </p>
        <CompareToggle courseId={course.id} courseName={course.name} variant="inline" />
      </div>
      <div className={styles.action}>
        <WishlistHeart courseId={course.id} courseName={course.name} variant="inline" />
      </div>
    </article>
  );
}
