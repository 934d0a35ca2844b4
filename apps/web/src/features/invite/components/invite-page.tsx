import { PagePlaceholder } from '@/components/page-placeholder';

// Placeholder until business registration from an invitation (spec §2) is built.
export function InvitePage() {
  return (
    <PagePlaceholder title="Business Registration">
      Registering your business from an invitation arrives here soon.
    </PagePlaceholder>
  );
}
