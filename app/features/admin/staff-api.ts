import { data, redirect } from "react-router";
import { ApiError, callApi, type CallOptions } from "#app/lib/api-client.ts";

/** Where a visitor goes to log in, coming back to `next` afterwards. */
export function loginFor(next: string): string {
  return `/login?next=${encodeURIComponent(next)}`;
}

/**
 * The back office's calls, for a route's clientLoader and clientAction. The server checks
 * every call; this only turns its refusals into navigation: no login, or a login that ended
 * (401), goes to /login and back here afterwards; a customer's login (403) is the route's
 * error screen. Any other failure is the caller's to show.
 *
 * `token` is the stored login (null when there is none); `endSession` drops it.
 */
export function staffApi(request: Request, token: string | null, endSession: () => void) {
  const here = new URL(request.url);
  const back = loginFor(`${here.pathname}${here.search}`);
  if (!token) throw redirect(back);

  async function refused<T>(call: Promise<T>): Promise<T> {
    try {
      return await call;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        endSession();
        throw redirect(back);
      }
      if (error instanceof ApiError && error.status === 403) {
        throw data(error.message, { status: 403 });
      }
      throw error;
    }
  }

  return {
    get: <T>(path: string) => refused(callApi<T>(`/admin${path}`, { method: "GET", token })),
    send: <T>(method: CallOptions["method"], path: string, body?: unknown) =>
      refused(callApi<T>(`/admin${path}`, { method, token, body })),
    upload: <T>(path: string, form: FormData) =>
      refused(callApi<T>(`/admin${path}`, { method: "POST", token, form })),
    sendCsv: <T>(path: string, csv: string) =>
      refused(
        callApi<T>(`/admin${path}`, {
          method: "POST",
          token,
          raw: { type: "text/csv", text: csv },
        }),
      ),
  };
}

export type StaffApi = ReturnType<typeof staffApi>;

/** What an action answers its form: a success to announce, or a failure with field messages. */
export type ActionResult =
  { ok: true; message: string } | { ok: false; message: string; fields: Record<string, string> };

/** Runs a change; the server's refusal (a 4xx other than 401/403) becomes the form's message. */
export async function attempt(
  change: () => Promise<unknown>,
  success: string,
): Promise<ActionResult> {
  try {
    await change();
    return { ok: true, message: success };
  } catch (error) {
    if (error instanceof ApiError)
      return { ok: false, message: error.message, fields: error.fields };
    throw error;
  }
}
