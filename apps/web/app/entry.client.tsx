// Hydration, once the page's reference tables are here (docs/decisions/065-reference-tables-cached-apart.md):
// the server rendered the page with them, so the first client render needs the same. The document
// names them in a preload link the browser fetched with its head; `fetch` takes that response.
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

import {
  fetchReferenceTables,
  ReferenceTablesProvider,
} from "./reference/reference-tables-context.tsx";
import { NO_REFERENCE_TABLES } from "./reference/reference-tables.ts";

const href = document.querySelector<HTMLLinkElement>("link[data-reference-tables]")?.href;

void (href ? fetchReferenceTables(href) : Promise.resolve(undefined)).then((tables) => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <ReferenceTablesProvider initial={tables ?? NO_REFERENCE_TABLES}>
          <HydratedRouter />
        </ReferenceTablesProvider>
      </StrictMode>,
    );
  });
});
