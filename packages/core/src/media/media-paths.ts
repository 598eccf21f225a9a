// Addresses the media route draws images at (apps/web server/routes/media.ts), for the pages that
// name them without asking the catalogue. No imports: the browser's bundles read it too.

/** A discipline's generated icon: every seeded discipline's icon (ADR 065). */
export function disciplineIconPath(slug: string): string {
  return `/media/disciplines/${slug}.svg`;
}

/** The kinds of picture a school has (its logo, card thumbnail and page banner). */
export type SchoolPictureKind = "logo" | "thumbnail" | "banner";

/** A school's generated picture of `kind`: what the demo catalogue's schools name (ADR 065). */
export function schoolPicturePath(slug: string, kind: SchoolPictureKind): string {
  return `/media/schools/${slug}/${kind}.svg`;
}
