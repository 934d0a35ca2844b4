import { profileFormFromProfile, type UserProfile } from '@app/domain';
import type { ReactNode } from 'react';
import { ProfileEditForm } from '@/components/profile-edit-form';

/**
 * The profile card's edit form, loaded when Edit is first pressed (or once the page is idle): it
 * brings the form rules (zod) that the card's first paint does not need.
 */
export function ProfileCardEdit({
  profile,
  address,
  addressNotice,
  onClose,
}: {
  profile: UserProfile;
  /** The stored address; undefined when it could not be read (the form then holds no address). */
  address: string | null | undefined;
  addressNotice: ReactNode;
  onClose: () => void;
}) {
  return (
    <ProfileEditForm
      initialValues={profileFormFromProfile({ ...profile, Address: address ?? '' })}
      withAddress
      isAddressLoaded={address !== undefined}
      addressNotice={addressNotice}
      explainsNetworkErrors
      onClose={onClose}
    />
  );
}
