import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("home", "routes/home.tsx", { id: "home-alias" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
