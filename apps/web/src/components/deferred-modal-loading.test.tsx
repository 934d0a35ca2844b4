import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, it, vi } from 'vitest';
import { theme } from '@/app/theme';
import { DeferredModal } from './deferred-modal';

// Mantine's Modal code arrives only when the test lets it: a dialog opened before then must wait for
// it and open once it is in. A file of its own: DeferredModal keeps the code once loaded.
const code = vi.hoisted(() => {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrive, arrived };
});
vi.mock('./mantine-modal', async (importOriginal) => {
  await code.arrived;
  return importOriginal();
});

function DenyButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Deny
      </button>
      <DeferredModal opened={opened} onClose={() => setOpened(false)} title="Deny this request?">
        <p>The customer is told.</p>
      </DeferredModal>
    </>
  );
}

it('opens a dialog tapped before its code has arrived once the code is in', async () => {
  const user = userEvent.setup();
  render(
    <MantineProvider theme={theme}>
      <DenyButton />
    </MantineProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Deny' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  code.arrive();
  expect(await screen.findByRole('dialog', { name: 'Deny this request?' })).toBeInTheDocument();
  expect(screen.getByText('The customer is told.')).toBeInTheDocument();
});
