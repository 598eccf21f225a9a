// Programme page /course/{slug} (docs/spec/accounts-and-details.md §2 Programme detail, §4 Programme page,
// §9; issue 6 item 1). Server-rendered from packages/core: the whole programme, with its HTML
// sections sanitised, is in the first response; an unknown slug is the not-found page with HTTP
// 404. Search engines get a unique title, description, canonical URL, Open Graph tags and
// schema.org Course and BreadcrumbList JSON-LD (issue 6 item 5).
import { lazy, Suspense, useRef, useState } from "react";
import { data, Link, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";

import { loadCoursePage } from "@studyatlas/core/catalogue/detail-pages.ts";
import { htmlToText, summarise } from "@studyatlas/core/content/html-preview.ts";
import type { CourseDetail } from "@studyatlas/schemas/catalogue.ts";

import { useSession, useSignInPrompt } from "../../auth/session-context.tsx";
import { RelatedCoursesStrip } from "../../components/carousels/related-courses-strip.tsx";
import { CollapsibleBlock } from "../../features/catalogue/collapsible-block.tsx";
import { HtmlContent } from "../../features/catalogue/html-content.tsx";
import { useProgrammeViewBeacon } from "../../features/catalogue/programme-view-beacon.ts";
import { LOGIN_QUERY_PARAM } from "../../hooks/use-login-query-flag.ts";
import { ScrollToTopButton } from "../../features/catalogue/scroll-to-top-button.tsx";
import { SectionTabs, type SectionTab } from "../../features/catalogue/section-tabs.tsx";
import { TestimonialCarousel } from "../../features/catalogue/testimonial-carousel.tsx";
import { TESTIMONIALS } from "../../features/catalogue/testimonials.ts";
import { VideoEmbed } from "../../features/catalogue/video-embed.tsx";
import { getLogger, getServices } from "../../context.ts";
import { formatCourseFormat, formatDuration, formatTuition } from "../../utils/course-display.ts";
import {
  countryPath,
  formatDetailAttendance,
  formatMonthYear,
  whyChooseTitle,
} from "../../features/catalogue/detail-display.ts";
import {
  absoluteUrl,
  breadcrumbJsonLd,
  courseJsonLd,
  pageMeta,
  SITE_NAME,
} from "../../utils/seo.ts";
import type { Route } from "./+types/course-detail";
import { DetailHero } from "../../features/catalogue/detail-hero.tsx";
import styles from "./course-detail.module.css";

/** The four tabs of §2, in order, with the ids of their sections. */
export const COURSE_TABS: readonly SectionTab[] = [
  { id: "overview", label: "Overview" },
  { id: "admission", label: "Admission" },
  { id: "academics", label: "Academics" },
  { id: "tuition", label: "Tuition and Finance" },
];

/** §2: "if neither exists the text is 'No Scholarship and Aids available for now.'" */
export const NO_AID_TEXT = "No Scholarship and Aids available for now.";

function notFound(): never {
  throw data(null, { status: 404 });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { catalogue, publicBaseUrl } = getServices(context);
  const page = await loadCoursePage(catalogue, params.slug, getLogger(context));
  if (!page) notFound();
  return { ...page, baseUrl: publicBaseUrl };
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

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

// The application dialog and its validation (zod, about 25 KB gzipped) load after the page is
// interactive, and only for a signed-in student: a visitor's first paint never waits for them
// (issue 14 item 4, docs/decisions/019-first-paint.md).
const ApplyDialog = lazy(async () => {
  const module = await import("../../features/applications/apply-dialog.tsx");
  return { default: module.ApplyDialog };
});

function ApplyButton({ course }: { course: CourseDetail }) {
  const { user } = useSession();
  const promptSignIn = useSignInPrompt();
  const [searchParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // §4: 'Apply Now' opens the sign-in flow for visitors and the application dialog for users.
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={styles.apply}
        aria-haspopup="dialog"
        onClick={() =>
          user ? setOpen(true) : promptSignIn({ reason: "Sign in to apply to this programme." })
        }
      >
        Apply Now
      </button>
      {user && (
        <Suspense fallback={null}>
          <ApplyDialog
            courseId={course.id}
            courseName={course.name}
            user={user}
            // §3: the referral code comes from the page address's ref parameter.
            referralCode={searchParams.get("ref")?.trim() ?? ""}
            open={open}
            onClose={() => {
              setOpen(false);
              buttonRef.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}

export default function CourseDetailPage({ loaderData }: Route.ComponentProps) {
  const { course, overviewPreview, whyChosePreview, similar } = loaderData;
  const { school } = course;
  // Counts the view without personal data (ADR 015); after hydration, so CDN-cached pages count.
  useProgrammeViewBeacon(course.id);
  const location = [school.city, school.country.name].filter(Boolean).join(", ");
  const deadline = formatMonthYear(
    course.course_dates.deadline_month,
    course.course_dates.deadline_year,
  );
  const start = formatMonthYear(course.course_dates.start_month, course.course_dates.start_year);
  const whyTitle = whyChooseTitle(course.name, school.name);
  const video = course.video || school.video;
  const hasAid = course.tuition_and_aid !== "" || course.scholarship !== "";

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
        <aside className={styles.aside} aria-labelledby="key-facts-title">
          <div className={styles.factsCard}>
            <h2 id="key-facts-title" className={styles.factsTitle}>
              Key facts
            </h2>
            <dl className={styles.facts}>
              <Fact label="Tuition" value={formatTuition(course)} />
              <Fact label="Duration" value={formatDuration(course)} />
              <Fact label="Format" value={formatCourseFormat(course.course_format)} />
              <Fact label="Attendance" value={formatDetailAttendance(course.attendance)} />
              <Fact label="Application deadline" value={deadline ?? "Not announced"} />
              {/* The same "September 2027" as Intakes and Deadlines, not the month alone. */}
              <Fact label="Start month" value={start ?? "Not announced"} />
            </dl>
            <ApplyButton course={course} />
            {course.official_programme_website && (
              <a
                className={styles.website}
                href={course.official_programme_website}
                target="_blank"
                rel="noopener noreferrer"
              >
                Official programme website
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            )}
          </div>
        </aside>

        <div className={styles.main}>
          {course.about && <p className={styles.about}>{course.about}</p>}
          <SectionTabs tabs={COURSE_TABS} label="Programme sections" />

          <section
            id="overview"
            className={styles.section}
            tabIndex={-1}
            aria-labelledby="overview-title"
          >
            <h2 id="overview-title" className={styles.sectionTitle}>
              Overview
            </h2>
            {video && (
              <div className={styles.video}>
                <VideoEmbed url={video} title={course.name} poster={school.banner} />
              </div>
            )}
            <CollapsibleBlock title="Background" defaultOpen>
              {course.overview ? (
                <HtmlContent html={course.overview} preview={overviewPreview} label="Overview" />
              ) : (
                <p className={styles.muted}>
                  No overview has been published for this programme yet.
                </p>
              )}
            </CollapsibleBlock>
            {course.why_chose && (
              <CollapsibleBlock title={whyTitle}>
                <HtmlContent html={course.why_chose} preview={whyChosePreview} label={whyTitle} />
              </CollapsibleBlock>
            )}
            <CollapsibleBlock title="Basic Information">
              <dl className={styles.basics}>
                <div>
                  <dt>Disciplines</dt>
                  <dd>
                    {course.disciplines.length > 0
                      ? course.disciplines.map((discipline, index) => (
                          <span key={discipline.id}>
                            {index > 0 && ", "}
                            <Link
                              to={`/coursefinder?country=Where%3F&name=&discipline=${discipline.slug}`}
                            >
                              {discipline.name}
                            </Link>
                          </span>
                        ))
                      : "—"}
                  </dd>
                </div>
                <div>
                  <dt>Language</dt>
                  <dd>{course.language?.name ?? "—"}</dd>
                </div>
                <div>
                  <dt>Programme type</dt>
                  <dd>{course.programme_type.label || course.programme_type.name}</dd>
                </div>
                {course.degree_type && (
                  <div>
                    <dt>Degree</dt>
                    <dd>{course.degree_type.name}</dd>
                  </div>
                )}
              </dl>
            </CollapsibleBlock>
            {course.who_for && (
              <CollapsibleBlock title="Who is this degree for">
                <HtmlContent html={course.who_for} />
              </CollapsibleBlock>
            )}
          </section>

          <section
            id="admission"
            className={styles.section}
            tabIndex={-1}
            aria-labelledby="admission-title"
          >
            <h2 id="admission-title" className={styles.sectionTitle}>
              Admission
            </h2>
            <CollapsibleBlock title="Intakes and Deadlines" defaultOpen>
              <dl className={styles.basics}>
                <div>
                  <dt>Application deadline</dt>
                  <dd>{deadline ?? "Not announced"}</dd>
                </div>
                <div>
                  <dt>Session starts</dt>
                  <dd>{start ?? "Not announced"}</dd>
                </div>
              </dl>
            </CollapsibleBlock>
            <CollapsibleBlock title="Admission Requirements">
              <h4 className={styles.subTitle}>Requirements For Admission</h4>
              {course.admission_requirements ? (
                <HtmlContent html={course.admission_requirements} />
              ) : (
                <p className={styles.muted}>Ask the school for its admission requirements.</p>
              )}
              {course.other_requirements && (
                <>
                  <h4 className={styles.subTitle}>Other Requirements</h4>
                  <HtmlContent html={course.other_requirements} />
                </>
              )}
            </CollapsibleBlock>
          </section>

          <section
            id="academics"
            className={styles.section}
            tabIndex={-1}
            aria-labelledby="academics-title"
          >
            <h2 id="academics-title" className={styles.sectionTitle}>
              Academics
            </h2>
            <CollapsibleBlock title="Programme Structure">
              {course.programme_structure ? (
                <HtmlContent html={course.programme_structure} />
              ) : (
                <p className={styles.muted}>The school has not published the structure yet.</p>
              )}
            </CollapsibleBlock>
            {course.syllabus && (
              <CollapsibleBlock title="Syllabus and Curriculum">
                <HtmlContent html={course.syllabus} />
              </CollapsibleBlock>
            )}
          </section>

          <section
            id="tuition"
            className={styles.section}
            tabIndex={-1}
            aria-labelledby="tuition-title"
          >
            <h2 id="tuition-title" className={styles.sectionTitle}>
              Tuition and Finance
            </h2>
            <CollapsibleBlock title="Tuition and Aids" defaultOpen>
              <p className={styles.fee}>
                <span>Tuition fee</span> <strong>{formatTuition(course)}</strong>
              </p>
              {hasAid ? (
                <>
                  {course.tuition_and_aid && <HtmlContent html={course.tuition_and_aid} />}
                  {course.scholarship && (
                    <>
                      <h4 className={styles.subTitle}>Scholarships</h4>
                      <HtmlContent html={course.scholarship} />
                    </>
                  )}
                </>
              ) : (
                <p>{NO_AID_TEXT}</p>
              )}
            </CollapsibleBlock>
          </section>
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
