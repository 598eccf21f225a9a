// Programme page /course/{slug} (docs/spec/accounts-and-details.md §2 Programme detail, §4
// Programme page, §9). Server-rendered from packages/core: the whole programme, with its HTML
// sections sanitised, is in the first response; an unknown slug is the not-found page with HTTP
// 404. Search engines get a unique title, description, canonical URL, Open Graph tags and
// schema.org Course and BreadcrumbList JSON-LD (ADR 008).
import { data, Link, type ShouldRevalidateFunctionArgs } from "react-router";

import { loadCoursePage } from "@studyatlas/core/catalogue/detail-pages.ts";
import { htmlToText, summarise } from "@studyatlas/core/content/html-preview.ts";
import type { CourseDetail } from "@studyatlas/schemas/catalogue.ts";

import { ApplyAction } from "../../features/applications/apply-action.tsx";
import { RelatedCoursesStrip } from "../../components/carousels/related-courses-strip.tsx";
import { CompareToggle } from "../../compare/compare-toggle.tsx";
import { EligibilityNote } from "../../eligibility/eligibility-note.tsx";
import { getLogger, getServices } from "../../context.ts";
import {
  COURSE_TABS,
  CourseAcademics,
  CourseAdmission,
  CourseKeyFacts,
  CourseOverview,
  CourseTuition,
} from "../../features/catalogue/course-sections.tsx";
import styles from "../../features/catalogue/course-page.module.css";
import { DetailHero } from "../../features/catalogue/detail-hero.tsx";
import { countryPath } from "../../features/catalogue/detail-display.ts";
import { FigureProvenanceNote } from "../../features/catalogue/figure-provenance-note.tsx";
import { useProgrammeViewBeacon } from "../../features/catalogue/programme-view-beacon.ts";
import { ScrollToTopButton } from "../../features/catalogue/scroll-to-top-button.tsx";
import { SectionTabs } from "../../features/catalogue/section-tabs.tsx";
import { TestimonialCarousel } from "../../features/catalogue/testimonial-carousel.tsx";
import { TESTIMONIALS } from "../../features/catalogue/testimonials.ts";
import { LOGIN_QUERY_PARAM } from "../../hooks/use-login-query-flag.ts";
import {
  absoluteUrl,
  breadcrumbJsonLd,
  courseJsonLd,
  pageMeta,
  SITE_NAME,
} from "../../utils/seo.ts";
import type { Route } from "./+types/course-detail";

function notFound(): never {
  throw data(null, { status: 404 });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { catalogue, publicBaseUrl } = getServices(context);
  const page = await loadCoursePage(catalogue, params.slug, publicBaseUrl, getLogger(context));
  if (!page) notFound();
  return page;
}

/** Opening the sign-in prompt (?login=true) must not reload the programme and reshuffle the strip. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname) {
    const current = new URLSearchParams(currentUrl.search);
    const next = new URLSearchParams(nextUrl.search);
    current.delete(LOGIN_QUERY_PARAM);
    next.delete(LOGIN_QUERY_PARAM);
    if (current.toString() === next.toString()) return false;
  }
  return defaultShouldRevalidate;
}

function courseDescription(course: CourseDetail): string {
  const text = course.about.trim() || htmlToText(course.overview);
  return summarise(text || `${course.name} at ${course.school.name}.`);
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) return [];
  const { course, baseUrl } = loaderData;
  const page = absoluteUrl(baseUrl, `/course/${course.slug}`);
  const school = absoluteUrl(baseUrl, `/school/${course.school.slug}`);
  const description = courseDescription(course);
  return pageMeta({
    title: `${course.name} — ${course.school.name} | ${SITE_NAME}`,
    description,
    canonicalUrl: page,
    type: "article",
    ...(course.school.banner ? { imageUrl: absoluteUrl(baseUrl, course.school.banner) } : {}),
    jsonLd: [
      courseJsonLd(course, { page, school, baseUrl }, description),
      breadcrumbJsonLd([
        { name: "Home", url: absoluteUrl(baseUrl, "/") },
        { name: course.school.name, url: school },
        { name: course.name, url: page },
      ]),
    ],
  });
}

export default function CourseDetailPage({ loaderData }: Route.ComponentProps) {
  const { course, overviewPreview, whyChosePreview, similar } = loaderData;
  const { school } = course;
  // Counts the view without personal data (ADR 015); after hydration, so CDN-cached pages count.
  useProgrammeViewBeacon(course.id);
  const location = [school.city, school.country.name].filter(Boolean).join(", ");
  return (
    <article className={styles.page}>
      <DetailHero
        trail={[
          { label: "Home", to: "/" },
          { label: school.name, to: `/school/${school.slug}` },
          { label: course.name },
        ]}
        school={school}
        logoSize={88}
        title={course.name}
        subtitle={<Link to={`/school/${school.slug}`}>{school.name}</Link>}
        location={
          location && (
            <>
              {school.city ? `${school.city}, ` : ""}
              <Link to={countryPath(school.country)}>{school.country.name}</Link>
            </>
          )
        }
      />
      <div className={styles.layout}>
        <CourseKeyFacts
          course={course}
          action={
            <>
              <ApplyAction course={course} buttonClassName={styles.apply} />
              {/* Whether the signed-in student meets the requirements (ADR 054), after hydration. */}
              <EligibilityNote courseId={course.id} className={styles.eligibility} />
              {/* Compare up to four (docs/decisions/052-my-currency-and-compare.md). */}
              <CompareToggle courseId={course.id} courseName={course.name} variant="inline" />
            </>
          }
        />
        <div className={styles.main}>
          {course.about && <p className={styles.about}>{course.about}</p>}
          <SectionTabs tabs={COURSE_TABS} label="Programme sections" />
          <CourseOverview
            course={course}
            overviewPreview={overviewPreview}
            whyChosePreview={whyChosePreview}
          />
          <CourseAdmission course={course} />
          <CourseAcademics course={course} />
          <CourseTuition course={course} />
          <FigureProvenanceNote provenance={course.provenance} />
        </div>
      </div>
      <div className={styles.wide}>
        <TestimonialCarousel testimonials={TESTIMONIALS} title="What our students say" />
        <RelatedCoursesStrip
          title={
            course.disciplines[0]
              ? `Similar programmes in ${course.disciplines[0].name}`
              : "Similar programmes"
          }
          courses={similar}
          headingId="similar-programmes-title"
          className={styles.similar}
        />
      </div>
      <ScrollToTopButton />
    </article>
  );
}
