import type { UserProfile } from '@app/domain';
import { Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { useBusinessProfile } from '../api/business-profile';

interface BusinessProfileGateProps {
  /** The skeleton's name while the profile loads (e.g. 'Loading your hours'). */
  loadingLabel: string;
  /** What the alert says when it cannot be read; Retry reads it again. */
  failedMessage: string;
  skeletonHeight?: number;
  children: (profile: UserProfile) => ReactNode;
}

/** A dashboard tab that works on the business's own profile: shown once it is read. */
export function BusinessProfileGate({
  loadingLabel,
  failedMessage,
  skeletonHeight = 360,
  children,
}: BusinessProfileGateProps) {
  const profileQuery = useBusinessProfile();
  if (profileQuery.data) return children(profileQuery.data);
  if (profileQuery.isError) {
    return (
      <LoadErrorAlert
        message={failedMessage}
        onRetry={() => profileQuery.refetch()}
        isRetrying={profileQuery.isFetching}
      />
    );
  }
  return <Skeleton height={skeletonHeight} radius="lg" aria-label={loadingLabel} />;
}
