// The API's routes by feature (docs/decisions/022-one-home-per-feature.md): one line per route
// plugin, registered in the API's working context (contexts/api-context.ts), which has already
// guarded against overload, answered cached catalogue requests, checked the XSRF token and
// recognised the session.
import type { FastifyInstance } from "fastify";

import { partnerScope } from "@studyatlas/core/dashboards/organisations.ts";

import { registerNoStore } from "../plugins/response-headers.ts";
import { signedInUser } from "../plugins/auth.ts";
import type { ServerServices } from "../services.ts";
import { recoveryCodeRoutes } from "./api/accounts/recovery-codes.ts";
import { factorRoutes } from "./api/accounts/factors.ts";
import { googleRoutes } from "./api/accounts/google.ts";
import { interestRoutes } from "./api/accounts/interests.ts";
import { profileRoutes } from "./api/accounts/profile.ts";
import { recoveryRoutes } from "./api/accounts/recovery.ts";
import { registrationRoutes } from "./api/accounts/registration.ts";
import { tokenRoutes } from "./api/accounts/tokens.ts";
import { alertUnsubscribeRoutes } from "./api/alerts/unsubscribe.ts";
import { savedSearchRoutes } from "./api/alerts/saved-searches.ts";
import { createInterestRoutes } from "./api/applications/create-interest.ts";
import { myApplicationRoutes } from "./api/applications/my-applications.ts";
import { notificationRoutes } from "./api/applications/notifications.ts";
import { pushWorkerRoute } from "./api/applications/push-worker.ts";
import { catalogueRoutes } from "./api/catalogue/catalogue.ts";
import { chatAttachmentRoutes } from "./api/chat/attachments.ts";
import { chatRoutes } from "./api/chat/chats.ts";
import { compareTrayRoutes } from "./api/compare/compare-tray.ts";
import { chatInboxRoutes } from "./api/chat/inbox.ts";
import { chatLiveRoutes } from "./api/chat/live.ts";
import { contactRoutes } from "./api/contact/contact.ts";
import { myCurrencyRoutes } from "./api/currency/my-currency.ts";
import { analyticsOverviewRoutes } from "./api/dashboards/analytics-overview.ts";
import { requireRole } from "./api/dashboards/dashboard-guards.ts";
import { partnerDashboardRoutes } from "./api/dashboards/partner.ts";
import { programmeDashboardRoutes } from "./api/dashboards/programmes.ts";
import { salesDashboardRoutes } from "./api/dashboards/sales.ts";
import { schoolProfileRoutes } from "./api/dashboards/school-profile.ts";
import { leadManagementRoutes } from "./api/dashboards/lead-management.ts";
import { programmeImportRoutes } from "./api/dashboards/programme-import.ts";
import { teamInvitationRoutes, teamRoutes } from "./api/dashboards/team.ts";
import { searchSynonymRoutes } from "./api/dashboards/search-synonyms.ts";
import { dashboardDoorRoutes } from "./api/dashboards/sign-in-and-register.ts";
import { eligibilityRoutes } from "./api/eligibility/eligibility.ts";
import { finderRoutes } from "./api/finder/finder.ts";
import { subscriptionRoutes } from "./api/newsletter/subscription.ts";
import { wishlistRoutes } from "./api/wishlist/wishlists.ts";

type WithServices = { services: ServerServices };

/** The options every accounts route plugin takes. */
function accountOptionsOf(s: ServerServices) {
  return { services: s.app, auth: s.authSettings, mailer: s.mailer, google: s.config.google };
}

async function catalogueApi(api: FastifyInstance, { services: s }: WithServices) {
  await api.register(catalogueRoutes, { services: s.app });
  await api.register(finderRoutes, { services: s.app });
}

/**
 * Answers about a person (the account, its wishlist, and the contact form, whose address the spec
 * puts under /account): never kept by any cache (no-store), in a context of their own.
 */
async function personalApi(api: FastifyInstance, { services: s }: WithServices) {
  registerNoStore(api);
  const accountOptions = accountOptionsOf(s);
  await api.register(tokenRoutes, accountOptions);
  await api.register(registrationRoutes, accountOptions);
  await api.register(recoveryRoutes, accountOptions);
  await api.register(googleRoutes, accountOptions);
  await api.register(interestRoutes, accountOptions);
  await api.register(profileRoutes, accountOptions);
  await api.register(factorRoutes, accountOptions);
  await api.register(recoveryCodeRoutes, accountOptions);
  await api.register(wishlistRoutes, { services: s.app });
  await api.register(savedSearchRoutes, { services: s.app });
  await api.register(contactRoutes, { services: s.app, mailer: s.mailer });
  await api.register(myApplicationRoutes, { services: s.app });
  const pushPublicKey = s.config.notifications.vapid?.publicKey;
  await api.register(notificationRoutes, { services: s.app, pushPublicKey });
  await api.register(pushWorkerRoute);
  // My currency and the compare tray (docs/decisions/052-my-currency-and-compare.md).
  const secureCookies = s.config.auth.secureCookies;
  await api.register(myCurrencyRoutes, { services: s.app, secureCookies });
  await api.register(compareTrayRoutes, { services: s.app });
  // My qualifications and my eligibility (docs/decisions/054-entry-requirements-and-eligibility.md).
  await api.register(eligibilityRoutes, { services: s.app });
}

async function engagementApi(api: FastifyInstance, { services: s }: WithServices) {
  const { app: services, config, mailer, webhooks } = s;
  await api.register(subscriptionRoutes, { services, mailer });
  await api.register(alertUnsubscribeRoutes, { services });
  const advisorUserId = config.chat.advisorUserId;
  await api.register(createInterestRoutes, { services, advisorUserId, mailer, webhooks });
  await api.register(chatRoutes, { services });
  const attachmentMaxBytes = config.chat.attachmentMaxBytes;
  await api.register(chatAttachmentRoutes, { services, maxBytes: attachmentMaxBytes });
  await api.register(chatInboxRoutes, { services });
  await api.register(chatLiveRoutes, { hub: s.chatHub, publicBaseUrl: config.publicBaseUrl });
}

async function dashboardsApi(api: FastifyInstance, { services: s }: WithServices) {
  const { app: services, config, webhooks, database } = s;
  await api.register(dashboardDoorRoutes, accountOptionsOf(s));
  const webhooksAllowPrivate = config.webhooksAllowPrivate;
  await api.register(partnerDashboardRoutes, { services, webhooks, webhooksAllowPrivate });
  await api.register(salesDashboardRoutes, { services, mailer: s.mailer });
  await api.register(programmeDashboardRoutes, { services });
  const imageMaxBytes = config.schoolImageMaxBytes;
  await api.register(schoolProfileRoutes, { services, imageMaxBytes });
  await api.register(searchSynonymRoutes, { services });
  // The organisation's team and its invitations (ADR 056).
  await api.register(teamRoutes, { services, mailer: s.mailer });
  await api.register(teamInvitationRoutes, accountOptionsOf(s));
  await api.register(programmeImportRoutes, { services });
  await api.register(leadManagementRoutes, { services });
  // The Overview numbers (ADR 015): a partner's organisation's schools, or every school for
  // sales (kept a minute and refreshed behind the scenes: too slow to compute per request).
  await api.register(analyticsOverviewRoutes, {
    services,
    path: "/dashboard/partner/analytics/overview",
    guard: requireRole("partner"),
    schoolIdsOf: async (request) =>
      (await partnerScope(database.db, signedInUser(request).user.id)).schoolIds,
  });
  await api.register(analyticsOverviewRoutes, {
    services,
    path: "/dashboard/sales/analytics/overview",
    guard: requireRole("sales"),
    schoolIdsOf: async () => null,
    cache: s.caches.salesOverview,
  });
}

/** Every feature's API routes, under /api. */
export async function registerApiFeatures(api: FastifyInstance, s: ServerServices): Promise<void> {
  await api.register(catalogueApi, { services: s });
  await api.register(personalApi, { services: s });
  await api.register(engagementApi, { services: s });
  await api.register(dashboardsApi, { services: s });
}
