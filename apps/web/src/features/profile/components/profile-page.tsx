import { PagePlaceholder } from '@/components/page-placeholder';

// Placeholder until the customer profile (spec §2 "Customer profile") is built.
export function ProfilePage() {
  return (
    <PagePlaceholder title="My Profile">
      Your profile, bookings and settings arrive here soon.
    </PagePlaceholder>
  );
}
