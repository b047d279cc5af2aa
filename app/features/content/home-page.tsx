import { Children, isValidElement, type ReactNode } from "react";
import type { MDXContent } from "mdx/types";
import { ContentPage } from "./content-page.tsx";
import { mdxComponents } from "./mdx-components.tsx";
import prose from "./prose.module.css";
import styles from "./home-page.module.css";

/** The page's opening (brand, pronunciation, mission): what comes before its first section. */
export function splitAtFirstSection(Content: MDXContent): {
  intro: ReactNode[];
  rest: ReactNode[];
} {
  // MDX content is a plain function of its props (no hooks): called, it gives its top-level parts.
  const tree: ReactNode = Content({ components: mdxComponents });
  const parts = isValidElement<{ children?: ReactNode }>(tree)
    ? Children.toArray(tree.props.children)
    : [tree];
  const at = parts.findIndex((part) => isValidElement(part) && part.type === "h2");
  return at === -1
    ? { intro: parts, rest: [] }
    : { intro: parts.slice(0, at), rest: parts.slice(at) };
}

/**
 * The home page's text, with what the shop features beside its opening on a wide screen and
 * after it on a phone (issue 39). Nothing featured, it is the content page it always was.
 */
export function HomePage({ Content, featured }: { Content: MDXContent; featured?: ReactNode }) {
  if (!featured) return <ContentPage Content={Content} />;
  const { intro, rest } = splitAtFirstSection(Content);
  return (
    <article className={styles.home}>
      <div className={`${prose.prose} ${styles.intro}`}>{intro}</div>
      <div className={styles.featured}>{featured}</div>
      <div className={`${prose.prose} ${styles.rest}`}>{rest}</div>
    </article>
  );
}
