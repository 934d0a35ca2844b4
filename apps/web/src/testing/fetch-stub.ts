import { vi } from 'vitest';

/**
 * A tiny fake of the API at the network boundary: tests register responses per method and path,
 * every call is recorded, and unknown calls fail loudly. Test-only; product code never sees it.
 */

export interface RecordedCall {
  method: string;
  path: string;
  /** The query string's parameters (empty when there is none). */
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

type Responder = (call: RecordedCall) => Response | Promise<Response>;

export function jsonResponse(status: number, body?: unknown): Response {
  if (body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function apiErrorResponse(
  status: number,
  code: string,
  message: string,
  errors?: Record<string, string>,
) {
  return jsonResponse(status, { message, code, ...(errors ? { errors } : {}) });
}

/** A promise with its resolve exposed, to hold a response until the test releases it. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export function stubFetch() {
  const routes = new Map<string, Responder[]>();
  const outages = new Map<string, Response>();
  const calls: RecordedCall[] = [];

  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const call: RecordedCall = { method, path: url.pathname, query: url.searchParams, headers, body };
    calls.push(call);
    const key = `${method} ${url.pathname}`;
    const outage = outages.get(key);
    if (outage) return outage.clone();
    const queue = routes.get(key);
    if (!queue || queue.length === 0) throw new Error(`Unexpected request: ${key}`);
    // The last responder stays registered; earlier ones are used once each, in order.
    const responder = queue.length > 1 ? queue.shift()! : queue[0]!;
    return responder(call);
  });

  vi.stubGlobal('fetch', fetchImpl);

  const api = {
    calls,
    fetch: fetchImpl,
    /** Registers a response for `METHOD /api/path`. Several calls queue responses in order. */
    on(method: string, path: string, respond: Responder | Response) {
      const key = `${method.toUpperCase()} ${path}`;
      const responder: Responder = respond instanceof Response ? () => respond.clone() : respond;
      routes.set(key, [...(routes.get(key) ?? []), responder]);
      return api;
    },
    /**
     * An outage: until `recover`, every call to `METHOD /api/path` gets `response`, whatever is
     * registered (however many times the app asks meanwhile).
     */
    fail(method: string, path: string, response: Response) {
      outages.set(`${method.toUpperCase()} ${path}`, response);
      return api;
    },
    recover(method: string, path: string) {
      outages.delete(`${method.toUpperCase()} ${path}`);
      return api;
    },
    callsTo(method: string, path: string) {
      return calls.filter((call) => call.method === method.toUpperCase() && call.path === path);
    },
  };
  return api;
}

export type FetchStub = ReturnType<typeof stubFetch>;
