// What the fuzz tiers (fuzz.test.ts, auth-service-fuzz.test.ts) must never find in an answer: a
// stack frame, or (in an error) a piece of SQL. An error may quote the value it refuses ("not
// 'pg_x'"), which is the caller's own text, not a leak: `withoutEcho` removes it first.
export const STACK = /\bat [\w.<>]+ \(|\.tsx?:\d+:\d+|node_modules/;
export const SQL =
  /Failed query|params:|\bselect\b[^"]{0,80}\bfrom\b|\binsert into\b|\bdelete from\b|syntax error at|\bdrizzle\b|\bpg_/i;

/** Every string a generated request carried (keys, values, body leaves). */
export function sentStrings(value: unknown, into: string[] = []): string[] {
  if (typeof value === "string") into.push(value);
  else if (Array.isArray(value)) for (const item of value) sentStrings(item, into);
  else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      into.push(key);
      sentStrings(item, into);
    }
  }
  return into;
}

/** The answer without the caller's own words (as sent, and as JSON would quote them). */
export function withoutEcho(body: string, sent: readonly string[]): string {
  let rest = body;
  for (const value of sent) {
    if (value.length < 2) continue;
    rest = rest.replaceAll(value, "").replaceAll(JSON.stringify(value).slice(1, -1), "");
  }
  return rest;
}
