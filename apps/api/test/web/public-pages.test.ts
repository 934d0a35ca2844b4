import type { WebLoadContext } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PageHandler } from '../../src/plugins/web';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { createBusiness } from '../helpers/marketplace';
import { createFakeWebBuild } from '../helpers/web';

// api-contract §9.1 and decision 23: a page's render gets its data in process, through the load
// context, as the same objects the public endpoints send; its request is read under APP_URL.

const APP_URL = 'https://trimtime.example';

describeEachDatabase('the load context of a server-rendered page', (database) => {
  let t: TestApp;
  let removeBuild: () => void;
  const seen: { request: Request; context: WebLoadContext }[] = [];
  const pageHandler: PageHandler = async (request, context) => {
    seen.push({ request, context });
    return new Response(`<script nonce="${context.nonce}"></script>`, {
      headers: { 'content-type': 'text/html; charset=utf-8' },
    });
  };
  beforeAll(async () => {
    const build = createFakeWebBuild();
    removeBuild = build.remove;
    t = await createTestApp(database().db, {
      config: { appUrl: APP_URL, webBuild: build.webBuild },
      deps: { web: { pageHandler } },
    });
  });
  afterAll(async () => {
    await t.close();
    removeBuild();
  });
  const contextOf = async (url: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ url, headers });
    const last = seen.at(-1);
    if (!last) throw new Error('no page was rendered');
    return { response, ...last };
  };

  it('reads the request under APP_URL, whatever Host says, with a fresh nonce that the policy allows', async () => {
    const first = await contextOf('/businesses?town=Belfast', { host: 'evil.example' });
    expect(first.request.url).toBe(`${APP_URL}/businesses?town=Belfast`);
    expect(first.context.appUrl).toBe(APP_URL);
    expect(first.response.headers['content-security-policy']).toContain(`'nonce-${first.context.nonce}'`);
    const second = await contextOf('/');
    expect(second.context.nonce).not.toBe(first.context.nonce);
    expect(second.context.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it('hands the page the public endpoints’ answers, in process', async () => {
    const listed = await createBusiness(t, database().db, { business_name: 'Context Cuts' });
    const { context } = await contextOf('/businesses');
    const overHttp = (url: string) => t.app.inject({ url }).then((response) => response.json());

    expect(await context.publicPages.businesses({ q: 'Context Cuts' })).toEqual(
      await overHttp('/api/booking/businesses?q=Context%20Cuts'),
    );
    expect(await context.publicPages.towns()).toEqual(await overHttp('/api/booking/towns'));
    expect(await context.publicPages.availableTimes(listed.id)).toEqual(
      await overHttp(`/api/booking/available-times?businessId=${listed.id}`),
    );
    expect(await context.publicPages.reviews(listed.id)).toEqual(
      await overHttp(`/api/booking/reviews?businessId=${listed.id}`),
    );
  });

  it('answers null for a business the public may not see, so the page is a 404', async () => {
    const unlisted = await createBusiness(t, database().db, { business_name: 'Hidden Cuts', is_listed: 0 });
    const { context } = await contextOf('/');
    for (const id of [unlisted.id, 'no-such-business', 'x'.repeat(500), '']) {
      expect(await context.publicPages.availableTimes(id), id).toBeNull();
      expect(await context.publicPages.reviews(id), id).toBeNull();
    }
  });
});
