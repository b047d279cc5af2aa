import { useEffect, useMemo, useRef } from "react";
import type { NewsletterPreview as Preview } from "#core/admin/newsletter-schemas.ts";
import styles from "./newsletter.module.css";

// The page's CSP refuses inline styles, and a srcdoc frame inherits it, while e-mail HTML is all
// inline styles: they travel as data-style and the page applies them through the CSSOM, which
// the CSP allows. The frame runs no script (sandbox without allow-scripts).
const withoutInlineStyles = (html: string) => html.replaceAll(' style="', ' data-style="');

function applyStyles(frame: HTMLIFrameElement) {
  for (const element of frame.contentDocument?.querySelectorAll<HTMLElement>("[data-style]") ??
    []) {
    element.style.cssText = element.dataset.style ?? "";
  }
}

function PreviewFrame({
  html,
  title,
  className,
}: {
  html: string;
  title: string;
  className: string;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const document = useMemo(() => withoutInlineStyles(html), [html]);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const styled = () => applyStyles(element);
    element.addEventListener("load", styled);
    styled();
    return () => element.removeEventListener("load", styled);
  }, [document]);
  return (
    <iframe
      ref={frame}
      title={title}
      srcDoc={document}
      sandbox="allow-same-origin"
      className={`${styles.frame} ${className}`}
    />
  );
}

export function NewsletterPreview({ preview }: { preview: Preview }) {
  return (
    <section aria-labelledby="preview-title">
      <h2 id="preview-title">Preview</h2>
      {preview.missingProducts.length > 0 ? (
        <p role="alert">
          No product on sale is called {preview.missingProducts.join(", ")}: its card is left out,
          and the newsletter cannot be sent until the line is corrected or removed.
        </p>
      ) : null}
      <p>
        Subject: <strong>{preview.subject}</strong>
      </p>
      <div className={styles.previews}>
        <figure>
          <figcaption>On a computer (600 px wide)</figcaption>
          <PreviewFrame
            html={preview.html}
            title="The e-mail on a computer, 600 pixels wide"
            className={styles.desktop ?? ""}
          />
        </figure>
        <figure>
          <figcaption>On a phone (375 px wide)</figcaption>
          <PreviewFrame
            html={preview.html}
            title="The e-mail on a phone, 375 pixels wide"
            className={styles.phone ?? ""}
          />
        </figure>
      </div>
      <h3>Plain-text part</h3>
      <p>Mail programs that show no HTML, and screen readers that prefer it, get this:</p>
      <pre className={styles.plain}>{preview.text}</pre>
    </section>
  );
}
