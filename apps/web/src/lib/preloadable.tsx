import { type ComponentType, lazy, useState } from 'react';
import { loadOnce } from './load-once';

/**
 * A component whose code loads on demand, like React.lazy, that can also be fetched ahead
 * (`preload`, e.g. once the page is idle: lib/idle.ts). A copy mounted after its code has arrived
 * renders at once instead of suspending for a tick; each copy keeps the way it first rendered, so
 * its state survives the code arriving.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  const code = loadOnce(load);
  const preload = code.load;
  const Lazy = lazy(async () => ({ default: await preload() }));

  // biome-ignore lint/correctness/noComponentHookFactories: made once per module at its top level, like React.lazy.
  function Preloadable(props: P) {
    const [Loaded] = useState(code.loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
