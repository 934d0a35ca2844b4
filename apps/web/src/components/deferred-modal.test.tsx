import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { theme } from '@/app/theme';
import { DeferredModal } from './deferred-modal';

function Cards({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => `Card ${index + 1}`).map((name) => (
    <Card key={name} name={name} />
  ));
}

function Card({ name }: { name: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Deny {name}
      </button>
      <DeferredModal opened={opened} onClose={() => setOpened(false)} title={`Deny ${name}?`}>
        <button type="button" onClick={() => setOpened(false)}>
          Keep Request
        </button>
      </DeferredModal>
    </>
  );
}

const renderCards = (count: number) =>
  render(
    <MantineProvider theme={theme}>
      <Cards count={count} />
    </MantineProvider>,
  );

describe('DeferredModal', () => {
  it('puts nothing into the document while it has never been opened', () => {
    renderCards(5);
    expect(document.querySelectorAll('[data-portal]')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens as a Modal does, closes, and opens again', async () => {
    const user = userEvent.setup();
    renderCards(3);
    await user.click(screen.getByRole('button', { name: 'Deny Card 2' }));
    expect(await screen.findByRole('dialog', { name: 'Deny Card 2?' })).toBeInTheDocument();
    // Only the opened card's dialog is in the document.
    expect(document.querySelectorAll('[data-portal]')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Keep Request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Deny Card 2' }));
    expect(await screen.findByRole('dialog', { name: 'Deny Card 2?' })).toBeInTheDocument();
  });
});
