// Whether this render is in the browser after hydration: false during the server render and the
// hydration pass (so both give the same markup), true from the next render on.
import { useSyncExternalStore } from "react";

const subscribeNothing = () => () => {};

/** False during the server render and hydration, true after. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
