// What the root route loads for every page. It lives apart from root.tsx so that the shared
// hooks and components reading it (`useRouteLoaderData("root")`) import this module, not the
// route module that renders them: that was an import circle (docs/decisions/021-honest-packages.md).
import type { RouterContextProvider } from "react-router";

import { secondFactorOwed } from "@studyatlas/core/accounts/mfa.ts";
import { countUnread } from "@studyatlas/core/chat/chats.ts";
import { listWishlistCourseIds } from "@studyatlas/core/wishlist/wishlists.ts";

import { getPendingSecondFactor, getServices, getSessionUser } from "./context.ts";

/**
 * What every page needs: the countries of the search box's dropdown, the signed-in user
 * (resolved by the server's session plugin) with the Google sign-in setting, the ids of the
 * user's saved programmes (the hearts on every card) and the footer's configured links. The
 * root route's loader; read it with `useRouteLoaderData<typeof loadRootData>("root")`.
 */
export async function loadRootData({ context }: { context: Readonly<RouterContextProvider> }) {
  const services = getServices(context);
  const user = getSessionUser(context);
  const pending = getPendingSecondFactor(context);
  const [countries, wishlistCourseIds, chatUnread, secondFactor] = await Promise.all([
    services.catalogue.listCountryOptions({ enabledOnly: true }),
    user ? listWishlistCourseIds(services.db, user.id) : Promise.resolve([]),
    user ? countUnread(services.db, user.id) : Promise.resolve(0),
    // A session that owes its code resumes at the code step (ADR 014).
    pending ? secondFactorOwed(services.db, pending.userId) : Promise.resolve(undefined),
  ]);
  return {
    countries,
    user,
    secondFactor: secondFactor ?? null,
    googleClientId: services.googleClientId,
    wishlistCourseIds,
    chatUnread,
    siteLinks: services.siteLinks,
  };
}
