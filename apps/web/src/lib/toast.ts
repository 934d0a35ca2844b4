import { LOADING_TOAST_AUTO_CLOSE, TOAST_DURATIONS_MS } from '@app/domain';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { requestToastHost } from './toast-host';

/**
 * The one toast API (spec §8 "Toast types and durations"): success 4 s, error 5 s, warning 4 s,
 * info 3 s, loading stays until updated or dismissed. Shown bottom-end by the app's <Notifications>.
 */

export type ToastType = 'success' | 'error' | 'warning' | 'info' | 'loading';
export type ToastInput =
  | string
  | {
      title?: ReactNode;
      message: ReactNode;
      /** A duration the spec sets for this one toast (e.g. 'Minimum price updated successfully!', 3 s). */
      durationMs?: number;
    };

const TOAST_STYLE: Record<ToastType, { color: string; autoClose: number | false }> = {
  success: { color: 'teal', autoClose: TOAST_DURATIONS_MS.success },
  error: { color: 'red', autoClose: TOAST_DURATIONS_MS.error },
  warning: { color: 'orange', autoClose: TOAST_DURATIONS_MS.warning },
  info: { color: 'brand', autoClose: TOAST_DURATIONS_MS.info },
  loading: { color: 'brand', autoClose: LOADING_TOAST_AUTO_CLOSE },
};

function toNotification(type: ToastType, input: ToastInput) {
  const { title, message, durationMs } =
    typeof input === 'string' ? { title: undefined, message: input, durationMs: undefined } : input;
  const style = TOAST_STYLE[type];
  return {
    title,
    message,
    color: style.color,
    autoClose: type === 'loading' ? style.autoClose : (durationMs ?? style.autoClose),
    loading: type === 'loading',
    withCloseButton: type !== 'loading',
  };
}

function show(type: ToastType, input: ToastInput): string {
  requestToastHost();
  return notifications.show(toNotification(type, input));
}

/** The shown toasts that asked the person to sign in ('Authentication required'). */
const signInPrompts = new Set<string>();

export const toast = {
  success: (input: ToastInput) => show('success', input),
  error: (input: ToastInput) => show('error', input),
  warning: (input: ToastInput) => show('warning', input),
  info: (input: ToastInput) => show('info', input),
  /** Shows a toast that stays until `toast.update` or `toast.dismiss`; returns its id. */
  loading: (input: ToastInput) => show('loading', input),
  /** Turns an existing toast (usually a loading one) into another type, with that type's duration. */
  update: (id: string, type: ToastType, input: ToastInput) =>
    notifications.update({ id, ...toNotification(type, input) }),
  dismiss: (id: string) => notifications.hide(id),
  /** An error that asks the person to sign in: it goes once they have (`endSignInPrompts`). */
  signInRequired: (input: ToastInput) => {
    const id = show('error', input);
    signInPrompts.add(id);
    return id;
  },
  /** Signed in: the toasts that asked for it no longer hold. */
  endSignInPrompts: () => {
    for (const id of signInPrompts) notifications.hide(id);
    signInPrompts.clear();
  },
};
