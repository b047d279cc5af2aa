/** A failed API call: the HTTP status (0 when the server was unreachable) and its reasons. */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly code?: string,
    /** The whole answer, for refusals that carry more (a 409's current record, a file's rows). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

const UNREACHABLE = "The server could not be reached. Check your connection and try again.";

export interface CallOptions {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  token?: string;
  body?: unknown;
  raw?: { type: string; text: string };
  /** Sent as multipart/form-data (a file upload); the browser writes its boundary. */
  form?: FormData;
}

export async function callApi<T>(
  path: string,
  { method, token, body, raw, form }: CallOptions,
): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (raw) headers["content-type"] = raw.type;
  else if (body !== undefined && !form) headers["content-type"] = "application/json";
  let sent: BodyInit | undefined;
  if (form) sent = form;
  else if (raw) sent = raw.text;
  else if (body !== undefined) sent = JSON.stringify(body);
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method, headers, ...(sent ? { body: sent } : {}) });
  } catch {
    throw new ApiError(0, UNREACHABLE);
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw apiErrorOf(response.status, data);
  return data as T;
}

function apiErrorOf(status: number, data: unknown): ApiError {
  const error = (
    data as { error?: { code?: string; message?: string; fields?: Record<string, string> } }
  )?.error;
  return new ApiError(
    status,
    error?.message ?? `The server answered ${status}`,
    error?.fields ?? {},
    error?.code,
    data,
  );
}

export async function fetchApiFile(path: string, { token }: { token?: string }): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(0, UNREACHABLE);
  }
  if (!response.ok) throw apiErrorOf(response.status, await response.json().catch(() => undefined));
  return response.blob();
}
