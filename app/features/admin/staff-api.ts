import { data, redirect } from "react-router";
import { ApiError, callApi, type CallOptions } from "#app/lib/api-client.ts";

export function loginFor(next: string): string {
  return `/login?next=${encodeURIComponent(next)}`;
}

/** The server checks every call; this turns 401 into a login and back, 403 into the error page. */
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

export type ActionResult =
  { ok: true; message: string } | { ok: false; message: string; fields: Record<string, string> };

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
