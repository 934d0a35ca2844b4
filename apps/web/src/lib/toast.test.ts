import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { toast } from './toast';

describe('toast', () => {
  it.each([
    ['success', 4000],
    ['error', 5000],
    ['warning', 4000],
    ['info', 3000],
  ] as const)('closes a %s toast after the spec duration (%i ms)', (type, ms) => {
    const show = vi.spyOn(notifications, 'show');
    toast[type]({ title: 'Title', message: 'Message' });
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Title', message: 'Message', autoClose: ms }),
    );
  });

  it('keeps a loading toast until it is updated, which then closes on its own', () => {
    const show = vi.spyOn(notifications, 'show');
    const update = vi.spyOn(notifications, 'update');
    const id = toast.loading('Saving...');
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ loading: true, autoClose: false }));

    toast.update(id, 'success', 'Saved');
    expect(update).toHaveBeenCalledWith(
      expect.objectContaining({ id, message: 'Saved', loading: false, autoClose: 4000 }),
    );
  });

  it('takes a duration the spec sets for one toast', () => {
    const show = vi.spyOn(notifications, 'show');
    toast.success({ message: 'Minimum price updated successfully!', durationMs: 3000 });
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'teal', autoClose: 3000 }));
  });
});
