// Any path no other route matches: the not-found page, answered with HTTP 404 so that crawlers
// and monitors see a real 404 (docs/spec/accounts-and-details.md §2 route table, "any other path").
import { data } from "react-router";

import { NotFoundPage } from "../components/error-pages/not-found-page.tsx";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Page not found — StudyAtlas" },
    { name: "description", content: "This page does not exist or has been removed." },
  ];
}

export default function NotFound() {
  return <NotFoundPage />;
}
