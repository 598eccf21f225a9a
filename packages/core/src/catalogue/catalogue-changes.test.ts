import { describe, expect, it, vi } from "vitest";

import { SEARCH_WORDS_CHANGED } from "../finder/search-words.ts";
import { SYNONYMS_CHANGED } from "../finder/synonyms.ts";
import {
  CATALOGUE_CHANGED_CHANNEL,
  changeOfNotice,
  createCatalogueChanges,
  type CatalogueChange,
} from "./catalogue-changes.ts";

const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };

describe("the catalogue-change event", () => {
  it("tells every subscriber of a local change before raise() returns", () => {
    const changes = createCatalogueChanges(log);
    const heard: string[] = [];
    changes.subscribe((change) => heard.push(`a:${change}`));
    const stop = changes.subscribe((change) => heard.push(`b:${change}`));
    changes.raise();
    changes.raise("search-words");
    stop();
    changes.raise();
    expect(heard).toEqual([
      "a:catalogue",
      "b:catalogue",
      "a:search-words",
      "b:search-words",
      "a:catalogue",
    ]);
  });

  it("keeps telling the others when one subscriber fails, and logs the failure", () => {
    const changes = createCatalogueChanges(log);
    const heard: CatalogueChange[] = [];
    changes.subscribe(() => {
      throw new Error("broken cache");
    });
    changes.subscribe((change) => heard.push(change));
    changes.raise();
    expect(heard).toEqual(["catalogue"]);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ change: "catalogue" }),
      expect.any(String),
    );
  });

  it("hears the database's notices: a table written, a reconnect, or the vocabulary alone", async () => {
    const changes = createCatalogueChanges(log);
    const heard: CatalogueChange[] = [];
    changes.subscribe((change) => heard.push(change));
    let deliver: (payload: string) => void = () => undefined;
    const stopped = vi.fn(async () => undefined);
    const stop = await changes.listen({
      listen: async (channel, onNotice) => {
        expect(channel).toBe(CATALOGUE_CHANGED_CHANNEL);
        deliver = onNotice;
        return stopped;
      },
    });
    deliver("courses");
    deliver("");
    deliver(SEARCH_WORDS_CHANGED);
    deliver(SYNONYMS_CHANGED);
    expect(heard).toEqual(["catalogue", "catalogue", "search-words", "synonyms"]);
    await stop();
    expect(stopped).toHaveBeenCalled();
    expect(changeOfNotice("schools")).toBe("catalogue");
  });

  it("with a read replica, applies a notice once the replica has replayed it (ADR 048)", async () => {
    const changes = createCatalogueChanges(log);
    const heard: CatalogueChange[] = [];
    changes.subscribe((change) => heard.push(change));
    let deliver: (payload: string) => void = () => undefined;
    const replays: { resolve: () => void; reject: (error: Error) => void }[] = [];
    await changes.listen({
      listen: async (_channel, onNotice) => {
        deliver = onNotice;
        return async () => undefined;
      },
      readCaughtUp: () => new Promise<void>((resolve, reject) => replays.push({ resolve, reject })),
    });
    deliver("courses");
    await Promise.resolve();
    // The replica has not replayed the change yet: the caches keep what they have.
    expect(heard).toEqual([]);
    replays[0]?.resolve();
    await vi.waitFor(() => expect(heard).toEqual(["catalogue"]));
    // A replica that stays behind past its time: the change applies anyway, and the log says so.
    deliver(SEARCH_WORDS_CHANGED);
    replays[1]?.reject(new Error("replica behind"));
    await vi.waitFor(() => expect(heard).toEqual(["catalogue", "search-words"]));
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ change: "search-words" }),
      expect.stringMatching(/read replica is behind/),
    );
  });
});
