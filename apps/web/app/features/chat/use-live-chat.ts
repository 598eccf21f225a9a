// The chat screen's end of live delivery (docs/decisions/012-applications-and-live-chat.md): the
// tab's one live connection (hooks/live-socket.ts, shared with the header's badge), with the
// screen's handlers and the connection's status.
import { useEffect, useRef, useState } from "react";

import { subscribeLive, type LiveStatus, type ServerEvent } from "../../hooks/live-socket.ts";

export type { LiveStatus, ServerEvent };

export function useLiveChat(handlers: {
  onEvent: (event: ServerEvent) => void;
  /** After every (re)connection and every resync: fetch what may have been missed. */
  onCatchUp: () => void;
}): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(
    () =>
      subscribeLive({
        onEvent: (event) => latest.current.onEvent(event),
        onCatchUp: () => latest.current.onCatchUp(),
        onStatus: setStatus,
      }),
    [],
  );
  return status;
}
