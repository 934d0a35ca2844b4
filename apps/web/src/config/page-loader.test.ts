import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '@/testing/fetch-stub';
import {
  APP_LOADER,
  appFilesBlock,
  EARLY_RESPONSES_GLOBAL,
  FILL_WAIT_MS,
  LOADER_SESSION_KEY,
  PRELOADS_PER_TASK,
} from './page-shell';
import { SHELL_BODIES } from './shell-bodies';

/** The page's body as the API sends it for a route: the build's data block, then the route's. */
function setUpPage() {
  document.body.innerHTML = `<div id="app-shell"></div><div id="root"></div>${appFilesBlock({
    entry: ['/assets/index-1.js'],
    scripts: ['/assets/index-1.js', '/assets/react-1.js'],
    styles: ['/assets/style-1.css'],
  })}${appFilesBlock({ scripts: ['/assets/route-1.js', '/assets/react-1.js'] })}`;
}

const runLoader = () => new Function(APP_LOADER)();
const preloads = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));
const stylesheets = () => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
const entryScripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[type="module"]')];

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe("index.html's loader", () => {
  it('asks for nothing until the shell has been painted (a frame, then a task), then for every file once', async () => {
    vi.useFakeTimers();
    let frame: FrameRequestCallback | undefined;
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frame = callback;
      return 1;
    });
    setUpPage();
    runLoader();
    expect(preloads()).toEqual([]);
    frame?.(0);
    expect(preloads()).toEqual([]);
    await vi.runAllTimersAsync();

    // Each once, the entry's first.
    expect(preloads()).toEqual(['/assets/index-1.js', '/assets/react-1.js', '/assets/route-1.js']);
    for (const link of document.head.querySelectorAll('link'))
      expect(link).toHaveAttribute('crossorigin', '');
    expect(stylesheets().map((link) => link.getAttribute('href'))).toEqual(['/assets/style-1.css']);
    expect(entryScripts()).toEqual([]);
  });

  it('adds the preloads PRELOADS_PER_TASK at a time, a task each, so no one task is long', async () => {
    vi.useFakeTimers();
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      callback(0);
      return 1;
    });
    const many = Array.from({ length: 2 * PRELOADS_PER_TASK + 1 }, (_, index) => `/assets/chunk-${index}.js`);
    document.body.innerHTML = `<div id="app-shell"></div><div id="root"></div>${appFilesBlock({
      entry: ['/assets/index-1.js'],
      scripts: ['/assets/index-1.js', ...many],
      styles: ['/assets/style-1.css'],
    })}`;
    runLoader();
    // The count after each task the loader runs.
    const counts: number[] = [];
    while (preloads().length < many.length + 1 && counts.length < 20) {
      vi.advanceTimersToNextTimer();
      await Promise.resolve();
      counts.push(preloads().length);
    }
    // A task of PRELOADS_PER_TASK, then another, then the rest.
    expect(counts.filter((count) => count > 0)).toEqual([
      PRELOADS_PER_TASK,
      2 * PRELOADS_PER_TASK,
      many.length + 1,
    ]);
    expect(preloads()).toEqual(['/assets/index-1.js', ...many]);
  });

  it('runs the entry only once the stylesheet is in, so the app never renders unstyled (or once it failed)', async () => {
    for (const outcome of ['load', 'error']) {
      vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
      setUpPage();
      runLoader();
      expect(entryScripts()).toEqual([]);
      stylesheets()[0]?.dispatchEvent(new Event(outcome));
      await vi.waitFor(() => expect(entryScripts()).toHaveLength(1));
      const [entry] = entryScripts();
      expect(entry?.getAttribute('src'), outcome).toBe('/assets/index-1.js');
      expect(entry).toHaveAttribute('crossorigin', '');
      vi.restoreAllMocks();
    }
  });

  it('starts at once in a hidden tab, which draws no frames', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const frame = vi.spyOn(window, 'requestAnimationFrame');
    setUpPage();
    runLoader();
    expect(frame).not.toHaveBeenCalled();
    expect(preloads()).toHaveLength(3);
  });
});

/** An access token as the API signs it (only the claims matter here). */
const accessToken = (claims: Record<string, unknown>) =>
  `h.${btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.s`;
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

const PROFILE = {
  UserType: 'User',
  FirstName: 'Áine',
  LastName: "O'Neill",
  Email: 'aine@example.com',
  PhoneNumber: '',
  Address: null,
  PendingEmail: null,
};

/** The profile page's shell: a card filled from GET /api/user/userdetails (config/profile-shell.ts). */
function setUpProfilePage(card = SHELL_BODIES.profile ?? '') {
  document.body.innerHTML = `<div id="app-shell">${card}</div><div id="root"></div>${appFilesBlock({
    entry: ['/assets/index-1.js'],
    data: ['/api/user/userdetails'],
  })}${appFilesBlock({ scripts: ['/assets/route-1.js'], data: ['/api/booking/userbookings'], dataFor: ['User'] })}`;
}

function signIn(store: Storage, claims: Record<string, unknown>, expiresAt?: number) {
  const token = accessToken(claims);
  store.setItem(LOADER_SESSION_KEY, JSON.stringify({ accessToken: token, refreshToken: 'r', expiresAt }));
  return token;
}

function answerWith(body: unknown, status = 200) {
  return vi
    .spyOn(window, 'fetch')
    .mockImplementation(async () => new Response(JSON.stringify(body), { status }) as Response);
}

const early = () => Reflect.get(window, EARLY_RESPONSES_GLOBAL) as Map<string, { token: string }>;
const shellCard = () => document.querySelector('#app-shell .shell-profile-card');

describe("index.html's loader, for a signed-in visitor", () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it("asks for the page's data at once, before the shell is painted, with the stored access token", () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
    const fetch = answerWith(PROFILE);
    const token = signIn(localStorage, { userType: 'User', exp: inAnHour() }, Date.now() + 60_000);
    setUpProfilePage();
    runLoader();

    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/user/userdetails',
      '/api/booking/userbookings',
    ]);
    for (const [, init] of fetch.mock.calls) {
      expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${token}`);
    }
    expect([...early().keys()]).toEqual(['/api/user/userdetails', '/api/booking/userbookings']);
    expect(early().get('/api/user/userdetails')?.token).toBe(token);
    // The app's files still wait for the frame.
    expect(preloads()).toEqual([]);
  });

  it("sends the landing hero's button where the page's goes: the businesses with a stored session, else sign-in", () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
    answerWith({});
    const button = () => document.querySelector('#app-shell a.shell-hero-button')?.getAttribute('href');
    for (const [setUp, href] of [
      [() => undefined, '/login'],
      [() => signIn(localStorage, { userType: 'User', exp: inAnHour() }, Date.now() - 1), '/login'], // lapsed
      [() => signIn(sessionStorage, { userType: 'User', exp: inAnHour() }), '/businesses'],
      // An access token that has expired: the app refreshes it, the visitor is still signed in.
      [() => signIn(localStorage, { userType: 'User', exp: 1 }, Date.now() + 60_000), '/businesses'],
    ] as const) {
      localStorage.clear();
      sessionStorage.clear();
      setUp();
      document.body.innerHTML = `<div id="app-shell">${SHELL_BODIES.home}</div>${appFilesBlock({ entry: ['/assets/index-1.js'] })}`;
      runLoader();
      expect(button()).toBe(href);
    }
  });

  it("holds the app's files until the shell's card is filled, or for FILL_WAIT_MS at most", async () => {
    vi.useFakeTimers();
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      setTimeout(() => callback(0), 16);
      return 1;
    });
    for (const answers of [true, false]) {
      const profile = deferred<Response>();
      vi.spyOn(window, 'fetch').mockImplementation(() => profile.promise);
      signIn(localStorage, { userType: 'User', exp: inAnHour() }, Date.now() + 60_000);
      setUpProfilePage();
      runLoader();
      await vi.advanceTimersByTimeAsync(100);
      // The shell is painted; the card's answer has not come.
      expect(preloads(), `answers: ${answers}`).toEqual([]);
      if (answers) {
        profile.resolve(new Response(JSON.stringify(PROFILE)));
        await vi.advanceTimersByTimeAsync(0);
        expect(shellCard()?.querySelector('dl')).not.toBeNull();
        await vi.runAllTimersAsync();
        expect(preloads()).toEqual(['/assets/route-1.js']);
      } else {
        await vi.advanceTimersByTimeAsync(FILL_WAIT_MS - 100 - 1);
        expect(preloads()).toEqual([]);
        await vi.advanceTimersByTimeAsync(1);
        await vi.runAllTimersAsync();
        expect(preloads()).toEqual(['/assets/route-1.js']);
      }
      document.head.innerHTML = '';
      vi.mocked(window.fetch).mockRestore();
    }
  });

  it("asks only for what the visitor's type may see, and nothing for a visitor who is not signed in", () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
    const fetch = answerWith({});
    signIn(sessionStorage, { userType: 'Business', exp: inAnHour() });
    setUpProfilePage();
    runLoader();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/user/userdetails']);

    for (const setUp of [
      () => undefined, // signed out
      () => signIn(sessionStorage, { userType: 'User', exp: Math.floor(Date.now() / 1000) + 30 }), // about to expire
      () => signIn(localStorage, { userType: 'User', exp: inAnHour() }, Date.now() - 1), // remember-me lapsed
      () => sessionStorage.setItem(LOADER_SESSION_KEY, '{not json'), // unreadable
      () => signIn(sessionStorage, { userType: 'User' }), // no expiry
    ]) {
      fetch.mockClear();
      localStorage.clear();
      sessionStorage.clear();
      setUp();
      setUpProfilePage();
      runLoader();
      expect(fetch).not.toHaveBeenCalled();
      expect(early().size).toBe(0);
    }
  });

  it("sends the token only to the API's own paths, named by the page's own blocks", () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
    const fetch = answerWith({});
    signIn(sessionStorage, { userType: 'User', exp: inAnHour() });
    document.body.innerHTML = `<div id="app-shell">${appFilesBlock({ data: ['/api/from-inside-the-shell'] })}</div>${appFilesBlock(
      {
        entry: ['/assets/index-1.js'],
        data: [
          'https://elsewhere.example/api/x',
          '//elsewhere.example/api/x',
          '/api/../auth',
          '/api/user/userdetails',
        ],
      },
    )}`;
    runLoader();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/user/userdetails']);
  });

  it("asks for the data a shell element names (a business's booking page: its free times)", () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
    const fetch = answerWith({});
    signIn(sessionStorage, { userType: 'Business', exp: inAnHour() });
    const times = '/api/booking/available-times?businessId=4f1c-9a';
    document.body.innerHTML = `<div id="app-shell"><div class="shell-heading" data-early="${times}"></div><p data-early="https://elsewhere.example/x"></p></div><div data-early="/api/outside-the-shell"></div>${appFilesBlock(
      { entry: ['/assets/index-1.js'], data: ['/api/user/userdetails'] },
    )}`;
    runLoader();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/user/userdetails', times]);
    expect(early().has(times)).toBe(true);
  });

  it("takes the booking wizard's painted first step away when the page will open on another step", () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
    answerWith({});
    signIn(sessionStorage, { userType: 'User', sub: 'user-1', exp: inAnHour() });
    const shellWizard = () => document.querySelector('#app-shell [data-wizard]');
    const chosen = { slot: '2026-12-05 10:00' };
    const opensOnFirstStep = (search: string, draft?: Record<string, unknown>, owner = 'user-1') => {
      window.history.replaceState(null, '', `/booking/b-1${search}`);
      for (const key of Object.keys(sessionStorage)) {
        if (key.startsWith('trimtime.draft.')) sessionStorage.removeItem(key);
      }
      if (draft) sessionStorage.setItem(`trimtime.draft.booking.${owner}.b-1`, JSON.stringify(draft));
      document.body.innerHTML = `<div id="app-shell"><div class="shell-heading"><h1>Bob</h1><div class="shell-wizard" data-wizard="b-1" data-steps="dateTime price review"></div></div></div>${appFilesBlock({ entry: ['/assets/index-1.js'] })}`;
      runLoader();
      expect(document.querySelector('#app-shell h1')).toHaveTextContent('Bob');
      return shellWizard() !== null;
    };
    expect(opensOnFirstStep('')).toBe(true);
    expect(opensOnFirstStep('', { step: 'dateTime', ...chosen })).toBe(true);
    expect(opensOnFirstStep('', { step: 'review', ...chosen })).toBe(false);
    expect(opensOnFirstStep('?step=price', chosen)).toBe(false);
    expect(opensOnFirstStep('?step=dateTime', { step: 'review', ...chosen })).toBe(true);
    // The page opens on its first step: another account's progress on this tab is not this
    // visitor's; a step it does not have, or no time chosen yet, sends it back to the first.
    expect(opensOnFirstStep('', { step: 'review', ...chosen }, 'user-2')).toBe(true);
    expect(opensOnFirstStep('?step=location', chosen)).toBe(true);
    expect(opensOnFirstStep('?step=review')).toBe(true);
    expect(opensOnFirstStep('', { step: 'review' })).toBe(true);
    // An unreadable draft is no draft; the address still counts.
    sessionStorage.setItem('trimtime.draft.booking.user-1.b-1', '{not json');
    window.history.replaceState(null, '', '/booking/b-1');
    expect(shellWizard()).not.toBeNull();
  });

  it('asks nothing for a stored session the app would not use (no refresh token)', () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
    const fetch = answerWith({});
    sessionStorage.setItem(
      LOADER_SESSION_KEY,
      JSON.stringify({ accessToken: accessToken({ userType: 'User', exp: inAnHour() }) }),
    );
    setUpProfilePage();
    runLoader();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('still loads the app when the stored session cannot be read', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    sessionStorage.setItem(LOADER_SESSION_KEY, '{not json');
    setUpProfilePage();
    runLoader();
    expect(preloads()).toEqual(['/assets/route-1.js']);
    await vi.waitFor(() => expect(entryScripts()).toHaveLength(1));
  });

  it("fills the shell's profile card from the answer: names, initials, and the page's words for what is empty", async () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
    answerWith(PROFILE);
    signIn(sessionStorage, { userType: 'User', exp: inAnHour() });
    setUpProfilePage();
    runLoader();

    await vi.waitFor(() => expect(shellCard()?.querySelector('dl')).not.toBeNull());
    const card = shellCard() as HTMLElement;
    expect(card.querySelector('template')).toBeNull();
    expect(card.querySelector('.shell-profile-wait')).toBeNull();
    expect(card.querySelector('.shell-profile-avatar')).toHaveTextContent(/^ÁO$/);
    expect(card.querySelector('h2')).toHaveTextContent(/^Áine O'Neill$/);
    const rows = [...card.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
      term.nextElementSibling?.hasAttribute('data-blank'),
    ]);
    expect(rows).toEqual([
      ['First name', 'Áine', false],
      ['Last name', "O'Neill", false],
      ['Email', 'aine@example.com', false],
      ['Phone', 'Not set', true],
      ['Address', 'No address yet. Add one to book home visits.', true],
    ]);
    expect(card).toHaveTextContent(/Edit Profile$/);
  });

  it('writes what the answer says as text, never as markup', async () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
    answerWith({ ...PROFILE, FirstName: '<img src=x onerror=alert(1)>', Address: '<b>1 Main St</b>' });
    signIn(sessionStorage, { userType: 'User', exp: inAnHour() });
    setUpProfilePage();
    runLoader();
    await vi.waitFor(() => expect(shellCard()?.querySelector('dl')).not.toBeNull());
    expect(shellCard()?.querySelector('img, b')).toBeNull();
    expect(shellCard()?.querySelector('dd')).toHaveTextContent('<img src=x onerror=alert(1)>');
  });

  it('leaves the skeleton when the page would draw the card otherwise, or the answer is not one', async () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
    signIn(sessionStorage, { userType: 'User', exp: inAnHour() });
    const cases: [string, unknown, number?][] = [
      [
        'a pending email (the page shows its verification first)',
        { ...PROFILE, PendingEmail: 'new@example.com' },
      ],
      ['a business (the page sends it to its dashboard)', { ...PROFILE, UserType: 'Business' }],
      ['an address that is not text (the page shows an error)', { ...PROFILE, Address: { line: 1 } }],
      ['a missing field', { ...PROFILE, PhoneNumber: undefined }],
      ['a refused request', { message: 'Unauthorized', code: 'Unauthorized' }, 401],
      ['a body that is not an object', 'hello'],
    ];
    for (const [what, body, status] of cases) {
      vi.mocked(window.fetch)?.mockRestore?.();
      const fetch = answerWith(body, status);
      setUpProfilePage();
      runLoader();
      await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
      // Every answer's handling has run: the promise chain is a few microtasks.
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(shellCard()?.querySelector('.shell-profile-wait'), what).not.toBeNull();
      expect(shellCard()?.querySelector('dl'), what).toBeNull();
    }
  });
});
