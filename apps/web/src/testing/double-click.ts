import { fireEvent } from '@testing-library/react';

/**
 * Two submits in one tick, as a double tap (or a tap and Enter) makes: both land before React
 * re-renders. A form is submitted twice (a disabled button would swallow the second click in
 * jsdom even when the app would not), any other button clicked twice.
 */
export function doubleClick(button: HTMLElement) {
  const form = button instanceof HTMLButtonElement && button.type === 'submit' ? button.form : null;
  if (form) {
    fireEvent.submit(form);
    fireEvent.submit(form);
    return;
  }
  fireEvent.click(button);
  fireEvent.click(button);
}
