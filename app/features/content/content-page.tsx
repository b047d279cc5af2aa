import type { MDXContent } from "mdx/types";
import { pageMeta } from "#app/lib/seo.ts";
import { mdxComponents } from "./mdx-components.tsx";
import styles from "./prose.module.css";

/** One MDX page from content/pages, rendered with the site's components. */
export function ContentPage({ Content }: { Content: MDXContent }) {
  return (
    <article className={styles.prose}>
      <Content components={mdxComponents} />
    </article>
  );
}

/** The page's own title and description at `path`, for a route's `meta` export. */
export function contentMeta(page: { title: string; description: string }, path: string) {
  return pageMeta({ ...page, path });
}
