import type { LoginInput, SignupInput, UpdateAccountInput } from "~core/account/account-schemas";

/** A failed API call: the HTTP status (0 when the server was unreachable) and its reasons. */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface AccountDetails {
  username: string;
  email: string;
  subscribed: boolean;
}

interface CallOptions {
  method: "GET" | "POST" | "PUT";
  token?: string;
  body?: unknown;
}

async function call<T>(path: string, { method, token, body }: CallOptions): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch {
    throw new ApiError(0, "The server could not be reached. Check your connection and try again.");
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (data as { error?: { message?: string; fields?: Record<string, string> } })
      ?.error;
    throw new ApiError(
      response.status,
      error?.message ?? `The server answered ${response.status}`,
      error?.fields ?? {},
    );
  }
  return data as T;
}

/** SPEC §7: success of these calls is judged by the answer's ok flag. */
async function callOk<T extends { ok?: boolean }>(path: string, options: CallOptions) {
  const data = await call<T>(path, options);
  if (data?.ok !== true) throw new ApiError(500, "The server did not confirm the change");
  return data;
}

export const accountApi = {
  signup: (input: SignupInput) =>
    call<{ token: string }>("/signup", { method: "POST", body: input }),

  login: (input: LoginInput) => call<{ token: string }>("/login", { method: "POST", body: input }),

  getAccountDetails: (token: string) =>
    call<AccountDetails>("/get-account-details", { method: "GET", token }),

  /** Answers a fresh token: it carries a new username and survives a password change. */
  updateAccount: (token: string, input: UpdateAccountInput) =>
    callOk<{ ok: boolean; token?: string }>("/update-account", {
      method: "POST",
      token,
      body: input,
    }),

  deleteAccount: (token: string) => callOk("/delete-account", { method: "POST", token }),

  subscribe: (token: string) => callOk("/Subscribe-mailing-list", { method: "PUT", token }),

  unsubscribe: (token: string) => callOk("/Unsubscribe-mailing-list", { method: "PUT", token }),
};
