import { PagePlaceholder } from '@/components/page-placeholder';

// Placeholder until the businesses list (spec §2 "Businesses list") is built.
export function BusinessesPage() {
  return (
    <PagePlaceholder title="Available Barbers">
      Browsing barbers and hair and beauty providers near you arrives soon.
    </PagePlaceholder>
  );
}
