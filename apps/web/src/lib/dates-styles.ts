import datesStyles from '@mantine/dates/styles.layer.css?inline';

const MARKER = 'data-mantine-dates-styles';

/**
 * Mantine's date-picker styles, added to the page by the modules that draw a date picker (the
 * businesses list's day filter) when their code loads, rather than sitting in the one stylesheet
 * that every page downloads and matches against (vite.config.ts: cssCodeSplit off). The `.layer`
 * file keeps them in `@layer mantine` with the other Mantine styles, under the app's own. An inline
 * <style> is in place before the picker renders (the CSP allows inline styles, which Mantine's
 * provider uses too). The dashboard's features/dashboard/components/dates-styles.ts is the same,
 * under the same marker, so the styles are added once whichever page comes first.
 */
export function addDatesStyles(): void {
  if (typeof document === 'undefined' || document.head.querySelector(`style[${MARKER}]`)) return;
  const style = document.createElement('style');
  style.setAttribute(MARKER, '');
  style.textContent = datesStyles;
  document.head.append(style);
}
