// What the root route loads for every page. It lives apart from root.tsx so that the shared
// hooks and components reading it (`useRouteLoaderData("root")`) import this module, not the
// route module that renders them: that was an import circle (docs/decisions/021-honest-packages.md).
import type { RouterContextProvider } from "react-router";

import { secondFactorOwed } from "@studyatlas/core/accounts/mfa.ts";
import { countUnread } from "@studyatlas/core/chat/chats.ts";
import { getCompareTray } from "@studyatlas/core/compare/compare-tray.ts";
import { loadMyMoney } from "@studyatlas/core/currency/my-money.ts";
import { listWishlistCourseIds } from "@studyatlas/core/wishlist/wishlists.ts";

import { CURRENCY_COOKIE } from "@studyatlas/schemas/my-currency-rules.ts";

import { getPendingSecondFactor, getServices, getSessionUser } from "./context.ts";
import { referenceTablesContext, referenceTablesOf } from "./reference/reference-tables.server.ts";

function cookieOf(request: Request | undefined, name: string): string | undefined {
  const header = request?.headers.get("cookie") ?? "";
  return new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(header)?.[1];
}

/**
 * What every page needs: the version of the reference tables (countries, currencies), the signed-in user
 * (resolved by the server's session plugin) with the Google sign-in setting, the ids of the
 * user's saved programmes (the hearts on every card) and the footer's configured links. The
 * root route's loader; read it with `useRouteLoaderData<typeof loadRootData>("root")`. Also the
 * student's currency with the rates and the account's compare tray
 * (docs/decisions/052-my-currency-and-compare.md).
 */
export async function loadRootData({
  context,
  request,
}: {
  context: Readonly<RouterContextProvider>;
  request?: Request;
}) {
  const services = getServices(context);
  const user = getSessionUser(context);
  const pending = getPendingSecondFactor(context);
  const [countries, wishlistCourseIds, chatUnread, secondFactor, money, compareTray] =
    await Promise.all([
      services.catalogue.listCountryOptions({ enabledOnly: true }),
      user ? listWishlistCourseIds(services.db, user.id) : Promise.resolve([]),
      user ? countUnread(services.db, user.id) : Promise.resolve(0),
      // A session that owes its code resumes at the code step (ADR 014).
      pending ? secondFactorOwed(services.db, pending.userId) : Promise.resolve(undefined),
      loadMyMoney(services, {
        userId: user ? Number(user.id) : null,
        cookie: cookieOf(request, CURRENCY_COOKIE),
        acceptLanguage: request?.headers.get("accept-language") ?? undefined,
      }),
      user
        ? getCompareTray(services.db, Number(user.id), services.finderIndex)
        : Promise.resolve([]),
    ]);
  // The reference tables leave the page's data: the page names their version, the browser fetches
  // them once per version (ADR 065), and this request's render reads them from the context.
  const reference = referenceTablesOf(countries, money.currencies);
  context.set(referenceTablesContext, reference);
  return {
    reference: reference.version,
    user,
    secondFactor: secondFactor ?? null,
    googleClientId: services.googleClientId,
    wishlistCourseIds,
    chatUnread,
    siteLinks: services.siteLinks,
    money: { code: money.code, source: money.source, rateDate: money.rateDate },
    compareTray,
  };
}
