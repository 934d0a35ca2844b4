import { type InviteState, MESSAGES, type SentInvite } from '@app/domain';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConfirmButton } from '@/components/confirm-button';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { serverMessageOf } from '@/lib/server-message';
import { toast } from '@/lib/toast';
import { useSingleFlight } from '@/lib/use-single-flight';
import {
  sentInvitesQueryOptions,
  useResendInviteMutation,
  useRevokeInviteMutation,
} from '../api/send-business-invite';
import { DASHBOARD_FAILURE } from '../utils/errors';
import classes from './dashboard.module.css';
import { formatExpiry } from './invite-business-panel';

const STATE_BADGE: Record<InviteState, { color: string; label: string }> = {
  open: { color: 'teal', label: 'Open' },
  expired: { color: 'gray', label: 'Expired' },
  used: { color: 'green', label: 'Registered' },
};

/** 'Sent Tue 1 Dec 2026 at 09:00 · Expires Thu 3 Dec 2026 at 09:00', as the invitation stands. */
function inviteTimes(invite: SentInvite): string {
  const sent = `Sent ${formatExpiry(invite.sentAt) ?? invite.sentAt}`;
  if (invite.state === 'used') return `Registered ${formatExpiry(invite.usedAt ?? '') ?? ''}`.trim();
  const expiry = formatExpiry(invite.expiresAt) ?? invite.expiresAt;
  return `${sent} · ${invite.state === 'expired' ? 'Expired' : 'Expires'} ${expiry}`;
}

/** One invitation, with Resend and Revoke while it is unused. */
function SentInviteItem({ invite }: { invite: SentInvite }) {
  const resend = useResendInviteMutation();
  const revoke = useRevokeInviteMutation();
  // A second tap while the first resend runs would find the invitation renewed under a new id.
  const resending = useSingleFlight();
  const emailId = useId();
  const [isRevoked, setIsRevoked] = useState(false);
  const badge = STATE_BADGE[invite.state];
  const failed = (title: string) => (error: unknown) =>
    toast.error({ title, message: serverMessageOf(error, DASHBOARD_FAILURE) ?? MESSAGES.failedToInvite });

  return (
    <Paper component="li" withBorder p="sm" radius="md" aria-labelledby={emailId}>
      <Group justify="space-between" gap="sm" align="flex-start">
        <div className={classes.minWidth0}>
          <Group gap="xs" wrap="nowrap">
            <Text fw={700} className={classes.breakWord} id={emailId}>
              {invite.email}
            </Text>
            <Badge color={badge.color} variant="light" className={classes.noShrink}>
              {badge.label}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {inviteTimes(invite)}
          </Text>
        </div>
        {invite.state === 'used' || isRevoked ? null : (
          <Group gap="xs" wrap="nowrap">
            <Button
              variant="default"
              size="sm"
              loading={resend.isPending}
              disabled={revoke.isPending}
              aria-label={`Resend invitation to ${invite.email}`}
              onClick={() =>
                void resending.run(() =>
                  resend.mutateAsync(invite.id).then(({ invite: sent }) => {
                    const until = formatExpiry(sent.expiresAt);
                    toast.success({
                      title: 'Invitation sent again',
                      message: `We emailed a new link to ${sent.email}${until ? `, valid until ${until}` : ''}. The earlier link no longer works.`,
                    });
                  }, failed('Invitation not sent')),
                )
              }
            >
              Resend
            </Button>
            <ConfirmButton
              label="Revoke"
              accessibleName={`Revoke invitation to ${invite.email}`}
              keepLabel="Keep Invitation"
              first={{
                title: 'Revoke this invitation?',
                body: `The link emailed to ${invite.email} stops working at once. You can invite them again later.`,
                confirmLabel: 'Revoke Invitation',
              }}
              isPending={revoke.isPending}
              onConfirm={() =>
                revoke.mutateAsync(invite.id).then(() => {
                  setIsRevoked(true);
                  toast.success({ title: 'Invitation revoked', message: invite.email });
                }, failed('Invitation not revoked'))
              }
            />
          </Group>
        )}
      </Group>
    </Paper>
  );
}

/** The invitations the Admins sent (issue 29, item 18): where each stands, Resend and Revoke. */
export function SentInvitesCard() {
  const query = useQuery(sentInvitesQueryOptions());
  const invites = query.data?.invites;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="sent-invites-title">
      <Title order={2} fz="h4" id="sent-invites-title" mb={4}>
        Sent invitations
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        The newest first. Resend one to email a new link; revoke one to stop its link working.
      </Text>
      {query.isError ? (
        <LoadErrorAlert
          message={MESSAGES.failedToLoadData}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : !invites ? (
        <div role="status" aria-label="Loading the invitations">
          <Skeleton height={64} radius="md" />
        </div>
      ) : invites.length === 0 ? (
        <Text c="dimmed" size="sm">
          No invitations sent yet.
        </Text>
      ) : (
        <Stack component="ul" gap="xs" className={classes.plainList} aria-labelledby="sent-invites-title">
          {invites.map((invite) => (
            <SentInviteItem key={invite.id} invite={invite} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
