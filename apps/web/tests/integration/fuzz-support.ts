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

export interface RouteEntry {
  method: string;
  /** Fastify's form: `/api/chats/:id/messages`. */
  path: string;
}

/**
 * Every route of the app, read from Fastify's route table (`printRoutes`), so that a new endpoint
 * is fuzzed without anyone listing it. HEAD routes (Fastify adds one per GET) are left out.
 */
export function routeTable(app: { printRoutes(options: { commonPrefix: false }): string }) {
  const routes: RouteEntry[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^([│├└─\s]*)(\S.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = Math.floor((match[1] ?? "").length / 4);
    const path = (depth > 0 ? (stack[depth - 1] ?? "") : "") + (match[2] ?? "");
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[3] ?? "").split(",").map((value) => value.trim())) {
      if (method && method !== "-" && method !== "HEAD") routes.push({ method, path });
    }
  }
  return routes;
}

/** The depth of the nested bodies and queries: far past any parser's or validator's limit. */
export const DEEP = 5000;
export const BODY_LIMIT = 1024 * 1024;

/** Field names the endpoints read, so that huge values reach their validators. */
const FIELDS = [
  "email",
  "password",
  "data",
  "user_metadata",
  "app_metadata",
  "refresh_token",
  "code",
  "challenge_id",
  "type",
  "token",
  "message",
  "body",
  "text",
  "name",
  "title",
  "status",
  "note",
  "url",
  "redirect_to",
  "schools",
];

/** A JSON object of the fields, each holding `value` (JSON text), about `total` bytes long. */
function spread(makeValue: (bytes: number) => string, total: number): string {
  const each = Math.floor(total / FIELDS.length) - 40;
  return `{${FIELDS.map((field) => `"${field}":${makeValue(each)}`).join(",")}}`;
}

const hugeString = (bytes: number) => `"${"x".repeat(bytes - 2)}"`;
const hugeArray = (bytes: number) => `[${"0,".repeat(Math.floor(bytes / 2) - 1)}0]`;
const hugeObject = (bytes: number) => `{"a":${hugeString(bytes - 6)}}`;

/** Raw JSON bodies: nested 5,000 deep, and near and over the 1 MiB body limit. */
export const BODIES: Record<string, () => string> = {
  "an object nested 5,000 deep": () => `${'{"a":'.repeat(DEEP)}1${"}".repeat(DEEP)}`,
  "an array nested 5,000 deep": () => `${"[".repeat(DEEP)}${"]".repeat(DEEP)}`,
  "fields of objects nested 5,000 deep": () =>
    spread(() => `${'{"a":'.repeat(DEEP)}1${"}".repeat(DEEP)}`, 0),
  "fields of arrays nested 5,000 deep": () =>
    spread(() => `${"[".repeat(DEEP)}${"]".repeat(DEEP)}`, 0),
  "huge strings near the limit": () => spread(hugeString, BODY_LIMIT - 4096),
  "huge arrays near the limit": () => spread(hugeArray, BODY_LIMIT - 4096),
  "objects of huge strings near the limit": () => spread(hugeObject, BODY_LIMIT - 4096),
  "many keys near the limit": () =>
    `{${Array.from({ length: 70_000 }, (_, n) => `"k${n}":0`).join(",")}}`,
  "a body over the limit": () => `{"email":"${"z".repeat(BODY_LIMIT)}"}`,
};

/** Query strings: nested 5,000 deep, huge values, and many parameters. */
export const QUERIES: Record<string, () => string> = {
  "a query nested 5,000 deep": () => `a${"[b]".repeat(DEEP)}=1&page${"[x]".repeat(DEEP)}=2`,
  "huge query values": () =>
    ["page", "per_page", "filter", "q", "email", "type", "token", "provider", "cursor", "limit"]
      .map((name) => `${name}=${"9".repeat(20_000)}`)
      .join("&"),
  "many query parameters": () =>
    Array.from({ length: 10_000 }, (_, n) => `p${n % 50}=${n}`).join("&"),
};
