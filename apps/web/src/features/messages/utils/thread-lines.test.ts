import type { ThreadMessage } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { mergeThreadLines, withThreadLines } from './thread-lines';

const line = (id: string, createdAt: string, body = id): ThreadMessage => ({
  id,
  from: 'customer',
  body,
  createdAt,
});

const a = line('a', '2026-11-20T10:00:00.000Z');
const b = line('b', '2026-11-20T10:01:00.000Z');
const c = line('c', '2026-11-20T10:02:00.000Z');

describe('mergeThreadLines', () => {
  it('keeps each line once, however often it comes', () => {
    expect(mergeThreadLines([a, b], [b, c, c]).map((l) => l.id)).toEqual(['a', 'b', 'c']);
  });

  it('keeps the lines oldest first when a later one came first (live before the catch-up)', () => {
    expect(mergeThreadLines([a, c], [b]).map((l) => l.id)).toEqual(['a', 'b', 'c']);
  });

  it('keeps the server order of lines written in the same millisecond', () => {
    const same = '2026-11-20T10:00:00.000Z';
    expect(mergeThreadLines([line('y', same)], [line('x', same)]).map((l) => l.id)).toEqual(['y', 'x']);
  });

  it('returns the same list when nothing is new', () => {
    const known = [a, b];
    expect(mergeThreadLines(known, [a])).toBe(known);
  });
});

describe('withThreadLines', () => {
  it('starts a thread not kept yet, open', () => {
    expect(withThreadLines(undefined, [a])).toEqual({ messages: [a], open: true });
  });

  it('closes a kept thread without losing its lines', () => {
    expect(withThreadLines({ messages: [a], open: true }, [], false)).toEqual({ messages: [a], open: false });
  });

  it('returns the same thread when nothing changes', () => {
    const thread = { messages: [a], open: true };
    expect(withThreadLines(thread, [a])).toBe(thread);
  });
});
