// docs/metrics.md and docs/grafana-dashboard.json against the code: every series the process
// exposes is documented, the documentation names no series that does not exist, and every
// dashboard query reads series that exist (docs/decisions/047-metrics-and-traces.md).
import { readFileSync } from "node:fs";

import type { DatabaseHandle } from "@studyatlas/db/client.ts";
import type { FinderIndex } from "@studyatlas/core/finder/finder-index.ts";
import { describe, expect, it } from "vitest";

import { createMetrics } from "./metrics.ts";

const docs = (name: string) =>
  readFileSync(new URL(`../../../../docs/${name}`, import.meta.url), "utf8");

/** Every series (name and type) a process with every part exposes. */
async function exposedSeries(): Promise<Map<string, string>> {
  const metrics = createMetrics();
  const database = {
    kind: "postgres",
    pool: { totalCount: 2, idleCount: 1, waitingCount: 0 },
    queued: () => ({ request: 0, background: 0 }),
    query: async () => ({ rows: [] }),
  } as unknown as DatabaseHandle;
  const finderIndex = {
    stats: () => ({ builds: 1, lastBuildMs: 5, builtAt: Date.now(), size: 3, postings: undefined }),
  } as unknown as FinderIndex;
  metrics.watch({
    database,
    finderIndex,
    chatSockets: () => 0,
    overload: { inFlight: () => 0, shed: () => 0 },
    queues: true,
  });
  const json = await metrics.whole().getMetricsAsJSON();
  return new Map(json.map((metric) => [metric.name, String(metric.type)]));
}

/** The series a PromQL expression reads (histogram suffixes taken back to their series). */
function seriesIn(expression: string, histograms: Set<string>): string[] {
  const names = expression.match(/\b(?:studyatlas|process|nodejs)_[a-z0-9_]+/g) ?? [];
  return names.map((name) => {
    const base = name.replace(/_(bucket|sum|count)$/, "");
    return histograms.has(base) ? base : name;
  });
}

interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos?: object;
  targets?: { expr?: string }[];
}

describe("the metrics documentation", () => {
  it("lists every studyatlas_ series the process exposes, and no other", async () => {
    const exposed = [...(await exposedSeries()).keys()].filter((name) =>
      name.startsWith("studyatlas_"),
    );
    const documented = new Set(
      [...docs("metrics.md").matchAll(/^\| `(studyatlas_[a-z_]+)` \|/gm)].map((match) => match[1]),
    );
    expect(exposed.length).toBeGreaterThan(10);
    expect([...documented].sort()).toEqual([...exposed].sort());
  });

  it("has a Grafana dashboard whose every query reads series that exist", async () => {
    const exposed = await exposedSeries();
    const histograms = new Set(
      [...exposed].filter(([, type]) => type === "histogram").map(([name]) => name),
    );
    const dashboard = JSON.parse(docs("grafana-dashboard.json")) as {
      title: string;
      uid: string;
      panels: Panel[];
    };
    expect(dashboard.title).toBe("StudyAtlas");
    const panels = dashboard.panels.filter((panel) => panel.type !== "row");
    expect(panels.length).toBeGreaterThan(10);
    expect(new Set(dashboard.panels.map((panel) => panel.id)).size).toBe(dashboard.panels.length);
    const read = new Set<string>();
    for (const panel of panels) {
      expect(panel.gridPos, panel.title).toBeDefined();
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) {
        const names = seriesIn(target.expr ?? "", histograms);
        expect(names.length, `${panel.title}: ${target.expr}`).toBeGreaterThan(0);
        for (const name of names) {
          expect(exposed.has(name), `${panel.title} reads ${name}`).toBe(true);
          read.add(name);
        }
      }
    }
    // Every series of ours is drawn somewhere.
    const ours = [...exposed.keys()].filter((name) => name.startsWith("studyatlas_"));
    expect(ours.filter((name) => !read.has(name))).toEqual([]);
  });
});
