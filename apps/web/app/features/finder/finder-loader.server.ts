// The finder route's answer for an address (docs/spec/discovery.md §2 "Course finder page", §7;
// docs/spec-notes.md, Course finder): the query read from the path and its parameters, the
// visitor's seed, the page from the core (loadFinderPage), or a page that explains what went
// wrong. An unknown discipline in the path is a page that does not exist (404); anything else the
// address gets wrong is a query the visitor (or an old link) got wrong (400); either way the page
// explains and offers a fresh start rather than an error page.
import type { FastifyBaseLogger } from "fastify";

import type { CachedCatalogue } from "@studyatlas/core/catalogue/cached-catalogue.ts";
import { InvalidParameterError } from "@studyatlas/core/errors.ts";
import { loadFinderPage } from "@studyatlas/core/finder/finder-page.ts";
import { CourseListQuerySchema } from "@studyatlas/schemas/catalogue.ts";

import type { QualifiedFilter } from "./finder-eligibility.server.ts";
import type { FinderLoaderData, FinderProblem } from "./finder-data.ts";
import { finderQueryObject } from "./finder-query.ts";
import { finderHeading, type FinderScope } from "./finder-route.ts";
import { packFinderCards } from "../../components/course-card/packed-cards.ts";
import { packDegreeTypeGroups, packFinderFacets } from "./packed-facets.ts";
import { visitorSeedOf } from "./visitor-seed.ts";

export interface FinderRouteAnswer {
  data: FinderLoaderData | FinderProblem;
  status: number;
  headers: Headers;
}

function problem(
  scope: FinderScope,
  status: number,
  title: string,
  message: string,
): FinderRouteAnswer {
  return {
    data: { status: "problem", scope, heading: finderHeading({}), title, message },
    status,
    headers: new Headers(),
  };
}

/** The finder page (or its explanation) for the scope of the path and the address's parameters. */
export async function loadFinderRoute(
  catalogue: CachedCatalogue,
  scope: FinderScope,
  params: URLSearchParams,
  cookieHeader: string | null,
  /** The request's logger (app/context.ts `getLogger`). */
  log: Pick<FastifyBaseLogger, "error">,
  /** "Only programmes I qualify for" (finder-eligibility.server.ts). */
  qualified: QualifiedFilter = { state: "off" },
): Promise<FinderRouteAnswer> {
  const parsed = CourseListQuerySchema.safeParse(finderQueryObject(params, scope));
  if (!parsed.success) {
    const details = parsed.error.issues
      .map((issue) => `${issue.path.join(".") || "query"} ${issue.message}`)
      .join("; ");
    return problem(
      scope,
      400,
      "Some filters in this address don't work",
      `We couldn't read: ${details}.`,
    );
  }
  const query = parsed.data;
  const { seed, setCookie } = visitorSeedOf(cookieHeader, query);
  const headers = new Headers();
  if (setCookie) headers.append("Set-Cookie", setCookie);
  try {
    // What the path fixes is not offered for relaxing when nothing matches.
    const fixed = new Set<"programme" | "discipline">();
    if (scope.pathScoped) fixed.add("programme");
    if (scope.disciplineSlug !== undefined) fixed.add("discipline");
    const found = await loadFinderPage(catalogue, query, {
      visitorSeed: seed,
      fixed,
      ...(qualified.qualifications ? { qualifiedFor: qualified.qualifications } : {}),
    });
    // The heading names what was searched: corrected, without the words taken as filters.
    const heading = finderHeading({
      ...(found.programmeLabel ? { programmeLabel: found.programmeLabel } : {}),
      ...(found.searchedText ? { name: found.searchedText } : {}),
    });
    const qualifiedFilter = qualified.state;
    return {
      data: {
        status: "ok",
        scope,
        heading,
        qualifiedFilter,
        ...found,
        facets: packFinderFacets(found.facets),
        degreeTypeGroups: packDegreeTypeGroups(found.degreeTypeGroups),
        results: packFinderCards(found.results),
        suggestions: packFinderCards(found.suggestions),
      },
      status: 200,
      headers,
    };
  } catch (error) {
    if (error instanceof InvalidParameterError) {
      const missingPage = error.parameter === "discipline" && scope.disciplineSlug !== undefined;
      return problem(
        scope,
        missingPage ? 404 : 400,
        missingPage ? "We don't know this discipline" : "Some filters in this address don't work",
        error.message,
      );
    }
    // docs/spec/discovery.md §7: a failed course list gives an empty list; the visitor sees a short
    // message rather than an error page, and the detail goes to the log.
    log.error({ err: error }, "Course finder: the programmes could not be loaded.");
    return problem(
      scope,
      503,
      "We couldn't load programmes just now",
      "Please try again in a moment, or start a fresh search.",
    );
  }
}
