import { NotFoundScreen } from "~/components/not-found-screen";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/not-found";

export function meta({ location }: Route.MetaArgs) {
  return pageMeta({
    title: "Page not found",
    description: "The page you are looking for doesn't exist.",
    path: location.pathname,
    noIndex: true,
  });
}

export default function NotFound() {
  return <NotFoundScreen />;
}
