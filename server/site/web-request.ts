import { createReadableStreamFromReadable } from "@react-router/node";
import type { FastifyRequest } from "fastify";

/** A Fastify request as the web Request React Router's handler takes; a POST's body streams. */
export function toWebRequest(request: FastifyRequest, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.set(name, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers, signal };
  if (request.method !== "GET" && request.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(request.raw);
    init.duplex = "half";
  }
  return new Request(new URL(request.url, `${request.protocol}://${request.host}`), init);
}

export function isText(type: string): boolean {
  return /^(text\/|application\/(json|xml))/.test(type);
}
