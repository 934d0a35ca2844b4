import { act, render, screen } from '@testing-library/react';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRouter, createAppHistory } from './navigation';
import { FIRST_STEP, useStepwiseCount } from './use-stepwise-count';

function List({ total, startAfter }: { total: number; startAfter?: number }) {
  const count = useStepwiseCount(total, startAfter);
  return (
    <ul>
      {Array.from({ length: count }, (_, index) => `item ${index}`).map((name) => (
        <li key={name}>{name}</li>
      ))}
    </ul>
  );
}

function renderList(
  total: number,
  history = createAppHistory(createMemoryHistory({ v5Compat: true })),
  startAfter?: number,
) {
  const view = render(
    <AppRouter history={history}>
      <List total={total} startAfter={startAfter} />
    </AppRouter>,
  );
  return { ...view, history };
}

const items = () => screen.queryAllByRole('listitem').length;

describe('useStepwiseCount', () => {
  afterEach(() => vi.useRealTimers());

  it('on the first page, renders the first few at once and the rest a step per task', async () => {
    vi.useFakeTimers();
    renderList(10);
    expect(items()).toBe(FIRST_STEP);
    await act(() => vi.advanceTimersToNextTimerAsync());
    expect(items()).toBe(2 * FIRST_STEP);
    await act(() => vi.runAllTimersAsync());
    expect(items()).toBe(10);
  });

  it('staggers a list lower on the page: it waits its steps, then steps as the first does', async () => {
    vi.useFakeTimers();
    renderList(7, undefined, 2);
    expect(items()).toBe(0);
    await act(() => vi.advanceTimersToNextTimerAsync());
    expect(items()).toBe(0);
    await act(() => vi.advanceTimersToNextTimerAsync());
    expect(items()).toBe(FIRST_STEP);
    await act(() => vi.advanceTimersToNextTimerAsync());
    expect(items()).toBe(7);
  });

  it('waits for the list to arrive, then steps; once whole, a longer list renders at once', async () => {
    vi.useFakeTimers();
    const { rerender, history } = renderList(0);
    await act(() => vi.runAllTimersAsync());
    expect(items()).toBe(0);
    const list = (total: number) => (
      <AppRouter history={history}>
        <List total={total} />
      </AppRouter>
    );
    rerender(list(6));
    expect(items()).toBe(FIRST_STEP);
    await act(() => vi.runAllTimersAsync());
    expect(items()).toBe(6);
    // The next page of results.
    rerender(list(30));
    expect(items()).toBe(30);
  });

  it('after a move between pages, renders whole at once (Back can restore a long scroll)', () => {
    const history = createAppHistory(createMemoryHistory({ v5Compat: true }));
    act(() => history.push('/elsewhere'));
    renderList(12, history);
    expect(items()).toBe(12);
  });
});
