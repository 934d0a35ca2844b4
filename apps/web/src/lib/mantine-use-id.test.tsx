import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useId } from './mantine-use-id';

describe('useId (Mantine’s, from React)', () => {
  it('returns the given id as it is', () => {
    const { result } = renderHook(() => useId('price-input'));
    expect(result.current).toBe('price-input');
  });

  it('makes a stable mantine- id that a CSS selector can name, different per component', () => {
    const first = renderHook(() => useId());
    const second = renderHook(() => useId());
    const id = first.result.current;
    expect(id).toMatch(/^mantine-[A-Za-z0-9_-]+$/);
    expect(second.result.current).not.toBe(id);
    first.rerender();
    expect(first.result.current).toBe(id);
    expect(() => document.querySelector(`#${id}`)).not.toThrow();
  });

  it('renders once on mount, where Mantine’s own renders twice', () => {
    let renders = 0;
    renderHook(() => {
      renders += 1;
      return useId();
    });
    expect(renders).toBe(1);
  });
});
