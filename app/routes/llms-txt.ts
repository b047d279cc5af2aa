import { llmsTxt } from "#app/lib/seo-files.ts";
import { siteUrl } from "#app/lib/seo.ts";

export function loader() {
  return new Response(llmsTxt(siteUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
