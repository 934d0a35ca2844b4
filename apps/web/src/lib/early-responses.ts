import { EARLY_RESPONSES_GLOBAL } from '@/config/page-shell';

/** Each taken answer's body, read in full (a copy: the API client reads the answer itself). */
const arrivals: Promise<unknown>[] = [];

interface EarlyResponse {
  token: string;
  response: Promise<Response>;
}

/**
 * The answer to GET `url` that index.html's loader asked for before the app's code had run
 * (config/page-shell.ts, APP_LOADER), if it was sent with `accessToken`: each is taken once, so any
 * later call asks the API afresh. Undefined when there is none.
 */
export function takeEarlyResponse(url: string, accessToken: string | null): Promise<Response> | undefined {
  const early: unknown = Reflect.get(window, EARLY_RESPONSES_GLOBAL);
  if (!(early instanceof Map)) return undefined;
  const entry = early.get(url) as EarlyResponse | undefined;
  if (!entry) return undefined;
  early.delete(url);
  if (entry.token !== accessToken) return undefined;
  arrivals.push(entry.response.then((response) => response.clone().arrayBuffer()).catch(() => undefined));
  return entry.response;
}

/** Settles once every answer taken so far has arrived in full, or failed. */
export function earlyResponsesArrived(): Promise<void> {
  return Promise.allSettled(arrivals).then(() => undefined);
}
