import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readDraft, useDraft, useSaveDraft, writeDraft } from './draft-storage';

const parse = (raw: unknown) =>
  typeof raw === 'object' && raw !== null ? (raw as { step: string }) : { step: 'first' };

function useWizardDraft({ isEnabled, step }: { isEnabled: boolean; step: string }, key: () => string) {
  const store = useDraft(key, parse, { isEnabled });
  useSaveDraft(store, { step });
  return store;
}

describe('a wizard draft that starts once its page has hydrated', () => {
  it('saves nothing while off, then starts under the key of that moment and keeps every change', () => {
    const key = vi.fn(() => 'booking.person.shop');
    const { result, rerender } = renderHook((props) => useWizardDraft(props, key), {
      initialProps: { isEnabled: false, step: 'first' },
    });
    expect(result.current.initial).toEqual({ step: 'first' });
    expect(key).not.toHaveBeenCalled();
    expect(readDraft('booking.person.shop')).toBeNull();

    rerender({ isEnabled: true, step: 'first' });
    expect(key).toHaveBeenCalledTimes(1);
    expect(result.current.key).toBe('booking.person.shop');
    expect(readDraft('booking.person.shop')).toEqual({ step: 'first' });

    rerender({ isEnabled: true, step: 'price' });
    expect(readDraft('booking.person.shop')).toEqual({ step: 'price' });
    expect(key).toHaveBeenCalledTimes(1);

    result.current.finish();
    rerender({ isEnabled: true, step: 'review' });
    expect(readDraft('booking.person.shop')).toBeNull();
  });

  it('reads a saved draft when on from the start', () => {
    writeDraft('invite.code', { step: 'hours' });
    const { result } = renderHook(() =>
      useWizardDraft({ isEnabled: true, step: 'hours' }, () => 'invite.code'),
    );
    expect(result.current.initial).toEqual({ step: 'hours' });
  });
});
