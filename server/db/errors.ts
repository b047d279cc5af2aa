import { DrizzleQueryError } from "drizzle-orm/errors";

interface DriverError {
  code?: string;
  constraint?: string;
}

/** Drizzle wraps driver errors together with the query and its parameters. */
function driverError(error: unknown): DriverError | undefined {
  const inner = error instanceof DrizzleQueryError ? error.cause : error;
  return typeof inner === "object" && inner !== null ? (inner as DriverError) : undefined;
}

/** The violated unique constraint's name, or undefined when `error` is something else. */
export function uniqueViolation(error: unknown): string | undefined {
  const inner = driverError(error);
  return inner?.code === "23505" ? (inner.constraint ?? "") : undefined;
}

/**
 * What may be logged of an error: a failed query keeps its SQL and the driver's reason but
 * loses its parameters, which can hold password hashes or personal details.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return error;
  const safe = new Error(`Failed query: ${error.query}`, { cause: error.cause });
  // The original stack starts with the message, parameters included: keep only its frames.
  const stack = error.stack ?? "";
  const frames = stack.indexOf("\n    at ");
  safe.stack = `${safe.name}: ${safe.message}${frames >= 0 ? stack.slice(frames) : ""}`;
  return safe;
}
