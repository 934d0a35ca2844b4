import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('avatar initials', () => {
  it('makes initials for the avatar', () => {
    expect(initialsOf('aoife', 'Byrne')).toBe('AB');
    expect(initialsOf('', null)).toBe('?');
  });
});
