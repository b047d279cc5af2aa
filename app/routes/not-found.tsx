import { data } from "react-router";
import { NotFoundScreen } from "#app/layout/not-found-screen.tsx";
import { pageMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/not-found";

export function meta({ location }: Route.MetaArgs) {
  return pageMeta({
    title: "Page not found",
    description: "The page you are looking for doesn't exist.",
    path: location.pathname,
    noIndex: true,
  });
}

/** SPEC §2: any other path is 'Page not found', answered with HTTP status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundScreen />;
}
