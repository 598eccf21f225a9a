import { type RouteConfig, index, route } from "@react-router/dev/routes";

import { FINDER_SEARCH_PATHS, FINDER_VARIANTS } from "./features/finder/finder-route.ts";

export default [
  // docs/spec/discovery.md §2: the home page answers on / and /home.
  index("routes/home.tsx"),
  route("home", "routes/home.tsx", { id: "home-alias" }),
  // The course finder (docs/spec/discovery.md §2 routes table): one module under every finder path, with
  // a route id per path. The programme variants and /courses also answer with a discipline slug.
  ...FINDER_SEARCH_PATHS.map((path) =>
    route(path, "routes/finder/finder.tsx", { id: `finder-${path}` }),
  ),
  ...FINDER_VARIANTS.flatMap(({ path }) => [
    route(path, "routes/finder/finder.tsx", { id: `finder-${path}` }),
    route(`${path}/:disciplineSlug`, "routes/finder/finder.tsx", {
      id: `finder-${path}-discipline`,
    }),
  ]),
  // Programme, school and country pages (docs/spec/accounts-and-details.md §2 route table).
  route("course/:slug", "routes/course/course-detail.tsx"),
  route("school/:slug", "routes/school/school-detail.tsx"),
  route("countries", "routes/countries/country-list.tsx"),
  route("countries/:name", "routes/countries/country-detail.tsx"),
  // Compare up to four programmes (docs/decisions/052-my-currency-and-compare.md).
  route("compare", "routes/compare/compare.tsx"),
  // Accounts (docs/spec/accounts-and-details.md §2 route table).
  route("auth", "routes/accounts/auth.tsx"),
  route("post-sign-up", "routes/accounts/post-sign-up.tsx"),
  route("welcome", "routes/accounts/welcome.tsx"),
  route("success-anim", "routes/accounts/success-anim.tsx"),
  route("email-sent", "routes/accounts/email-sent.tsx"),
  route("verify-email/:token1/:token2", "routes/accounts/verify-email.tsx"),
  route("set-pw", "routes/accounts/set-password.tsx"),
  route("dashboard/reset-pw", "routes/accounts/reset-password-request.tsx"),
  // Partner and sales dashboards (docs/spec/accounts-and-details.md §2 route table).
  route("dashboard/login", "routes/dashboards/dashboard-login.tsx", { id: "dashboard-login" }),
  route("dashboard/partner/login", "routes/dashboards/dashboard-login.tsx", {
    id: "dashboard-partner-login",
  }),
  route("dashboard/sales/login", "routes/dashboards/dashboard-login.tsx", {
    id: "dashboard-sales-login",
  }),
  route("dashboard/partner/register", "routes/dashboards/partner-register.tsx"),
  route("dashboard/sales/register", "routes/dashboards/sales-register.tsx"),
  route("dashboard/partner", "routes/dashboards/partner-dashboard.tsx"),
  route("dashboard/partner/leads", "routes/dashboards/partner-leads.tsx"),
  route("dashboard/partner/team", "routes/dashboards/partner-team.tsx"),
  route("dashboard/partner/join", "routes/dashboards/partner-join.tsx"),
  route("dashboard/partner/leads/:id", "routes/dashboards/partner-lead.tsx"),
  route("dashboard/partner/settings", "routes/dashboards/partner-settings.tsx"),
  route("dashboard/partner/programmes", "routes/dashboards/partner-programmes.tsx"),
  route("dashboard/partner/programmes/import", "routes/dashboards/partner-programme-import.tsx"),
  route("dashboard/partner/programmes/new", "routes/dashboards/partner-programme.tsx", {
    id: "dashboard-partner-programme-new",
  }),
  route("dashboard/partner/programmes/:id", "routes/dashboards/partner-programme.tsx", {
    id: "dashboard-partner-programme",
  }),
  route(
    "dashboard/partner/programmes/:id/preview",
    "routes/dashboards/partner-programme-preview.tsx",
  ),
  route("dashboard/partner/audit-log", "routes/dashboards/partner-audit-log.tsx"),
  route("dashboard/partner/school", "routes/dashboards/partner-school.tsx", {
    id: "dashboard-partner-school",
  }),
  route("dashboard/partner/schools/:id", "routes/dashboards/partner-school.tsx", {
    id: "dashboard-partner-school-detail",
  }),
  route("dashboard/sales", "routes/dashboards/sales-dashboard.tsx"),
  route("dashboard/sales/numbers", "routes/dashboards/sales-numbers.tsx"),
  route("dashboard/sales/audit-log", "routes/dashboards/sales-audit-log.tsx"),
  route("dashboard/sales/synonyms", "routes/dashboards/sales-synonyms.tsx"),
  route("dashboard/partner/synonyms", "routes/dashboards/partner-synonyms.tsx"),
  route("settings", "routes/accounts/settings.tsx"),
  // The student's applications and saved applicant profile (docs/decisions/057-student-loop.md).
  route("applications", "routes/applications/my-applications.tsx"),
  route("notifications/unsubscribe", "routes/applications/notifications-unsubscribe.tsx"),
  // Chat (docs/spec/accounts-and-details.md §2 route table).
  route("chat", "routes/chat/chat.tsx", { id: "chat" }),
  route("chat/:chatId", "routes/chat/chat.tsx", { id: "chat-detail" }),
  // Site pages (docs/spec/accounts-and-details.md §2 route table). /discipline also answers with
  // the trailing slash the header and footer links use.
  route("about", "routes/site/about.tsx"),
  route("explore", "routes/site/explore.tsx"),
  route("discipline", "routes/site/discipline.tsx"),
  route("contact-us", "routes/site/contact.tsx"),
  route("faq", "routes/site/faq.tsx"),
  route("terms", "routes/site/terms.tsx"),
  route("privacy", "routes/site/privacy.tsx"),
  route("disclaimer", "routes/site/disclaimer.tsx"),
  route("newsletter/unsubscribe", "routes/site/newsletter-unsubscribe.tsx"),
  route("alerts/unsubscribe", "routes/site/alert-unsubscribe.tsx"),
  // Any other path: the not-found page with HTTP 404 (docs/spec/accounts-and-details.md §2 route table).
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
