// After a bulk load: the indexes and foreign keys dropped before it, rebuilt as independent
// statements scheduled over several connections so that builds on different tables overlap,
// then the search vocabulary and the planner statistics.
import { quoteIdent, rebuildOrder, type DeferredDdl, type Session } from "./load.ts";
import type { SeedProgress } from "./seed-progress.ts";
import type { SessionProvider } from "./sessions.ts";

/** Refreshes the search vocabulary and the planner statistics after a catalogue write. */
/** The tables a bulk load writes, whose indexes and foreign keys it drops and rebuilds. */
export const COURSE_TABLES: readonly string[] = ["course_disciplines", "course_details", "courses"];

export const FINISH_STATEMENTS = [
  // The search vocabulary (misspelling correction) and the distinct programme names (typo
  // matching, suggestions) are derived from the catalogue just written.
  `REFRESH MATERIALIZED VIEW search_words`,
  `REFRESH MATERIALIZED VIEW programme_names`,
  `ANALYZE "courses", "course_details", "course_disciplines", "schools", "countries", "search_words", "programme_names"`,
];

/**
 * One statement of the rebuild. `lock` names the table whose lock it takes: "share" statements
 * (CREATE INDEX takes SHARE) can run together on a table, "exclusive" ones (VALIDATE CONSTRAINT
 * and ANALYZE take SHARE UPDATE EXCLUSIVE, REFRESH takes ACCESS EXCLUSIVE on the view) run alone.
 */
interface RebuildTask {
  sql: string;
  table: string;
  mode: "share" | "exclusive";
  /** Index of a task that must finish first. */
  after?: number;
  /** Counts as a step of the progress report. */
  step: boolean;
}

function conflicts(a: RebuildTask, b: RebuildTask): boolean {
  return a.table === b.table && (a.mode === "exclusive" || b.mode === "exclusive");
}

/**
 * Everything after the course rows are written, as independent statements: the dropped indexes
 * (slowest first), validation of the foreign keys (re-added NOT VALID first, so validating takes
 * a weaker lock than adding and runs alongside index builds on other tables), the search
 * vocabulary and ANALYZE.
 */
export function rebuildTasks(ddl: DeferredDdl, finish: boolean): RebuildTask[] {
  const tasks: RebuildTask[] = rebuildOrder(ddl).map((index) => ({
    sql: index.sql.replace(/^CREATE (UNIQUE )?INDEX /, "CREATE $1INDEX IF NOT EXISTS "),
    table: index.table,
    mode: "share",
    step: true,
  }));
  const validate = (table: string) =>
    ddl.foreignKeys
      .filter((fk) => fk.table === table)
      .map((fk): RebuildTask => ({
        sql: `ALTER TABLE ${quoteIdent(fk.table)} VALIDATE CONSTRAINT ${quoteIdent(fk.name)}`,
        table: fk.table,
        mode: "exclusive",
        step: true,
      }));
  if (!finish) {
    tasks.push(...COURSE_TABLES.flatMap(validate));
    return tasks;
  }
  // The refreshes read courses without blocking index builds; they go early so that they overlap
  // them rather than running alone at the end.
  const refresh = tasks.length === 0 ? 0 : Math.min(2, tasks.length);
  tasks.splice(
    refresh,
    0,
    { sql: FINISH_STATEMENTS[0] as string, table: "search_words", mode: "exclusive", step: false },
    {
      sql: FINISH_STATEMENTS[1] as string,
      table: "programme_names",
      mode: "exclusive",
      step: false,
    },
  );
  const others = ddl.foreignKeys
    .map((fk) => fk.table)
    .filter((table) => !COURSE_TABLES.includes(table));
  tasks.push(...COURSE_TABLES.flatMap(validate), ...[...new Set(others)].flatMap(validate));
  for (const table of ["schools", "countries", ...COURSE_TABLES])
    tasks.push({ sql: `ANALYZE ${quoteIdent(table)}`, table, mode: "exclusive", step: false });
  tasks.push(
    {
      sql: `ANALYZE "search_words"`,
      table: "search_words",
      mode: "exclusive",
      after: refresh,
      step: false,
    },
    {
      sql: `ANALYZE "programme_names"`,
      table: "programme_names",
      mode: "exclusive",
      after: refresh + 1,
      step: false,
    },
  );
  return tasks;
}

/**
 * Recreates dropped indexes and foreign keys on several connections at once (PostgreSQL) and,
 * when `finish` is set, refreshes the search vocabulary and runs ANALYZE. Each worker takes the
 * first task whose lock does not conflict with a running one, so both cores stay busy: PostgreSQL
 * 15 builds GIN indexes single-threaded, and foreign keys on one table validate one at a time.
 */
export async function rebuild(
  provider: SessionProvider,
  ddl: DeferredDdl,
  report: (p: SeedProgress) => void,
  finish: boolean,
): Promise<void> {
  // Adding a key NOT VALID only checks new rows: quick, before any index build holds a lock.
  await provider.transaction(async (session) => {
    for (const fk of ddl.foreignKeys) await session.query(`${fk.sql} NOT VALID`);
  });
  const tasks = rebuildTasks(ddl, finish);
  const steps = tasks.filter((task) => task.step).length;
  let done = 0;
  report({ phase: "indexes", done, total: steps });
  const pending = tasks.map((_, index) => index);
  const running = new Set<number>();
  const finished = new Set<number>();
  let failure: unknown;
  let wake: () => void = () => undefined;
  let changed = new Promise<void>((resolve) => (wake = resolve));
  const notify = () => {
    const resolve = wake;
    changed = new Promise<void>((next) => (wake = next));
    resolve();
  };
  const runnable = (index: number) => {
    const task = tasks[index] as RebuildTask;
    if (task.after !== undefined && !finished.has(task.after)) return false;
    for (const other of running) if (conflicts(task, tasks[other] as RebuildTask)) return false;
    return true;
  };
  const work = async (session: Session) => {
    if (provider.kind === "postgres") {
      // Two builds at a time on a machine with plenty of memory; GIN builds flush less often.
      await session.query("SET maintenance_work_mem = '1GB'");
      await session.query("SET synchronous_commit = off");
    }
    // After a failure the remaining statements still run: as much of the schema as possible is
    // restored, and the first error is reported.
    while (pending.length > 0) {
      const position = pending.findIndex(runnable);
      if (position < 0) {
        await changed;
        continue;
      }
      const index = pending.splice(position, 1)[0] as number;
      const task = tasks[index] as RebuildTask;
      running.add(index);
      try {
        await session.query(task.sql);
      } catch (error) {
        failure ??= error;
      } finally {
        running.delete(index);
        finished.add(index);
        if (task.step) report({ phase: "indexes", done: ++done, total: steps });
        notify();
      }
    }
  };
  const workers = provider.kind === "postgres" ? provider.writers : 1;
  await provider.autocommit(workers, (sessions) => Promise.all(sessions.map(work)));
  if (failure !== undefined) throw failure;
}
