// How a seed reports its progress: the orchestration (seed-catalogue.ts) and the steps it runs
// (reference-data.ts, index-rebuild.ts) all speak of it, so it has a module of its own rather
// than an import back into the orchestration.

export type SeedPhase = "reference" | "schools" | "courses" | "indexes" | "analyze" | "done";

export interface SeedProgress {
  phase: SeedPhase;
  /** Courses written so far, or steps done in the indexes phase. */
  done: number;
  total: number;
}
