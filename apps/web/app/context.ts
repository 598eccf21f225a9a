// Values the Fastify server hands to every React Router loader through the load context: the
// services, the request's nonce and session, and the request's logger (Fastify's pino child, with
// the request id; so a loader's line is redacted like every other, server/log-redaction.ts).
// The server (plain Node) and the built app (bundled by Vite) each load their own copy of this
// module, so the context keys live on globalThis to stay the same object.
import { createContext, type RouterContextProvider } from "react-router";

import type { FinderIndex } from "@studyatlas/core/finder/finder-index.ts";
import type { CachedCatalogue } from "@studyatlas/core/catalogue/cached-catalogue.ts";
import type { CatalogueCache } from "@studyatlas/core/catalogue/catalogue-cache.ts";
import type { CatalogueChanges } from "@studyatlas/core/catalogue/catalogue-changes.ts";
import type { FastifyBaseLogger as Logger } from "fastify";
import type { SessionUser } from "@studyatlas/core/accounts/sessions.ts";
import type { Database, DatabaseKind } from "@studyatlas/db/client.ts";

import type { SiteLinks } from "./site-links.ts";

export interface AppServices {
  /** The primary: writes, and reads that must see them (a person's own rows, the dashboards). */
  db: Database;
  /**
   * The catalogue's public reads: the read replica when DATABASE_READ_URL is set, otherwise `db`
   * (ADR 048). A few moments behind the primary at most, so never for read-after-write.
   */
  catalogueDb: Database;
  /** Cached catalogue answers, emptied whenever the catalogue changes. */
  catalogueCache: CatalogueCache;
  /** The catalogue reads of the pages, through catalogueCache. */
  catalogue: CachedCatalogue;
  /** The finder's in-process index (ADR 011); SQL answers while it is rebuilt. */
  finderIndex: FinderIndex;
  /**
   * The one "catalogue changed" event of this process: a writer of the catalogue raises it, and
   * every cache and the finder index follow it (server/services/catalogue-caches.ts).
   */
  catalogueChanges: CatalogueChanges;
  databaseKind: DatabaseKind;
  publicBaseUrl: string;
  /** Google sign-in's client id; null when it is not configured (the button is hidden). */
  googleClientId: string | null;
  /** /dev/mailbox shows the outbox (to this machine only on production's default; ADR 046). */
  devMailbox: boolean;
  /** The footer's configured links (SUPPORT_EMAIL and the *_URL settings). */
  siteLinks: SiteLinks;
  /** The support inbox and postal address the contact page shows. */
  support: { email: string; postalAddress: string };
  /** The largest school logo or banner upload in bytes (SCHOOL_IMAGE_MAX_MB), for the form's hint. */
  schoolImageMaxBytes?: number;
}

export interface RequestSession {
  user: SessionUser | null;
  sessionId: string | null;
  /**
   * A session that gave the right password but not yet the code its user's factor asks for
   * (docs/decisions/014-two-factor.md): not signed in (`user` is null), but the sign-in modal and
   * /auth resume at the code step.
   */
  pendingSecondFactor?: { userId: number } | null;
}

/**
 * How the server has rendered its pages since it started (entry.server.tsx; ADR 034): in one
 * synchronous pass, or again by the streaming renderer when that
 * pass could not give the whole page. A fallback costs a second render, so tests check that an
 * ordinary page never takes it.
 */
export interface PageRenderCounts {
  onePass: number;
  streamed: number;
}

export interface RequestInfo {
  /** Per-request CSP nonce for the inline scripts React Router renders. */
  nonce: string;
  /** The process's render counts, which entry.server.tsx adds to. */
  renders: PageRenderCounts;
}

type ContextKey<T> = ReturnType<typeof createContext<T>>;

function sharedContext<T>(name: string): ContextKey<T> {
  const key = Symbol.for(`studyatlas.context.${name}`);
  const store = globalThis as unknown as Record<symbol, ContextKey<T> | undefined>;
  store[key] ??= createContext<T>();
  return store[key];
}

export const appServicesContext = sharedContext<AppServices>("app-services");
export const requestInfoContext = sharedContext<RequestInfo>("request-info");
export const requestSessionContext = sharedContext<RequestSession>("request-session");
export const requestLoggerContext = sharedContext<Logger>("request-logger");

export function getServices(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(appServicesContext);
}

/** The request's logger: loaders and the core functions they call log through it, never the console. */
export function getLogger(context: Readonly<RouterContextProvider>): Logger {
  return context.get(requestLoggerContext);
}

/** The user whose session still owes its second factor (ADR 014), or null. */
export function getPendingSecondFactor(
  context: Readonly<RouterContextProvider>,
): { userId: number } | null {
  try {
    return context.get(requestSessionContext).pendingSecondFactor ?? null;
  } catch {
    return null;
  }
}

/** The signed-in user of the request being rendered, or null. */
export function getSessionUser(context: Readonly<RouterContextProvider>): SessionUser | null {
  try {
    return context.get(requestSessionContext).user;
  } catch {
    return null;
  }
}
