import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_LOADER, appFilesBlock } from './page-shell';

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
  it('asks for nothing until the shell has been painted (a frame, then a task), then for every file once', () => {
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
    vi.runAllTimers();

    // Each once, the entry's first.
    expect(preloads()).toEqual(['/assets/index-1.js', '/assets/react-1.js', '/assets/route-1.js']);
    for (const link of document.head.querySelectorAll('link'))
      expect(link).toHaveAttribute('crossorigin', '');
    expect(stylesheets().map((link) => link.getAttribute('href'))).toEqual(['/assets/style-1.css']);
    expect(entryScripts()).toEqual([]);
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
