import { PagePlaceholder } from '@/components/page-placeholder';

// Placeholder until the business dashboard (spec §2 "Admin dashboard") is built.
export function AdminPage() {
  return (
    <PagePlaceholder title="Business Dashboard">
      Managing your requests, opening hours and prices arrives here soon.
    </PagePlaceholder>
  );
}
