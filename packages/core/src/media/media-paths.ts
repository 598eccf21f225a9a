// Addresses the media route draws images at (apps/web server/routes/media.ts), for the pages that
// name them without asking the catalogue. No imports: the browser's bundles read it too.

/** A discipline's generated icon: every seeded discipline's icon (ADR 065). */
export function disciplineIconPath(slug: string): string {
  return `/media/disciplines/${slug}.svg`;
}
