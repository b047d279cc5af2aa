import { useSearchParams } from "react-router";
import glossaryCsv from "~content/terminologies.csv?raw";
import Intro, { meta as page } from "~content/pages/terminologies.mdx";
import { normaliseLetter } from "~core/glossary/glossary";
import { parseTerminologiesCsv } from "~core/glossary/parse-terminologies";
import type { GlossaryTerm } from "~core/glossary/glossary";
import { ContentPage, contentMeta } from "~/components/content-page";
import { JsonLd } from "~/components/json-ld";
import { GlossaryUnavailable, GlossaryView } from "~/features/glossary/glossary-view";
import { siteUrl } from "~/lib/seo";
import { useHydrated } from "~/lib/use-hydrated";
import { paths } from "~/paths";
import type { Route } from "./+types/terminologies";

/** Runs at build time only (prerendered): the browser never gets the CSV parser. */
export function loader() {
  return { terms: parseTerminologiesCsv(glossaryCsv, "content/terminologies.csv") };
}

export const meta = contentMeta(page, paths.terminologies);

export default function Terminologies({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  // The static HTML shows All; the ?letter= filter applies once the page has hydrated.
  const hydrated = useHydrated();
  const letter = hydrated ? normaliseLetter(searchParams.get("letter")) : null;
  return (
    <>
      <ContentPage Content={Intro} />
      <GlossaryView terms={loaderData.terms} letter={letter} path={paths.terminologies} />
      <JsonLd data={glossaryStructuredData(loaderData.terms)} />
    </>
  );
}

/** The glossary as a schema.org DefinedTermSet, so search engines can read the definitions. */
function glossaryStructuredData(terms: readonly GlossaryTerm[]) {
  const url = `${siteUrl}${paths.terminologies}`;
  return {
    "@type": "DefinedTermSet",
    "@id": url,
    name: page.title,
    url,
    hasDefinedTerm: terms.map((term) => ({
      "@type": "DefinedTerm",
      name: term.term,
      description: term.definition || undefined,
    })),
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
