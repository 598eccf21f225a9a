import { EventEmitter } from "node:events";

import { describe, expect, it } from "vitest";
import type { WebSocket } from "ws";

import { createSocketRegistry, type SocketOwner } from "./socket-registry.ts";

/** Enough of a socket for the registry: it listens for 'pong' and 'close'. */
function fakeSocket(): WebSocket & EventEmitter {
  return new EventEmitter() as WebSocket & EventEmitter;
}

const owner = (
  userId: number,
  address = "192.0.2.1",
  sessionId = `s-${userId}`,
  role = "student",
): SocketOwner => ({
  userId,
  role,
  sessionId,
  aal: "aal1",
  address,
});

describe("socket registry", () => {
  it("refuses past each cap, counting places reserved but not yet upgraded", () => {
    const registry = createSocketRegistry({ perUser: 2, perAddress: 3, total: 4 });
    const first = registry.reserve(owner(1));
    const second = registry.reserve(owner(1));
    expect(typeof first).toBe("object");
    expect(typeof second).toBe("object");
    expect(registry.reserve(owner(1))).toBe("user");
    expect(typeof registry.reserve(owner(2))).toBe("object");
    expect(registry.reserve(owner(3))).toBe("address");
    expect(typeof registry.reserve(owner(3, "192.0.2.2"))).toBe("object");
    expect(registry.reserve(owner(4, "192.0.2.3"))).toBe("total");
    // Reserved places are not open sockets yet.
    expect(registry.size()).toBe(0);
  });

  it("gives a place back once, on release or when the socket closes", () => {
    const registry = createSocketRegistry({ perUser: 1, perAddress: 10, total: 10 });
    const place = registry.reserve(owner(1));
    if (typeof place === "string") throw new Error(place);
    const socket = fakeSocket();
    expect(place.attach(socket)).toBe(true);
    expect(registry.size()).toBe(1);
    expect(registry.ofUser(1)).toEqual([socket]);
    expect(registry.ofSession("s-1")).toHaveLength(1);
    expect(registry.reserve(owner(1))).toBe("user");
    socket.emit("close");
    place.release();
    expect(registry.size()).toBe(0);
    expect(registry.sessionIds()).toEqual([]);
    const again = registry.reserve(owner(1));
    expect(typeof again).toBe("object");
    // Only one place: the release of the old one does not free the new one.
    place.release();
    expect(registry.reserve(owner(1))).toBe("user");
  });

  it("does not fill a place whose session ended before the upgrade completed", () => {
    const registry = createSocketRegistry({ perUser: 5, perAddress: 5, total: 5 });
    const place = registry.reserve(owner(1));
    if (typeof place === "string") throw new Error(place);
    for (const pending of registry.ofSession("s-1")) pending.ended = true;
    expect(place.attach(fakeSocket())).toBe(false);
  });

  it("names the users of a role with open sockets, once each, not those still upgrading", () => {
    const registry = createSocketRegistry({ perUser: 5, perAddress: 10, total: 10 });
    const places = [
      registry.reserve(owner(1, "192.0.2.1", "s-1a", "advisor")),
      registry.reserve(owner(1, "192.0.2.1", "s-1b", "advisor")),
      registry.reserve(owner(2, "192.0.2.1", "s-2", "student")),
      registry.reserve(owner(3, "192.0.2.1", "s-3", "advisor")),
    ];
    for (const place of places.slice(0, 3)) {
      if (typeof place === "string") throw new Error(place);
      place.attach(fakeSocket());
    }
    expect(registry.usersOfRole("advisor")).toEqual([1]);
    expect(registry.usersOfRole("student")).toEqual([2]);
  });
});
