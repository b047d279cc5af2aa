import type { FastifyReply, FastifyRequest } from "fastify";
import {
  cachedBody,
  etagMatches,
  negotiateEncoding,
  type CachedBody,
} from "../http/cached-body.ts";
import { Lru } from "../lib/lru.ts";
import { escapeHtml } from "#core/mail/compose-mail.ts";
import { contentSecurityPolicy, inlineScriptHashes } from "./content-security-policy.ts";
import type { SiteOptions } from "./site-routes.ts";
import { isText } from "./web-request.ts";

export interface KeptPage extends CachedBody {
  status: number;
  contentType: string;
  csp?: string;
  /** Where a redirect sends (a renamed product's old slug): sent to everyone who shares it. */
  location?: string;
}

/** A filter is rendered once however often asked (issue 23); a render in progress is shared. */
export class PageCache {
  readonly #pages: Lru<string, KeptPage>;
  readonly #rendering = new Map<string, Promise<KeptPage | undefined>>();
  /** Raised by clear(): a render begun before it shows what was, and is not kept. */
  #generation = 0;

  constructor(capacity: number) {
    this.#pages = new Lru(capacity);
  }

  get(key: string): KeptPage | undefined {
    return this.#pages.get(key);
  }

  async render(key: string, make: () => Promise<KeptPage>): Promise<KeptPage> {
    const running = this.#rendering.get(key);
    if (running) {
      const shared = await running;
      if (shared) return shared;
    }
    const generation = this.#generation;
    const rendering = make();
    this.#rendering.set(
      key,
      rendering.catch(() => undefined),
    );
    try {
      const page = await rendering;
      if (page.status === 200 && generation === this.#generation) this.#pages.set(key, page);
      return page;
    } finally {
      this.#rendering.delete(key);
    }
  }

  clear(): void {
    this.#generation += 1;
    this.#rendering.clear();
    this.#pages.clear();
  }

  get size(): number {
    return this.#pages.size;
  }
}

/** No cookies and no nonce: the page goes to many visitors, so its scripts are allowed by hash. */
export async function renderToKeep(
  request: FastifyRequest,
  options: Pick<SiteOptions, "renderPage" | "services" | "cspExtras">,
  address: string,
): Promise<KeptPage> {
  const url = new URL(address, `${request.protocol}://${request.host}`);
  const response = await options.renderPage(
    new Request(url, { headers: { accept: request.headers.accept ?? "*/*" } }),
    { services: options.services(request) },
  );
  const contentType = response.headers.get("content-type") ?? "text/html; charset=utf-8";
  const body = Buffer.from(await response.arrayBuffer());
  const location = response.headers.get("location");
  const page: KeptPage = {
    ...cachedBody(body, isText(contentType), { fast: true }),
    status: response.status,
    contentType,
    ...(location ? { location } : {}),
  };
  if (contentType.startsWith("text/html")) {
    page.csp = contentSecurityPolicy(
      inlineScriptHashes(body.toString("utf8")),
      options.cspExtras?.[url.pathname.toLowerCase()],
    );
  }
  return page;
}

export function sendKept(request: FastifyRequest, reply: FastifyReply, page: KeptPage) {
  reply.code(page.status).headers({
    etag: page.etag,
    "cache-control": "no-cache",
    vary: "Accept-Encoding",
  });
  // Before the 304 too, as for a file: a browser keeps the 304's headers with the page.
  if (page.csp) reply.header("content-security-policy", page.csp);
  if (page.location) reply.header("location", page.location);
  if (page.status === 200 && etagMatches(request.headers["if-none-match"], page.etag)) {
    return reply.code(304).send();
  }
  reply.type(page.contentType);
  if (request.method === "HEAD") return reply.send();
  const { body, encoding } = negotiateEncoding(page, request.headers["accept-encoding"]);
  if (encoding) reply.header("content-encoding", encoding);
  return reply.send(body);
}

/** A plain page for a 429: it must not itself cost a render, and it loads nothing. */
export function tooManyPage(message: string, seconds: number): string {
  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Please wait a moment: Kybernetes</title>
</head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5">
<h1>Please wait a moment</h1>
<p>${escapeHtml(message)}</p>
<p>You can try again after ${seconds} seconds, or go back to the <a href="/">home page</a>.</p>
</body>
</html>
`;
}
