import type { AcceptedPlugin, PluginCreator } from 'postcss';

/** postcss.config.cjs, for the test that runs its dark-scheme plugin (src/app/dark-scheme.test.ts). */
declare const config: { plugins: AcceptedPlugin[]; dropDarkScheme: PluginCreator<void> };
export = config;
