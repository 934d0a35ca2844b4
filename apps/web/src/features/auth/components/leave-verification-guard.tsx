import { CODE_LENGTH, MESSAGES } from '@app/domain';
import { LeaveGuard } from '@/components/unsaved-changes-guard';

/**
 * While an account awaits its code (spec §2): the browser warns before unloading the page, and an
 * in-app navigation is held until the person chooses 'Stay on Page' or 'Leave Without Verifying'.
 * `isActive` is a function so that a successful confirmation can lift the guard and navigate in the
 * same tick.
 */
export function LeaveVerificationGuard({ isActive }: { isActive: () => boolean }) {
  return (
    <LeaveGuard
      isActive={isActive}
      title={MESSAGES.verificationRequiredTitle}
      message={`Your account is not verified yet. Enter the ${CODE_LENGTH}-digit code we emailed you to finish creating it. If you leave now, you will need to verify your account before you can sign in.`}
      leaveLabel={MESSAGES.leaveWithoutVerifying}
      size={500}
    />
  );
}
