import type { MDXContent } from "mdx/types";
import { pageMeta } from "#app/lib/seo.ts";
import { mdxComponents } from "./mdx-components.tsx";
import styles from "./prose.module.css";

export function ContentPage({ Content }: { Content: MDXContent }) {
  return (
    <article className={styles.prose}>
      <Content components={mdxComponents} />
    </article>
  );
}

export function contentMeta(page: { title: string; description: string }, path: string) {
  return pageMeta({ ...page, path });
}
