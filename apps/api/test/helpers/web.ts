import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PageHandler } from '../../src/plugins/web';

/**
 * The paths the stand-in renderer knows, matched as the web app's router matches them (case-insensitive,
 * a trailing slash allowed; apps/web/app/routes.ts).
 */
const KNOWN_PAGE =
  /^\/(|login|register|businesses|profile|admin|privacy-policy|terms-of-service|review-policy|booking\/[^/]+|invite\/[^/]+)\/?$/i;

/**
 * A stand-in for the web app's server render (the real one is the web's build, driven by the
 * browser journeys): an HTML page for a known path, the not-found page with 404 for any other, each
 * with an inline script carrying the response's nonce, as the router's are.
 */
export const fakePageHandler: PageHandler = async (request, { nonce }) => {
  const { pathname } = new URL(request.url);
  const isKnown = KNOWN_PAGE.test(pathname);
  const html = `<!doctype html><html><head><title>${isKnown ? 'TrimTime' : 'Page Not Found'}</title></head><body><div id="root">${'<p>page</p>'.repeat(200)}</div><script nonce="${nonce}">window.__context = {}</script><script type="module" src="/assets/app-1a2b3c.js"></script></body></html>`;
  return new Response(html, {
    status: isKnown ? 200 : 404,
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });
};

/** A stand-in for the web build's files (`client/`): fingerprinted assets and a favicon. */
export function createFakeWebBuild(): { webBuild: string; assets: string; remove: () => void } {
  const webBuild = mkdtempSync(join(tmpdir(), 'web-build-'));
  const assets = join(webBuild, 'client', 'assets');
  mkdirSync(assets, { recursive: true });
  writeFileSync(join(assets, 'app-1a2b3c.js'), 'console.log("app")');
  writeFileSync(join(assets, 'app-1a2b3c.css'), 'body{margin:0}');
  writeFileSync(join(webBuild, 'client', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { webBuild, assets, remove: () => rmSync(webBuild, { recursive: true, force: true }) };
}

/** createTestApp's options for an app that serves the stand-in web build. */
export const withFakeWeb = (webBuild: string) => ({
  config: { webBuild },
  deps: { web: { pageHandler: fakePageHandler } },
});
