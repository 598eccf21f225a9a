// Times on the chat screen in the reader's time zone: the server does not know it, so it renders
// UTC, and the browser its own once hydrated.
import { useHydrated } from "../../hooks/use-hydrated.ts";

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
