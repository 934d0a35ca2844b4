/** Mantine's selectors for its dark colour scheme, quoted as in its sources or not. */
const DARK_SCHEME = /\[data-mantine-color-scheme=(['"]?)dark\1\]/;

/**
 * The app has one colour scheme, light (MantineProvider's forceColorScheme, app/provider.tsx), so
 * Mantine's dark-scheme rules (a tenth of the stylesheet) would only be downloaded, parsed and
 * matched against on every page for nothing. This drops every selector that needs the dark scheme,
 * and a rule or at-rule left empty. It runs once the other plugins are done (OnceExit), so the
 * selectors their mixins write are dropped too. vite.config.ts fails the build if one remains.
 */
const dropDarkScheme = () => ({
  postcssPlugin: 'drop-dark-scheme',
  OnceExit(root) {
    root.walkRules((rule) => {
      if (!DARK_SCHEME.test(rule.selector)) return;
      const kept = rule.selectors.filter((selector) => !DARK_SCHEME.test(selector));
      if (kept.length === 0) rule.remove();
      else rule.selectors = kept;
    });
    root.walkAtRules((atRule) => {
      if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
    });
  },
});
dropDarkScheme.postcss = true;

module.exports = {
  plugins: [
    require('postcss-preset-mantine')(),
    require('postcss-simple-vars')({
      variables: {
        'mantine-breakpoint-xs': '36em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '62em',
        'mantine-breakpoint-lg': '75em',
        'mantine-breakpoint-xl': '88em',
      },
    }),
    dropDarkScheme(),
  ],
  dropDarkScheme,
};
