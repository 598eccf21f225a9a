import { describe, expect, it } from "vitest";

import { createProgressBar, formatDuration, renderProgressLine } from "./progress-bar.ts";

function fakeStream(isTTY: boolean) {
  const chunks: string[] = [];
  return {
    chunks,
    stream: {
      isTTY,
      write: (chunk: string) => chunks.push(chunk),
    } as unknown as NodeJS.WriteStream,
  };
}

describe("progress line", () => {
  it("shows counts, percentage, rate and ETA", () => {
    const line = renderProgressLine("courses", 250_000, 1_000_000, 10);
    expect(line).toContain("250,000/1,000,000");
    expect(line).toContain(" 25.0%");
    expect(line).toContain("25,000/s");
    expect(line).toContain("ETA 30s");
    expect(line).toContain("[#######.....................]");
    expect(renderProgressLine("courses", 5, 10, 1, 28, false)).not.toContain("[");
  });

  it("formats durations", () => {
    expect(formatDuration(42.4)).toBe("42s");
    expect(formatDuration(125)).toBe("2m05s");
    expect(formatDuration(Number.NaN)).toBe("--");
  });
});

describe("progress bar", () => {
  it("prints plain lines at most once per interval when not on a terminal", () => {
    let now = 0;
    const { chunks, stream } = fakeStream(false);
    const bar = createProgressBar({ stream, now: () => now });
    bar.update("courses", 0, 100);
    for (let done = 1; done < 100; done++) {
      now += 10;
      bar.update("courses", done, 100);
    }
    bar.update("courses", 100, 100);
    // First line, one per second (990 ms elapsed: none), and the final line.
    expect(chunks.length).toBe(2);
    expect(chunks.every((c) => c.endsWith("\n") && !c.includes("\r"))).toBe(true);
    expect(chunks.at(-1)).toContain("100/100");
  });

  it("redraws one line on a terminal", () => {
    let now = 0;
    const { chunks, stream } = fakeStream(true);
    const bar = createProgressBar({ stream, now: () => now });
    bar.update("courses", 0, 10);
    now = 500;
    bar.update("courses", 5, 10);
    bar.done();
    expect(chunks[0]?.startsWith("\r")).toBe(true);
    expect(chunks[1]?.startsWith("\r")).toBe(true);
    expect(chunks.at(-1)).toBe("\n");
  });
});
