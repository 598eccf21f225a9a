import { describe, expect, it } from "vitest";

import { COMPARE_MESSAGES } from "@studyatlas/schemas/my-currency-rules.ts";

import { toggleCompare, trayFromStorage, trayOnSignIn } from "./compare-state.ts";

const entry = (id: number) => ({ id, name: `Programme ${id}` });

describe("the compare tray", () => {
  it("adds in order, removes a programme already in it, and refuses a fifth with the reason", () => {
    let tray = [entry(1), entry(2), entry(3)];
    const fourth = toggleCompare(tray, entry(4));
    expect(fourth.ok).toBe(true);
    tray = fourth.tray;
    expect(tray.map((item) => item.id)).toEqual([1, 2, 3, 4]);
    const fifth = toggleCompare(tray, entry(5));
    expect(fifth).toEqual({ ok: false, tray, message: COMPARE_MESSAGES.tooMany });
    const removed = toggleCompare(tray, entry(2));
    expect(removed.tray.map((item) => item.id)).toEqual([1, 3, 4]);
    expect(removed.message).toBe(`${COMPARE_MESSAGES.removed}: Programme 2`);
  });

  it("reads a stored tray defensively: valid entries, each once, at most four", () => {
    expect(trayFromStorage(null)).toEqual([]);
    expect(trayFromStorage("not json")).toEqual([]);
    expect(trayFromStorage('{"id":1}')).toEqual([]);
    expect(
      trayFromStorage(
        JSON.stringify([
          entry(1),
          { id: -2 },
          { id: 1.5 },
          entry(1),
          { id: 3 },
          entry(4),
          entry(5),
          entry(6),
        ]),
      ),
    ).toEqual([entry(1), { id: 3, name: "" }, entry(4), entry(5)]);
  });

  it("keeps the account's tray on sign-in, or moves this browser's into an empty account", () => {
    expect(trayOnSignIn([entry(9)], [entry(1)])).toEqual([entry(9)]);
    expect(trayOnSignIn([], [entry(1), entry(2)])).toEqual([entry(1), entry(2)]);
  });
});
