import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';
import { themeVariablesCss } from './theme-variables';

describe('themeVariablesCss', () => {
  it('is the <style> MantineProvider would inject for the theme', () => {
    render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <p>page</p>
      </MantineProvider>,
    );
    const injected = document.querySelector('style[data-mantine-styles]');
    expect(injected?.innerHTML).toBeTruthy();
    expect(themeVariablesCss()).toBe(injected?.innerHTML);
  });

  it('carries the theme: its primary colour, its fonts and the accessible dimmed grey', () => {
    const css = themeVariablesCss();
    expect(css).toContain('--mantine-primary-color-filled: var(--mantine-color-brand-filled)');
    expect(css).toContain('--mantine-color-dimmed: #5b6570');
    expect(css).toMatch(/--mantine-font-family: system-ui/);
  });
});
