import { useSearchParams } from "react-router";
import Intro, { meta as page } from "#content/pages/terminologies.mdx";
import {
  FIRST_PAINT_TERMS,
  glossaryLetterData,
  glossaryPageData,
  normaliseLetter,
  type GlossaryPageData,
} from "#core/glossary/glossary.ts";
import { ContentPage, contentMeta } from "#app/features/content/content-page.tsx";
import { JsonLd } from "#app/components/json-ld.tsx";
import { fetchGlossary } from "#app/features/glossary/fetch-glossary.ts";
import { GlossaryUnavailable, GlossaryView } from "#app/features/glossary/glossary-view.tsx";
import { glossary } from "#app/lib/glossary.server.ts";
import { siteUrl } from "#app/lib/seo.ts";
import { paths } from "#app/paths.ts";
import type { Route } from "./+types/terminologies";
import { interactiveReading } from "#app/lib/route-handle.ts";

/** Prerendered with the first terms; `?letter=B` is rendered with all its terms (decision 013). */
export function loader({ url }: Route.LoaderArgs): GlossaryPageData {
  const letter = normaliseLetter(url.searchParams.get("letter"));
  return letter
    ? glossaryLetterData(glossary, letter)
    : glossaryPageData(glossary, FIRST_PAINT_TERMS);
}

/** If /glossary.json cannot be fetched, the page keeps what it has and says so. */
export async function clientLoader({
  serverLoader,
}: Route.ClientLoaderArgs): Promise<GlossaryPageData> {
  try {
    return glossaryPageData(await fetchGlossary());
  } catch {
    return { ...(await serverLoader()), failed: true };
  }
}
clientLoader.hydrate = true as const;

export const meta = () => contentMeta(page, paths.terminologies);

export const handle = interactiveReading("letter");

export default function Terminologies({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const letter = normaliseLetter(searchParams.get("letter"));
  return (
    <>
      <ContentPage Content={Intro} />
      <GlossaryView data={loaderData} letter={letter} path={paths.terminologies} />
      <JsonLd data={glossaryStructuredData(loaderData.names)} />
    </>
  );
}

/** Names only: the definitions here would double the page's first response. */
function glossaryStructuredData(names: readonly string[]) {
  const url = `${siteUrl}${paths.terminologies}`;
  return {
    "@type": "DefinedTermSet",
    "@id": url,
    name: page.title,
    url,
    hasDefinedTerm: names.map((name) => ({ "@type": "DefinedTerm", name })),
  };
}

export function ErrorBoundary() {
  return (
    <>
      <ContentPage Content={Intro} />
      <GlossaryUnavailable />
    </>
  );
}
