import { data } from "react-router";
import { ContentPage } from "#app/features/content/content-page.tsx";
import { loadContentModule, loadedContentModule } from "#app/features/content/content-modules.ts";
import { contentPageAt } from "#app/features/content/content-pages.ts";
import { pageMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/content-page";

export const meta = ({ loaderData: page }: Route.MetaArgs) =>
  page ? pageMeta({ title: page.title, description: page.description, path: page.path }) : [];

async function loadPage(url: URL) {
  const page = contentPageAt(url.pathname);
  if (!page) throw data(null, { status: 404 });
  const module = await loadContentModule(page);
  return { path: page.path, source: page.source, ...module.meta };
}

export function loader({ url }: Route.LoaderArgs) {
  return loadPage(url);
}

export function clientLoader({ url }: Route.ClientLoaderArgs) {
  return loadPage(url);
}

export default function ContentPageRoute({ loaderData }: Route.ComponentProps) {
  const module = loadedContentModule(loaderData.source);
  return module ? <ContentPage Content={module.default} /> : null;
}
