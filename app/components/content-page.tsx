import type { MDXContent } from "mdx/types";
import { pageMeta } from "~/lib/seo";
import { mdxComponents } from "./mdx-components";
import styles from "./prose.module.css";

/** Renders one MDX page from content/pages with the site's components. */
export function ContentPage({ Content }: { Content: MDXContent }) {
  return (
    <article className={styles.prose}>
      <Content components={mdxComponents} />
    </article>
  );
}

/** A route's `meta` export for an MDX page: the page's own title and description at `path`. */
export function contentMeta(page: { title: string; description: string }, path: string) {
  return () => pageMeta({ ...page, path });
}
