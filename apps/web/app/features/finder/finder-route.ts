// Which course-finder page a path is, what its heading says and where the discipline and
// programme-level links lead (docs/spec/discovery.md §2 "Course finder page", routes table;
// docs/spec/accounts-and-details.md §2 route table).
import type { ProgrammeSlug } from "@studyatlas/schemas/catalogue-constants.ts";

import { isPlaceholder } from "@studyatlas/schemas/catalogue-constants.ts";

/** The finder's own paths: the programme comes from the query, if at all. */
export const FINDER_SEARCH_PATHS = ["coursefinder", "search", "test"] as const;

/** The programme variants; each also answers with a discipline slug child. */
export const FINDER_VARIANTS = [
  { path: "undergraduate", programme: "undergraduate" },
  { path: "graduate", programme: "postgraduate" },
  { path: "shortcourse", programme: "short" },
  { path: "executive", programme: "executive" },
  { path: "certificate", programme: "certificate" },
  // /courses lists every programme type; only its discipline child narrows it.
  { path: "courses", programme: undefined },
] as const satisfies ReadonlyArray<{ path: string; programme: ProgrammeSlug | undefined }>;

export interface FinderScope {
  /** The first path segment: 'coursefinder', 'graduate', 'courses', ... */
  base: string;
  /** True on the programme variants and /courses, whose path carries programme and discipline. */
  pathScoped: boolean;
  /** The programme the path fixes. */
  programme?: ProgrammeSlug;
  /** The discipline slug of a variant's child route (/graduate/computer-science). */
  disciplineSlug?: string;
}

/** Reads the scope from a finder path; undefined for any other path. */
export function finderScopeFromPath(pathname: string): FinderScope | undefined {
  const [base = "", disciplineSlug, ...rest] = pathname
    .split("/")
    .filter((segment) => segment !== "")
    .map((segment) => decodeURIComponent(segment));
  if (rest.length > 0) return undefined;
  if ((FINDER_SEARCH_PATHS as readonly string[]).includes(base)) {
    return disciplineSlug === undefined ? { base, pathScoped: false } : undefined;
  }
  const variant = FINDER_VARIANTS.find((candidate) => candidate.path === base);
  if (!variant) return undefined;
  return {
    base,
    pathScoped: true,
    ...(variant.programme ? { programme: variant.programme } : {}),
    ...(disciplineSlug !== undefined ? { disciplineSlug: disciplineSlug.toLowerCase() } : {}),
  };
}

/** The variant path of a programme ('postgraduate' → 'graduate'); 'courses' for none. */
export function variantPathOf(programme: ProgrammeSlug | undefined): string {
  return FINDER_VARIANTS.find((variant) => variant.programme === programme)?.path ?? "courses";
}

/** 'data-science' → 'Data Science'. */
function capitaliseWords(text: string): string {
  return text
    .replace(/-/g, " ")
    .split(/\s+/)
    .filter((word) => word !== "")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

/**
 * The page heading (docs/spec/discovery.md §2): on a programme variant '{Programme} Courses' from the
 * programme type's label ('Graduate Courses'), without doubling a label that already ends in
 * 'Courses' ('Short Courses', not 'Short Courses Courses'); elsewhere the name query value with
 * hyphens as spaces and capitalised words, or 'Explore', followed by ' Courses'.
 */
export function finderHeading(options: { programmeLabel?: string; name?: string }): string {
  const label = options.programmeLabel?.trim();
  if (label) return /\bcourses$/i.test(label) ? label : `${label} Courses`;
  const name = options.name !== undefined && !isPlaceholder(options.name) ? options.name : "";
  return `${capitaliseWords(name) || "Explore"} Courses`;
}
