import datesStyles from '@mantine/dates/styles.css?inline';

const MARKER = 'data-mantine-dates-styles';

/**
 * Mantine's date-picker styles, added to the page by the modules that draw a date picker (the
 * businesses list's day filter; the dashboard's away dates, booking calendar and export range) when
 * their code loads, rather than sitting in the stylesheets that every page downloads and matches
 * against. An inline
 * <style> is in place before the picker renders (the CSP allows inline styles, which Mantine's
 * provider uses too).
 *
 * NOTE: they go in their own layer, ordered after `mantine`, not into `mantine` itself: the app's
 * stylesheets of a page opened later are linked after this <style>, so inside one layer Mantine's button reset would win over the dates' own rules (a selected day lost its fill).
 * The app's unlayered styles still come first.
 */
export function addDatesStyles(): void {
  if (typeof document === 'undefined' || document.head.querySelector(`style[${MARKER}]`)) return;
  const style = document.createElement('style');
  style.setAttribute(MARKER, '');
  style.textContent = `@layer mantine, mantine-dates;\n@layer mantine-dates {\n${datesStyles}\n}`;
  document.head.append(style);
}
