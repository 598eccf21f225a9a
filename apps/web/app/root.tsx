// The document and the site shell: global styles, header and footer (hidden on the full-screen
// pages), scroll to top on every path change, and the error pages
// (docs/spec/accounts-and-details.md §2; docs/spec/discovery.md §2 Header, Footer).
import "./styles/global.css";

import { useEffect, type ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";

import type { Route } from "./+types/root";
// A file of its own (cached for a year by its hashed name), not a data address in every page's head.
import faviconHref from "./assets/favicon.svg?url&no-inline";
import { SessionProvider } from "./auth/session-context.tsx";
import { SignInModal } from "./features/accounts/sign-in-modal.tsx";
import { NotFoundPage } from "./components/error-pages/not-found-page.tsx";
import { ServerErrorPage } from "./components/error-pages/server-error-page.tsx";
import { SiteLinkProvider } from "./components/site-link/site-link.tsx";
import { IconSprite } from "./components/icons/icons.tsx";
import { SiteChrome } from "./components/site-chrome/site-chrome.tsx";
import { ToastProvider } from "./components/toast/toast-provider.tsx";
import { useScrollToTopOnPathChange } from "./hooks/use-scroll-to-top-on-path-change.ts";
import {
  ReferenceTablesLink,
  useFollowReferenceVersion,
} from "./reference/reference-tables-context.tsx";
import { loadRootData } from "./root-data.ts";
import { WishlistProvider } from "./wishlist/wishlist-context.tsx";
import { CompareProvider } from "./compare/compare-context.tsx";
import { EligibilityProvider } from "./eligibility/eligibility-context.tsx";
import { CompareTray } from "./compare/compare-tray.tsx";

const SITE_DESCRIPTION =
  "StudyAtlas: discover online programmes from schools worldwide — undergraduate and graduate degrees, executive education, short courses and certificates.";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: faviconHref, type: "image/svg+xml" },
];

/** What every page needs (root-data.ts). */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadRootData({ context, request });
}

/**
 * The country list changes only with the catalogue: navigations (including the finder's
 * query-only changes) keep it; a submitted form that changes data reloads it, and so does an
 * explicit revalidation (same URL, no form), which pages use after the user's name changed.
 */
export function shouldRevalidate({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod === undefined) return currentUrl.href === nextUrl.href && defaultShouldRevalidate;
  return formMethod.toUpperCase() !== "GET" && defaultShouldRevalidate;
}

/** Defaults for pages without their own meta, and the titles of the error pages. */
export function meta({ error }: Route.MetaArgs): Route.MetaDescriptors {
  if (error !== undefined) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [
      { title: notFound ? "Page not found — StudyAtlas" : "Something went wrong — StudyAtlas" },
      {
        name: "description",
        content: notFound
          ? "This page does not exist or has been removed."
          : "This page could not be loaded. Please try again in a moment.",
      },
    ];
  }
  return [{ title: "StudyAtlas" }, { name: "description", content: SITE_DESCRIPTION }];
}

const NO_TRAY: never[] = [];

export function Layout({ children }: { children: ReactNode }) {
  useScrollToTopOnPathChange();
  // Undefined when the root loader itself failed (the error page still renders signed out).
  const data = useRouteLoaderData<typeof loader>("root");
  useFollowReferenceVersion(data?.reference);
  // Marks the document once React has hydrated it; end-to-end tests wait for it before clicking.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0a1f44" />
        <Meta />
        <Links />
        <ReferenceTablesLink />
      </head>
      <body>
        <IconSprite />
        <SiteLinkProvider>
          <SessionProvider
            user={data?.user ?? null}
            googleClientId={data?.googleClientId ?? null}
            pendingSecondFactor={data?.secondFactor ?? null}
          >
            <ToastProvider>
              <WishlistProvider
                signedIn={Boolean(data?.user)}
                initialCourseIds={data?.wishlistCourseIds ?? []}
              >
                <CompareProvider
                  signedIn={Boolean(data?.user)}
                  accountTray={data?.compareTray ?? NO_TRAY}
                >
                  <EligibilityProvider userId={data?.user?.id ?? null}>
                    {children}
                  </EligibilityProvider>
                  <CompareTray />
                </CompareProvider>
              </WishlistProvider>
              <SignInModal />
            </ToastProvider>
          </SessionProvider>
        </SiteLinkProvider>
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <SiteChrome page>
      <Outlet />
    </SiteChrome>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <SiteChrome>
        <NotFoundPage />
      </SiteChrome>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  const detail =
    import.meta.env.DEV && error instanceof Error ? (error.stack ?? error.message) : undefined;
  return (
    <SiteChrome>
      <ServerErrorPage
        {...(status !== undefined ? { status } : {})}
        {...(detail ? { detail } : {})}
      />
    </SiteChrome>
  );
}
