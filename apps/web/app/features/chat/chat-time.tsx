// Times on the chat screen in the reader's time zone: the server does not know it, so it renders
// UTC, and the browser its own once hydrated.
import { useSyncExternalStore } from "react";

const subscribeNothing = () => () => {};
/** False during the server render and hydration, true after: times are shown in the reader's zone. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

export function Time({
  iso,
  format,
}: {
  iso: string;
  format: (iso: string, timeZone?: string) => string;
}) {
  const hydrated = useHydrated();
  // The server does not know the reader's time zone: it renders UTC, the browser its own.
  return <time dateTime={iso}>{format(iso, hydrated ? undefined : "UTC")}</time>;
}
