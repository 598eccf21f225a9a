// The reference tables in the React tree (reference-tables.ts): on the server the root loader's
// (entry.server.tsx), in the browser those fetched before hydration (entry.client.tsx), so both
// render the same page. When the root data names another version later (the catalogue changed
// and a form's submission reloaded the root data), the new tables are fetched and replace them.
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
} from "react";

import {
  NO_REFERENCE_TABLES,
  readReferenceTables,
  referenceTablesPath,
  type ReferenceTables,
} from "./reference-tables.ts";

interface ReferenceTablesState {
  tables: ReferenceTables;
  replace: Dispatch<SetStateAction<ReferenceTables>>;
}

const ReferenceTablesContext = createContext<ReferenceTablesState>({
  tables: NO_REFERENCE_TABLES,
  replace: () => undefined,
});

export function ReferenceTablesProvider({
  initial,
  children,
}: {
  initial: ReferenceTables;
  children: ReactNode;
}) {
  const [tables, replace] = useState(initial);
  const state = useMemo(() => ({ tables, replace }), [tables]);
  return <ReferenceTablesContext value={state}>{children}</ReferenceTablesContext>;
}

export function useReferenceTables(): ReferenceTables {
  return useContext(ReferenceTablesContext).tables;
}

/** The tables at that address, or undefined when they cannot be had (tried twice). */
export async function fetchReferenceTables(href: string): Promise<ReferenceTables | undefined> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const response = await fetch(href, { credentials: "same-origin" });
      if (response.ok) return readReferenceTables(await response.json());
      if (response.status < 500) return undefined;
    } catch {
      // A network failure: once more, then the page goes on without them.
    }
  }
  return undefined;
}

/** Fetches the tables of `version` when the root data names another than the page has. */
export function useFollowReferenceVersion(version: string | undefined): void {
  const { tables, replace } = useContext(ReferenceTablesContext);
  useEffect(() => {
    if (!version || version === tables.version) return;
    let live = true;
    void fetchReferenceTables(referenceTablesPath(version)).then((fetched) => {
      if (live && fetched) replace(fetched);
    });
    return () => {
      live = false;
    };
  }, [version, tables.version, replace]);
}

/** Where the page names its tables; the browser starts fetching them with the document's head. */
export function ReferenceTablesLink() {
  const { version } = useReferenceTables();
  if (version === "") return null;
  return (
    <link
      rel="preload"
      as="fetch"
      crossOrigin="anonymous"
      href={referenceTablesPath(version)}
      data-reference-tables=""
    />
  );
}
