// Where to go after signing in: only a path on this site, never an open redirect.
export function safeNextPath(value: string | null | undefined): string {
  return value && /^\/(?!\/)[^\s\\]*$/.test(value) ? value : "/";
}
