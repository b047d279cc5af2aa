import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import type { NewsletterPreview as Preview } from "#core/admin/newsletter-schemas.ts";
import styles from "./newsletter.module.css";

/** How long typing pauses before the preview is drawn again. */
export const PREVIEW_DELAY_MS = 400;

/** What a route's action answers to `intent=preview`: the preview, or the fields it refused. */
interface PreviewAnswer {
  ok: boolean;
  preview?: Preview;
  fields?: Record<string, string>;
}

/**
 * The preview follows typing: a pause posts the form to the route's own action as the Preview
 * button does, through a fetcher, without reloading the page's data.
 */
export function useLivePreview() {
  const fetcher = useFetcher<PreviewAnswer>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const draft = new FormData(form);
      draft.set("intent", "preview");
      void fetcher.submit(draft, { method: "post", defaultShouldRevalidate: false });
    }, PREVIEW_DELAY_MS);
  };
  const answer = fetcher.data;
  // A refusal keeps the last preview drawn from typing, not the saved one.
  const [drawn, setDrawn] = useState<Preview>();
  if (answer?.ok && answer.preview && answer.preview !== drawn) setDrawn(answer.preview);
  return {
    onChange,
    preview: drawn,
    refused: answer && !answer.ok ? Object.values(answer.fields ?? {}) : [],
    busy: fetcher.state !== "idle",
  };
}

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

type LivePreview = Pick<ReturnType<typeof useLivePreview>, "refused" | "busy">;

// Not a live region: announcing every pause in typing would talk over the typing itself.
export function NewsletterPreview({
  preview,
  live,
}: {
  preview: Preview | undefined;
  /** Beside a form: the preview follows its typing. */
  live?: LivePreview | undefined;
}) {
  return (
    <section aria-labelledby="preview-title" aria-busy={live?.busy ?? false}>
      <h2 id="preview-title">Preview</h2>
      {live ? (
        <p>
          {preview
            ? "It follows your typing. Nothing is saved until you save the draft."
            : "It appears here as you type, once the newsletter has a subject and text."}
        </p>
      ) : null}
      {live && live.refused.length > 0 ? (
        <p className={styles.warning}>
          Not updated to your latest typing: {live.refused.join(" ")}
        </p>
      ) : null}
      {preview ? <Drawn preview={preview} quiet={live !== undefined} /> : null}
    </section>
  );
}

/** `quiet` beside a form: an alert would interrupt each pause while a card's slug is typed. */
function Drawn({ preview, quiet }: { preview: Preview; quiet: boolean }) {
  return (
    <>
      {preview.missingProducts.length > 0 ? (
        <p role={quiet ? undefined : "alert"} className={styles.warning}>
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
    </>
  );
}
