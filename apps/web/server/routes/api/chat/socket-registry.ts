// The live sockets of one process and their caps (docs/security.md, "Long-lived connections"):
// counted apart from the request budget (plugins/overload.ts), at most `perUser` per signed-in
// user, `perAddress` per client address (`request.ip`: the socket's, unless TRUST_PROXY names the
// proxies) and `total` in the process. A place is reserved before the upgrade, so a refusal is an
// HTTP answer and concurrent upgrades cannot overshoot a cap; it is given back when the connection
// closes, whether or not the upgrade completed. Each socket is known by its user (delivery) and by
// its session (closed when the session ends: routes/api/chat/chat-hub.ts).
import type { WebSocket } from "ws";

export interface SocketCaps {
  perUser: number;
  perAddress: number;
  total: number;
}

/** Which cap refused a socket. */
export type SocketRefusal = "user" | "address" | "total";

/** Who opens a socket: its session as authenticated before the upgrade, and where from. */
export interface SocketOwner {
  userId: number;
  /** The user's role when the socket opened: advisors also hear of unassigned chats (ADR 058). */
  role: string;
  sessionId: string;
  /** The session's level when the socket opened; a socket of an aal2 session closes below it. */
  aal: string;
  address: string;
}

export interface LiveSocket extends SocketOwner {
  socket: WebSocket | undefined;
  /** Whether it answered the last ping (chat-hub.ts). */
  alive: boolean;
  /** Its session ended before the upgrade completed: close it as soon as it opens. */
  ended: boolean;
}

/** A reserved place: filled by the upgraded socket, or given back. */
export interface SocketReservation {
  /** Fills the place; false when the session ended meanwhile (the caller closes the socket). */
  attach(socket: WebSocket): boolean;
  /** Gives the place back (once; later calls do nothing). */
  release(): void;
}

export interface SocketRegistry {
  reserve(owner: SocketOwner): SocketReservation | SocketRefusal;
  /** The open sockets of `userId`. */
  ofUser(userId: number): WebSocket[];
  /** The users with open sockets whose role is `role`. */
  usersOfRole(role: string): number[];
  /** The places (open or being opened) of a session. */
  ofSession(sessionId: string): LiveSocket[];
  /** The sessions that hold places. */
  sessionIds(): string[];
  /** Every open socket. */
  open(): LiveSocket[];
  /** Open sockets. */
  size(): number;
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  set?.delete(value);
  if (set && set.size === 0) map.delete(key);
}

export function createSocketRegistry(caps: SocketCaps): SocketRegistry {
  const places = new Set<LiveSocket>();
  const byUser = new Map<number, Set<LiveSocket>>();
  const bySession = new Map<string, Set<LiveSocket>>();
  const byAddress = new Map<string, Set<LiveSocket>>();

  const refusalFor = (owner: SocketOwner): SocketRefusal | undefined => {
    if ((byUser.get(owner.userId)?.size ?? 0) >= caps.perUser) return "user";
    if ((byAddress.get(owner.address)?.size ?? 0) >= caps.perAddress) return "address";
    if (places.size >= caps.total) return "total";
    return undefined;
  };

  return {
    reserve(owner) {
      const refusal = refusalFor(owner);
      if (refusal) return refusal;
      const place: LiveSocket = { ...owner, socket: undefined, alive: true, ended: false };
      places.add(place);
      addTo(byUser, owner.userId, place);
      addTo(bySession, owner.sessionId, place);
      addTo(byAddress, owner.address, place);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        places.delete(place);
        removeFrom(byUser, owner.userId, place);
        removeFrom(bySession, owner.sessionId, place);
        removeFrom(byAddress, owner.address, place);
      };
      return {
        attach(socket) {
          if (released || place.ended) return false;
          place.socket = socket;
          socket.on("pong", () => {
            place.alive = true;
          });
          socket.once("close", release);
          return true;
        },
        release,
      };
    },
    ofUser: (userId) =>
      [...(byUser.get(userId) ?? [])].flatMap((place) => (place.socket ? [place.socket] : [])),
    usersOfRole(role) {
      const userIds = new Set<number>();
      for (const place of places)
        if (place.socket && place.role === role) userIds.add(place.userId);
      return [...userIds];
    },
    ofSession: (sessionId) => [...(bySession.get(sessionId) ?? [])],
    sessionIds: () => [...bySession.keys()],
    open: () => [...places].filter((place) => place.socket !== undefined),
    size() {
      let count = 0;
      for (const place of places) if (place.socket) count += 1;
      return count;
    },
  };
}
