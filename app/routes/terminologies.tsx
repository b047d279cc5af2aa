import { useSearchParams } from "react-router";
import Intro, { meta as page } from "~content/pages/terminologies.mdx";
import {
  FIRST_PAINT_TERMS,
  glossaryPageData,
  normaliseLetter,
  type GlossaryPageData,
} from "~core/glossary/glossary";
import { ContentPage, contentMeta } from "~/components/content-page";
import { JsonLd } from "~/components/json-ld";
import { fetchGlossary } from "~/features/glossary/fetch-glossary";
import { GlossaryUnavailable, GlossaryView } from "~/features/glossary/glossary-view";
import { glossary } from "~/lib/glossary.server";
import { siteUrl } from "~/lib/seo";
import { useHydrated } from "~/lib/use-hydrated";
import { paths } from "~/paths";
import type { Route } from "./+types/terminologies";

/**
 * Runs at build time only (prerendered): the page's HTML carries the first terms, small
 * enough to arrive in the first round trip (docs/decisions/010).
 */
export function loader(): GlossaryPageData {
  return glossaryPageData(glossary, FIRST_PAINT_TERMS);
}

/**
 * In the browser, on hydration and on every visit after: the whole glossary from
 * /glossary.json. If it cannot be fetched, the page keeps what it has and says so.
 */
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

export const meta = contentMeta(page, paths.terminologies);

export default function Terminologies({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  // The static HTML shows All; the ?letter= filter applies once the page has hydrated.
  const hydrated = useHydrated();
  const letter = hydrated ? normaliseLetter(searchParams.get("letter")) : null;
  return (
    <>
      {/* Interactive: the rest of the glossary is fetched as soon as the page has loaded. */}
      <ContentPage Content={Intro} interactive />
      <GlossaryView data={loaderData} letter={letter} path={paths.terminologies} />
      <JsonLd data={glossaryStructuredData(loaderData.names)} />
    </>
  );
}

/**
 * The glossary as a schema.org DefinedTermSet. It names every term; the definitions are on the
 * page, in /glossary.json and in /Terminologies.csv (repeating them here would double the
 * page's first response).
 */
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

/** The glossary data failed to arrive (e.g. offline during a client-side navigation). */
export function ErrorBoundary() {
  return (
    <>
      <ContentPage Content={Intro} />
      <GlossaryUnavailable />
    </>
  );
}
