import type { ErrorBody } from "#core/api/api-schemas.ts";

export class HttpError extends Error {
  /** For a 429: when to come back, sent as Retry-After. */
  retryAfterSeconds?: number;

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export function tooManyRequests(code: string, message: string, retryAfterSeconds: number) {
  const error = new HttpError(429, code, message);
  error.retryAfterSeconds = retryAfterSeconds;
  return error;
}

export function errorBody(
  code: string,
  message: string,
  fields?: Record<string, string>,
): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}
