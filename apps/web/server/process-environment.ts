// What the start script sets in the app process's environment before Node starts (ADR 036),
// kept here so that the benchmarks start their server the same way (bench/harness.ts).
//
// glibc's malloc gives threads that allocate at once arenas of their own, up to eight per core,
// and keeps what is freed in each for reuse rather than giving it back: Node's threads (the
// thread pool, V8's helpers) left a process on a million programmes 150–170 MiB larger after a
// benchmark run than with two arenas, over its 1 GiB (bench/RESULTS.md, sixth session). glibc
// reads the variable once, when the process starts, so it cannot be set from inside Node.

/** The variables, each applied only where the environment does not set it already. */
export const APP_PROCESS_DEFAULTS: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: "2" };

/**
 * The environment with the defaults it lacks, or undefined when it lacks none (or the platform's
 * C library is not glibc's: the variable means nothing elsewhere).
 */
export function appProcessEnvironment(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): NodeJS.ProcessEnv | undefined {
  if (platform !== "linux") return undefined;
  const missing = Object.entries(APP_PROCESS_DEFAULTS).filter(([name]) => env[name] === undefined);
  return missing.length === 0 ? undefined : { ...env, ...Object.fromEntries(missing) };
}
