import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  // discovery.md §2: the home page answers on / and /home.
  index("routes/home.tsx"),
  route("home", "routes/home.tsx", { id: "home-alias" }),
  // Any other path: the not-found page with HTTP 404 (accounts-and-details.md §2 route table).
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
