// Where to go after signing in: only a path on this site, never an open redirect. The value comes
// decoded from the query; it is encoded again, so that a character beyond ASCII (`/。x`) makes a
// valid Location header rather than a server error.
export function safeNextPath(value: string | null | undefined): string {
  if (!value || !/^\/(?!\/)[^\s\\]*$/.test(value)) return "/";
  let encoded: string;
  try {
    encoded = encodeURI(value);
  } catch {
    // A lone surrogate cannot be encoded.
    return "/";
  }
  return /^\/(?!\/)[\x21-\x7E]*$/.test(encoded) && !encoded.includes("\\") ? encoded : "/";
}
