// The dashboards' list pages read their filter forms from the address: a blank field of the form
// means "any", so it is left out before the query's schema reads the rest.
export function filledSearchParams(request: Request): Record<string, string> {
  return Object.fromEntries(
    [...new URL(request.url).searchParams].filter(([, value]) => value.trim() !== ""),
  );
}
