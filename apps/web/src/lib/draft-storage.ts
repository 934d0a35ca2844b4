import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Unfinished work kept for the tab's life (sessionStorage): a reload or a visit to another page
 * brings it back, closing the tab ends it. Never put a password here. Storage that is full or
 * switched off only loses the draft.
 */
const PREFIX = 'trimtime.draft.';

const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
};

export function readDraft(key: string): unknown {
  try {
    const raw = storage()?.getItem(PREFIX + key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, value: unknown): void {
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Full or disabled storage: the draft is simply not kept.
  }
}

export function clearDraft(key: string): void {
  try {
    storage()?.removeItem(PREFIX + key);
  } catch {
    // Nothing to clear.
  }
}

/** Ends every draft (signing out: the next person on this tab must not see them). */
export function clearAllDrafts(): void {
  const store = storage();
  if (!store) return;
  try {
    const keys = Array.from({ length: store.length }, (_, index) => store.key(index));
    for (const key of keys) if (key?.startsWith(PREFIX)) store.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A wizard's draft: what was saved when it opened, and the end of it once the work is done. */
export interface DraftStore<T> {
  /** The saved draft (parsed), read once when the wizard opened. */
  initial: T;
  /** Ends the draft after the work is sent; nothing is saved after it. */
  finish: () => void;
  isFinished: () => boolean;
  key: string;
}

/**
 * The draft under `key`, read once and parsed field by field by `parse`; `useSaveDraft` keeps it up
 * to date. Not `isEnabled` (a page hydrating its server render, which had no storage): the empty
 * draft, not saved. A draft enabled later (the page hydrated, and the tab held no draft to restore)
 * starts then, empty: its key is fixed at the first enabled render (an initialiser is run once).
 */
export function useDraft<T>(
  key: string | (() => string),
  parse: (raw: unknown) => T,
  { isEnabled = true }: { isEnabled?: boolean } = {},
): DraftStore<T> {
  const fixedKey = useRef<string | null>(null);
  if (isEnabled && fixedKey.current === null) fixedKey.current = typeof key === 'function' ? key() : key;
  const [initial] = useState(() => parse(fixedKey.current === null ? null : readDraft(fixedKey.current)));
  const isFinishedRef = useRef(false);
  const finish = useCallback(() => {
    isFinishedRef.current = true;
    if (fixedKey.current !== null) clearDraft(fixedKey.current);
  }, []);
  const isFinished = useCallback(() => isFinishedRef.current || fixedKey.current === null, []);
  return { initial, finish, isFinished, key: fixedKey.current ?? '' };
}

/** Saves `value` (plain JSON) on every change, until the draft is finished. */
export function useSaveDraft(store: Pick<DraftStore<unknown>, 'key' | 'isFinished'>, value: unknown) {
  const serialised = JSON.stringify(value);
  const { key, isFinished } = store;
  useEffect(() => {
    if (!isFinished()) writeDraft(key, JSON.parse(serialised));
  }, [key, serialised, isFinished]);
}
