// School page /school/{slug} (docs/spec/accounts-and-details.md §2 School detail, §3 School; issue 6 item 2):
// banner, logo, name, about, video, city and country, institution type, the numbers of
// undergraduate, postgraduate, short-course and all programmes (counted from the catalogue by
// packages/core, so they always equal the finder's), year established, 'View School Courses' to
// the finder, and the school's programmes below. No rating: there are no reviews of schools in
// the data model, and the spec's fixed '4.4 (53 Reviews)' is not copied (docs/spec-notes.md).
import { data, Link } from "react-router";

import { loadSchoolPage } from "@studyatlas/core/catalogue/detail-pages.ts";
import { summarise } from "@studyatlas/core/content/html-preview.ts";

import { CourseCard } from "../../components/course-card/course-card.tsx";
import { VideoEmbed } from "../../features/catalogue/video-embed.tsx";
import { getServices } from "../../context.ts";
import { countryPath, schoolCoursesPath } from "../../features/catalogue/detail-display.ts";
import {
  absoluteUrl,
  breadcrumbJsonLd,
  pageMeta,
  schoolJsonLd,
  SITE_NAME,
} from "../../utils/seo.ts";
import type { Route } from "./+types/school-detail";
import { DetailHero } from "../../features/catalogue/detail-hero.tsx";
import styles from "./school-detail.module.css";

const COUNT = new Intl.NumberFormat("en-US");

export async function loader({ params, context }: Route.LoaderArgs) {
  const { catalogue, publicBaseUrl } = getServices(context);
  const page = await loadSchoolPage(catalogue, params.slug);
  if (!page) throw data(null, { status: 404 });
  return { ...page, baseUrl: publicBaseUrl };
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) return [];
  const { school, baseUrl } = loaderData;
  const page = absoluteUrl(baseUrl, `/school/${school.slug}`);
  const place = [school.city, school.country.name].filter(Boolean).join(", ");
  return pageMeta({
    title: `${school.name}, ${place}: ${COUNT.format(school.courses_total)} online programmes | ${SITE_NAME}`,
    description: summarise(
      school.about ||
        `${school.name} in ${place}: undergraduate, graduate and short programmes on ${SITE_NAME}.`,
    ),
    canonicalUrl: page,
    ...(school.banner ? { imageUrl: absoluteUrl(baseUrl, school.banner) } : {}),
    jsonLd: [
      schoolJsonLd(school, { page, baseUrl }),
      breadcrumbJsonLd([
        { name: "Home", url: absoluteUrl(baseUrl, "/") },
        { name: school.country.name, url: absoluteUrl(baseUrl, countryPath(school.country)) },
        { name: school.name, url: page },
      ]),
    ],
  });
}

export default function SchoolDetailPage({ loaderData }: Route.ComponentProps) {
  const { school, courses } = loaderData;
  const counts = [
    { label: "Undergraduate", value: school.courses_undergraduates, key: "undergraduate" },
    { label: "Postgraduate", value: school.courses_postgraduates, key: "postgraduate" },
    { label: "Short courses", value: school.courses_shortcourses, key: "short" },
    // Not in the spec's list, but without them the total would not add up (docs/spec-notes.md).
    { label: "Executive education", value: school.courses_executive, key: "executive" },
    { label: "Certificate courses", value: school.courses_certificates, key: "certificate" },
    { label: "Total programmes", value: school.courses_total, key: "total" },
  ];

  return (
    <article className={styles.page}>
      <DetailHero
        trail={[
          { label: "Home", to: "/" },
          { label: school.country.name, to: countryPath(school.country) },
          { label: school.name },
        ]}
        school={school}
        logoSize={96}
        title={school.name}
        location={
          <>
            {school.city ? `${school.city}, ` : ""}
            <Link to={countryPath(school.country)}>{school.country.name}</Link>
          </>
        }
      />

      <div className={styles.layout}>
        <div className={styles.main}>
          <section aria-labelledby="about-school-title">
            <h2 id="about-school-title" className={styles.sectionTitle}>
              About {school.name}
            </h2>
            <p className={styles.about}>
              {school.about || "The school has not published a description yet."}
            </p>
          </section>
          <dl className={styles.counts} data-testid="school-counts">
            {counts.map((count) => (
              <div key={count.key} className={styles.count} data-count={count.key}>
                <dt>{count.label}</dt>
                <dd>{COUNT.format(count.value)}</dd>
              </div>
            ))}
          </dl>
        </div>
        <aside className={styles.aside} aria-labelledby="school-facts-title">
          <div className={styles.card}>
            <h2 id="school-facts-title" className={styles.cardTitle}>
              School details
            </h2>
            <dl className={styles.facts}>
              <div>
                <dt>Institution type</dt>
                <dd>{school.institution_type || "—"}</dd>
              </div>
              <div>
                <dt>Year established</dt>
                <dd>{school.year_established ?? "—"}</dd>
              </div>
              <div>
                <dt>City</dt>
                <dd>{school.city || "—"}</dd>
              </div>
              <div>
                <dt>Country</dt>
                <dd>{school.country.name}</dd>
              </div>
            </dl>
            <Link className={styles.primary} to={schoolCoursesPath(school.slug)}>
              View School Courses
            </Link>
            {school.website && (
              <a
                className={styles.website}
                href={school.website}
                target="_blank"
                rel="noopener noreferrer"
              >
                School website<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            )}
          </div>
          {school.video && (
            <div className={styles.video}>
              <VideoEmbed url={school.video} title={school.name} poster={school.banner} />
            </div>
          )}
        </aside>
      </div>

      <section className={styles.programmes} aria-labelledby="school-programmes-title">
        <div className={styles.programmesHeader}>
          <h2 id="school-programmes-title" className={styles.sectionTitle}>
            Programmes at {school.name}
          </h2>
          {school.courses_total > courses.length && (
            <Link to={schoolCoursesPath(school.slug)}>
              View all {COUNT.format(school.courses_total)} programmes
            </Link>
          )}
        </div>
        {courses.length > 0 ? (
          <ul className={styles.grid}>
            {courses.map((course) => (
              <li key={course.id}>
                <CourseCard course={course} />
              </li>
            ))}
          </ul>
        ) : (
          <p>This school has no published programmes at the moment.</p>
        )}
      </section>
    </article>
  );
}
