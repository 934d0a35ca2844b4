import {
  type ConvertCSSVariablesInput,
  convertCssVariables,
  DEFAULT_THEME,
  deepMerge,
  defaultCssVariablesResolver,
  keys,
  mergeMantineTheme,
} from '@mantine/core';
import { cssVariablesResolver, theme } from './theme';

/**
 * The CSS variables of the app's theme that differ from Mantine's defaults (which
 * default-css-variables.layer.css carries), as the rules MantineProvider would otherwise work out and
 * inject in a <style> on every start: a tenth of a second of a slow phone's first render, for a
 * result that only changes with theme.ts. The build computes it once (vite.config.ts,
 * `mantineThemeVariables`) and the provider turns Mantine's own off (`withCssVariables={false}`).
 * Mantine's steps, as its MantineCssVariables does them: merge the resolver into the defaults, drop
 * what equals the default theme's value, convert for `:root`. theme-variables.test.tsx checks that
 * the result is what Mantine renders.
 */
export function themeVariablesCss(): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const variables: ConvertCSSVariablesInput = deepMerge(
    defaultCssVariablesResolver(merged),
    cssVariablesResolver(merged),
  );
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const cleaned: ConvertCSSVariablesInput = { variables: {}, light: {}, dark: {} };
  for (const part of ['variables', 'light', 'dark'] as const) {
    for (const key of keys(variables[part])) {
      const value = variables[part][key];
      if (value !== undefined && defaults[part][key] !== value) cleaned[part][key] = value;
    }
  }
  return convertCssVariables(cleaned);
}
