import { type ComponentType, lazy, useState } from 'react';

/**
 * A component whose code loads on demand, like React.lazy, that can also be fetched ahead
 * (`preload`, e.g. once the page is idle: lib/idle.ts). A copy mounted after its code has arrived
 * renders at once instead of suspending for a tick; each copy keeps the way it first rendered, so
 * its state survives the code arriving.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined; // a failed download may be tried again
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));

  // biome-ignore lint/correctness/noComponentHookFactories: made once per module at its top level, like React.lazy.
  function Preloadable(props: P) {
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
