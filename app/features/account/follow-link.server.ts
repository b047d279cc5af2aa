import { data } from "react-router";
import { linkSchema, linkTokenSchema } from "#core/account/account-schemas.ts";
import { refusalOf } from "#core/pages/page-services.ts";
import type { z } from "#core/validation/zod.ts";
import { parseForm, refused } from "#app/lib/forms.ts";
import { LINK_PAGE_REFERRER_POLICY, type LinkFailure } from "./link-answer.ts";
import { INVALID_LINK, MISSING_LINK } from "./link-feedback.tsx";
import { LINK_TOKEN_FIELD } from "./use-link-token.ts";

// The actions of the pages e-mailed links open (decision 021): server only.

/** The link's secret as the form posted it; a refusal (400) when there is none or it is not one. */
export function postedLinkToken(form: FormData) {
  const posted = form.get(LINK_TOKEN_FIELD);
  const token = typeof posted === "string" ? posted.trim() : "";
  if (token === "") return { ok: false as const, answer: badLink(MISSING_LINK) };
  if (!linkTokenSchema.safeParse(token).success) {
    return { ok: false as const, answer: badLink(INVALID_LINK) };
  }
  return { ok: true as const, token };
}

function badLink(message: string) {
  return data<LinkFailure>(
    { status: 400, fields: { [LINK_TOKEN_FIELD]: message }, values: {} },
    { status: 400 },
  );
}

/**
 * A service's refusal on a link page: the link's own (`invalid_link`), or another one (too
 * many tries) that keeps the secret for the next press. Anything else goes to the error page.
 */
export function refusedLink(error: unknown, form: FormData, token: string) {
  if (refusalOf(error)?.code === "invalid_link") return badLink(INVALID_LINK);
  const answer = refused(error, form);
  return data<LinkFailure>({ ...answer.data, token }, answer.init ?? undefined);
}

/**
 * The server's side of a link page's form: the posted secret and the other fields, parsed by
 * the form's schema, then followed once by `follow`. An invalid field keeps the secret for the
 * next press (the answer's address has none).
 */
export async function followLinkForm<Schema extends z.ZodType<{ token: string }>, Result>(
  request: Request,
  schema: Schema,
  follow: (input: z.output<Schema>) => Promise<Result>,
) {
  const form = await request.formData();
  const posted = postedLinkToken(form);
  if (!posted.ok) return posted.answer;
  const parsed = parseForm(schema, form, (fields) => ({ ...fields, token: posted.token }));
  if (!parsed.ok) {
    return data<LinkFailure>(
      { ...parsed.failure, status: 400, token: posted.token },
      { status: 400 },
    );
  }
  try {
    return { followed: await follow(parsed.data) };
  } catch (error) {
    return refusedLink(error, form, posted.token);
  }
}

/**
 * A one-button link page (verify, confirm, unsubscribe): the posted secret, followed once.
 * Opening the page never follows it (mail scanners open links); only a press posts.
 */
export function followLink<Result>(request: Request, follow: (token: string) => Promise<Result>) {
  return followLinkForm(request, linkSchema, ({ token }) => follow(token));
}

/**
 * The headers of every link page (its `headers` export): its address may hold the secret, so no
 * cache keeps it and a Referer never carries more than the site's origin; an action's own
 * headers (Retry-After) stay. Not `no-referrer`: that makes the browser post the form with
 * `Origin: null`, and React Router refuses such a POST as a cross-site one (decision 021).
 */
export function linkPageHeaders({ actionHeaders }: { actionHeaders: Headers }): Headers {
  const headers = new Headers(actionHeaders);
  headers.set("Referrer-Policy", LINK_PAGE_REFERRER_POLICY);
  headers.set("Cache-Control", "no-store");
  return headers;
}
