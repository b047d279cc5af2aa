import { DrizzleQueryError } from "drizzle-orm/errors";

interface DriverError {
  code?: string;
  constraint?: string;
}

function driverError(error: unknown): DriverError | undefined {
  const inner = error instanceof DrizzleQueryError ? error.cause : error;
  return typeof inner === "object" && inner !== null ? (inner as DriverError) : undefined;
}

export function uniqueViolation(error: unknown): string | undefined {
  const inner = driverError(error);
  return inner?.code === "23505" ? (inner.constraint ?? "") : undefined;
}

/** Parameters dropped: they can hold password hashes or personal details. */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return error;
  const safe = new Error(`Failed query: ${error.query}`, { cause: error.cause });
  // The original stack starts with the message, parameters included: keep only its frames.
  const stack = error.stack ?? "";
  const frames = stack.indexOf("\n    at ");
  safe.stack = `${safe.name}: ${safe.message}${frames >= 0 ? stack.slice(frames) : ""}`;
  return safe;
}
