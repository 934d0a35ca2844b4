import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import config from '../../postcss.config.cjs';

const run = async (css: string) =>
  (await postcss([config.dropDarkScheme()]).process(css, { from: undefined })).css;

describe("the stylesheet's dark colour scheme", () => {
  it('drops every rule that needs the dark scheme, quoted or not, and keeps the light ones', async () => {
    const css = await run(`
      [data-mantine-color-scheme='dark'] .m_1 { color: white; }
      :host([data-mantine-color-scheme=dark]) .m_2 { color: white; }
      [data-mantine-color-scheme="light"] .m_1 { color: black; }
      .m_3 { color: black; }
    `);
    expect(css).not.toMatch(/dark/);
    expect(css).toContain(`[data-mantine-color-scheme="light"] .m_1 { color: black; }`);
    expect(css).toContain('.m_3 { color: black; }');
  });

  it('keeps the other selectors of a mixed list, and removes a block left empty', async () => {
    const css = await run(`
      .m_4, [data-mantine-color-scheme=dark] .m_4 { color: red; }
      @media (min-width: 48em) { [data-mantine-color-scheme=dark] .m_5 { color: red; } }
    `);
    expect(css).not.toMatch(/dark|@media/);
    expect(css).toContain('.m_4 { color: red; }');
  });
});
