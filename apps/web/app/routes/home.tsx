// Home page, foundation version (discovery.md §2 "Home page"): the hero with the search form,
// the quick links to the five programme types, and one server-rendered row of featured
// programmes. The programme-type strip, the per-type rows, disciplines, newsletter, reviews and
// the country ticker come with the full home page.
import { Link } from "react-router";

import { listCourses, resolveCourseListRequest } from "@studyatlas/core/catalogue/courses.ts";
import { CourseListQuerySchema } from "@studyatlas/schemas/catalogue.ts";

import { CourseCard } from "../components/course-card/course-card.tsx";
import { toCourseCardData } from "../components/course-card/course-card-data.ts";
import { CourseSearchForm } from "../components/course-search/course-search-form.tsx";
import { getServices } from "../context.ts";
import { PROGRAMME_LINKS } from "../utils/programme-links.ts";
import type { Route } from "./+types/home";
import styles from "./home.module.css";

/**
 * Featured rows leave out schools in Asia and Africa (discovery.md §1, §7). "Random" order with
 * a fixed seed: a varied mix of schools and levels that stays the same from one visit to the
 * next, so the page does not reshuffle under a returning visitor.
 */
const FEATURED_QUERY = CourseListQuerySchema.parse({
  featured: "true",
  exclude_continent: ["AS", "AF"],
  ordering: "random",
  seed: "2024",
  page_size: "10",
});

export function meta(): Route.MetaDescriptors {
  return [
    { title: "StudyAtlas — Find online programmes from schools worldwide" },
    {
      name: "description",
      content:
        "Search online undergraduate and graduate degrees, executive education, short courses and certificate courses from schools around the world, and compare tuition and duration.",
    },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  try {
    const request = await resolveCourseListRequest(db, FEATURED_QUERY);
    const { results } = await listCourses(db, request);
    return { featured: results.map(toCourseCardData) };
  } catch (error) {
    // discovery.md §7: a failed course list shows as an empty row, with no message; the rest
    // of the home page still works.
    console.error("Home page: the featured programmes could not be loaded.", error);
    return { featured: [] };
  }
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={styles.heroInner}>
          <h1 id="hero-title" className={styles.heroTitle}>
            Find your online programme
          </h1>
          <p className={styles.heroLead}>
            Discover online programmes and courses from top schools around the world.
          </p>
          <div className={styles.heroSearch}>
            <CourseSearchForm variant="hero" />
          </div>
          <nav aria-label="Programme types" className={styles.quickLinks}>
            <ul>
              {PROGRAMME_LINKS.map((programme) => (
                <li key={programme.to}>
                  <Link to={programme.to} className={styles.quickLink}>
                    {programme.audienceLabel}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </section>

      <section className={styles.featured} aria-labelledby="featured-title">
        <div className={styles.container}>
          <div className={styles.sectionHeader}>
            <h2 id="featured-title" className={styles.sectionTitle}>
              Featured programmes
            </h2>
            <Link to="/coursefinder" className={styles.viewAll}>
              View all
            </Link>
          </div>
          {loaderData.featured.length > 0 ? (
            <ul className={styles.row}>
              {loaderData.featured.map((course) => (
                <li key={course.id} className={styles.rowItem}>
                  <CourseCard course={course} />
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.empty}>
              No featured programmes right now. Search above to see everything we list.
            </p>
          )}
        </div>
      </section>
    </>
  );
}
