import { type ComponentProps, lazy, Suspense } from 'react';

/**
 * The booking wizard's two dialogs, each its own chunk and off the page's first load: the wizard
 * renders them closed, so each chunk loads once the wizard is on screen, and Mantine still sees
 * `opened` change (it returns focus to the opener on closing).
 */
const LazyHomeVisitAddressModal = lazy(() =>
  import('./home-visit-address-modal').then((module) => ({ default: module.HomeVisitAddressModal })),
);
const LazyBookingSuccessModal = lazy(() =>
  import('./booking-success-modal').then((module) => ({ default: module.BookingSuccessModal })),
);

export function HomeVisitAddressModal(props: ComponentProps<typeof LazyHomeVisitAddressModal>) {
  return (
    <Suspense fallback={null}>
      <LazyHomeVisitAddressModal {...props} />
    </Suspense>
  );
}

export function BookingSuccessModal(props: ComponentProps<typeof LazyBookingSuccessModal>) {
  return (
    <Suspense fallback={null}>
      <LazyBookingSuccessModal {...props} />
    </Suspense>
  );
}
