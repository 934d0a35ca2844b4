import { useCallback, useSyncExternalStore } from 'react';

/**
 * The Settings tab's checkboxes (spec §2, api-contract §5): kept in this browser's localStorage
 * only, never sent to the server.
 */

export const LOCAL_SETTINGS_KEY = 'trimtime.profile-settings';

// The notification choices are the account's (api-contract §8.3); what is left here is privacy.
export const LOCAL_SETTINGS_DEFAULTS = {
  usageData: false,
} as const satisfies Record<string, boolean>;

export type LocalSettings = { -readonly [K in keyof typeof LOCAL_SETTINGS_DEFAULTS]: boolean };
export type LocalSettingKey = keyof LocalSettings;

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedSettings: LocalSettings = { ...LOCAL_SETTINGS_DEFAULTS };

export function readLocalSettings(): LocalSettings {
  const raw = localStorage.getItem(LOCAL_SETTINGS_KEY);
  if (raw === cachedRaw) return cachedSettings;
  cachedRaw = raw;
  const settings: LocalSettings = { ...LOCAL_SETTINGS_DEFAULTS };
  try {
    const stored: unknown = raw ? JSON.parse(raw) : null;
    if (stored && typeof stored === 'object') {
      for (const key of Object.keys(settings) as LocalSettingKey[]) {
        const value = (stored as Record<string, unknown>)[key];
        if (typeof value === 'boolean') settings[key] = value;
      }
    }
  } catch {
    // A corrupt entry reads as the defaults.
  }
  cachedSettings = settings;
  return settings;
}

export function writeLocalSetting(key: LocalSettingKey, value: boolean): void {
  localStorage.setItem(LOCAL_SETTINGS_KEY, JSON.stringify({ ...readLocalSettings(), [key]: value }));
  for (const listener of listeners) listener();
}

/** Forgets the settings (account deletion clears what the app kept in the browser). */
export function clearLocalSettings(): void {
  localStorage.removeItem(LOCAL_SETTINGS_KEY);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === LOCAL_SETTINGS_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const DEFAULT_SNAPSHOT: LocalSettings = { ...LOCAL_SETTINGS_DEFAULTS };

export function useLocalSettings(): [LocalSettings, (key: LocalSettingKey, value: boolean) => void] {
  const settings = useSyncExternalStore(subscribe, readLocalSettings, () => DEFAULT_SNAPSHOT);
  const update = useCallback((key: LocalSettingKey, value: boolean) => writeLocalSetting(key, value), []);
  return [settings, update];
}
