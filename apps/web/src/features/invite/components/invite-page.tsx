import { inviteProblemMessage, MESSAGES } from '@app/domain';
import { useState } from 'react';
import { useParams } from 'react-router';
import { FullPageLoader } from '@/components/full-page-loader';
import { useVerifyInvite } from '../api/verify-invite';
import { InvalidInvite } from './invalid-invite';
import { InviteConfirm } from './invite-confirm';
import { InviteWizard, type RegisteredAccount } from './invite-wizard';

/**
 * /invite/{inviteCode} (spec §2 "Business invite registration"): check the invite, then the
 * four-step registration wizard, then 'Confirm Your Account'.
 */
export function InvitePage() {
  const { inviteCode = '' } = useParams();
  return (
    <>
      {/* The code is a secret: no request from this page may carry it in a Referer header. The
          server also sends Referrer-Policy: no-referrer on /invite/*. React hoists this into <head>. */}
      <meta name="referrer" content="no-referrer" />
      <InviteFlow key={inviteCode} inviteCode={inviteCode} />
    </>
  );
}

function InviteFlow({ inviteCode }: { inviteCode: string }) {
  const check = useVerifyInvite(inviteCode);
  const [account, setAccount] = useState<RegisteredAccount | null>(null);

  // Once registered the invite is used: the confirm screen stays whatever a later check would say.
  if (account) return <InviteConfirm account={account} />;
  if (check.isPending) return <FullPageLoader label={MESSAGES.verifyingInvitation} />;
  // A failed check treats the invite as invalid (spec §8).
  const problem = check.isError ? MESSAGES.inviteInvalidOrUsed : inviteProblemMessage(check.data);
  const email = check.data?.email;
  if (problem || !email) return <InvalidInvite message={problem ?? MESSAGES.inviteInvalidOrUsed} />;
  return <InviteWizard inviteCode={inviteCode} email={email} onRegistered={setAccount} />;
}
