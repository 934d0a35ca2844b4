import { useEffect, useRef } from 'react';

/**
 * A booking's card that a link named (`?booking=ID`: after a request, from an email): brought into
 * view and focus once, after the page has settled (its own focus included). Spread the returned
 * props on the card: its ref, and while highlighted `tabIndex={-1}` and `data-highlighted`
 * (app/global.css draws the ring).
 */
export function useBringIntoView<T extends HTMLElement>(isHighlighted: boolean) {
  const ref = useRef<T>(null);
  const isDone = useRef(false);
  useEffect(() => {
    if (!isHighlighted || isDone.current) return;
    isDone.current = true;
    const frame = requestAnimationFrame(() => {
      ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      ref.current?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [isHighlighted]);
  return {
    ref,
    tabIndex: isHighlighted ? -1 : undefined,
    'data-highlighted': isHighlighted || undefined,
  };
}
