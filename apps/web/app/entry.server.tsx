import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import {
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  ServerRouter,
} from 'react-router';
import { DocumentProvider, type InlineStylesheet } from './document';

/** How long a render may take before it is cut off (its error boundaries then show). */
export const streamTimeout = 5_000;

const stylesheetCache = new Map<string, InlineStylesheet>();

/**
 * The build's stylesheets that every page links (the root route's: the build makes one, Vite's
 * `cssCodeSplit: false`), read once from the browser's build beside this server build, to be written
 * into each page (decision 24). None under Vite's development server, which injects its own.
 */
function stylesheetsOf(context: EntryContext): InlineStylesheet[] {
  if (import.meta.env.DEV) return [];
  return (context.manifest.routes.root?.css ?? []).map((href) => {
    let stylesheet = stylesheetCache.get(href);
    if (!stylesheet) {
      const css = readFileSync(new URL(`../client${href}`, import.meta.url), 'utf8');
      stylesheet = { href, css };
      stylesheetCache.set(href, stylesheet);
    }
    return stylesheet;
  });
}

/**
 * Renders a page to HTML. The whole document is sent at once (`onAllReady`): the pages' data comes
 * from their loaders before rendering, so there is nothing to stream, and crawlers and link
 * previews read every word. Every script the render writes carries this response's CSP nonce
 * (apps/api/src/plugins/web.ts makes it and sends the matching header).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext;
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    let isShellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    const { pipe, abort } = renderToPipeableStream(
      <DocumentProvider value={{ nonce, stylesheets: stylesheetsOf(routerContext) }}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </DocumentProvider>,
      {
        nonce,
        // Every Suspense boundary written in place, never outlined for a script to reveal: a
        // reader without JavaScript (a crawler, a link preview) gets the whole page.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          isShellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          // Before the document is ready the router reports it (handleError below).
          if (isShellRendered || !request.signal.aborted) console.error(error);
        },
      },
    );
  });
}

/**
 * Errors of loaders and renders, for the server's log. A path or business that does not exist is
 * an answer (the 404 page), and a request the browser gave up on is nobody's error.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status === 404) return;
  console.error(error);
};
