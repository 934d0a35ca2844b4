import datesStyles from '@mantine/dates/styles.layer.css?inline';

const MARKER = 'data-mantine-dates-styles';

/**
 * Mantine's date-picker styles, added to the page by the modules that draw a date picker (the away
 * dates card, the booking calendar) when their code loads, rather than sitting in the one
 * stylesheet that every page downloads and matches against (vite.config.ts: cssCodeSplit off). The
 * `.layer` file keeps them in `@layer mantine` with the other Mantine styles, under the app's own.
 * An inline <style> is in place before the picker renders (the CSP allows inline styles, which
 * Mantine's provider uses too).
 */
export function addDatesStyles(): void {
  if (typeof document === 'undefined' || document.head.querySelector(`style[${MARKER}]`)) return;
  const style = document.createElement('style');
  style.setAttribute(MARKER, '');
  style.textContent = datesStyles;
  document.head.append(style);
}
