// Mantine's Modal by itself, for components/deferred-modal.tsx to load on demand: with it come its
// overlay, focus trap, scroll lock and scroll area, which a page whose dialogs are closed never runs.
export { Modal } from '@mantine/core';
