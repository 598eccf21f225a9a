// School page /school/{slug} (docs/spec/accounts-and-details.md §2 School detail, §3 School):
// banner, logo, name, about, video, city and country, institution type, the numbers of
// undergraduate, postgraduate, short-course and all programmes (counted from the catalogue by
// packages/core, so they always equal the finder's), year established, 'View School Courses' to
// the finder, and the school's programmes below. No rating: there are no reviews of schools in
// the data model, and the spec's fixed '4.4 (53 Reviews)' is not copied (docs/spec-notes.md).
import { data, Link } from "react-router";

import { loadSchoolPage } from "@studyatlas/core/catalogue/detail-pages.ts";
import { summarise } from "@studyatlas/core/content/html-preview.ts";

import { getServices } from "../../context.ts";
import { countryPath } from "../../features/catalogue/detail-display.ts";
import {
  SchoolAbout,
  SchoolDetailsCard,
  SchoolProgrammes,
} from "../../features/catalogue/school-sections.tsx";
import styles from "../../features/catalogue/school-page.module.css";
import {
  absoluteUrl,
  breadcrumbJsonLd,
  pageMeta,
  schoolJsonLd,
  SITE_NAME,
} from "../../utils/seo.ts";
import type { Route } from "./+types/school-detail";
import { DetailHero } from "../../features/catalogue/detail-hero.tsx";

const COUNT = new Intl.NumberFormat("en-US");

export async function loader({ params, context }: Route.LoaderArgs) {
  const { catalogue, publicBaseUrl } = getServices(context);
  const page = await loadSchoolPage(catalogue, params.slug, publicBaseUrl);
  if (!page) throw data(null, { status: 404 });
  return page;
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
        <SchoolAbout school={school} />
        <SchoolDetailsCard school={school} />
      </div>
      <SchoolProgrammes school={school} courses={courses} />
    </article>
  );
}
