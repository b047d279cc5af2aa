import type { MDXContent } from "mdx/types";
import { hydrateOnIntent } from "~/lib/hydrate-on-intent";
import { pageMeta } from "~/lib/seo";
import { mdxComponents } from "./mdx-components";
import styles from "./prose.module.css";

interface ContentPageProps {
  Content: MDXContent;
  /**
   * Set when the route adds something that needs JavaScript at once (a form, or data fetched
   * after the first paint).
   * Otherwise the page reads completely as HTML and its JavaScript waits for the visitor's
   * first move (scripts/defer-hydration.ts).
   */
  interactive?: boolean;
}

/** Renders one MDX page from content/pages with the site's components. */
export function ContentPage({ Content, interactive = false }: ContentPageProps) {
  return (
    <article className={styles.prose} {...(interactive ? {} : hydrateOnIntent)}>
      <Content components={mdxComponents} />
    </article>
  );
}

/** A route's `meta` export for an MDX page: the page's own title and description at `path`. */
export function contentMeta(page: { title: string; description: string }, path: string) {
  return () => pageMeta({ ...page, path });
}
