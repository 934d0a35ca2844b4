import { INVITE_EXPIRY_HOURS, MESSAGES, SendInviteRequestSchema } from '@app/domain';
import { Button, Group, List, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { IconSend } from '@/components/icons';
import { serverMessageOf } from '@/lib/server-message';
import { toast } from '@/lib/toast';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useSendBusinessInviteMutation } from '../api/send-business-invite';
import { DASHBOARD_FAILURE } from '../utils/errors';
import { SentInvitesCard } from './sent-invites-card';

/** 'Sat 5 Dec 2026 at 14:30' in the browser's clock: when the link stops working. */
export function formatExpiry(expiresAt: string | number): string | null {
  const date = new Date(expiresAt);
  if (Number.isNaN(date.getTime())) return null;
  const day = date.toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return `${day} at ${time}`;
}

/** The Invite Business tab (Admin only, spec §2): email a single-use, 48-hour registration link. */
export function InviteBusinessPanel() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const sendInvite = useSendBusinessInviteMutation();
  const sending = useSingleFlight();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.isInFlight()) return;
    const parsed = SendInviteRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.inviteEmailRequired);
      return;
    }
    setError(null);
    const invited = parsed.data.email;
    void sending.run(() =>
      sendInvite.mutateAsync(parsed.data).then(
        (response) => {
          setEmail('');
          const expiry = response?.expiresAt !== undefined ? formatExpiry(response.expiresAt) : null;
          toast.success({
            title: MESSAGES.invitationSent,
            message: expiry
              ? `We emailed an invitation to ${invited}. The link works once, until ${expiry}.`
              : `We emailed an invitation to ${invited}.`,
          });
        },
        (failure) =>
          toast.error({
            title: MESSAGES.invitationFailed,
            message: serverMessageOf(failure, DASHBOARD_FAILURE) ?? MESSAGES.failedToInvite,
          }),
      ),
    );
  };

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 'md', lg: 'xl' }}>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="invite-title">
          <Title order={2} fz="h3" id="invite-title" mb={4}>
            Invite a Business
          </Title>
          <Text c="dimmed" size="sm" mb="md">
            Send a registration link to a barber or hair and beauty provider.
          </Text>
          <form onSubmit={submit} noValidate aria-label="Invite a business">
            <Stack gap="sm">
              <TextInput
                label="Business email address"
                type="email"
                autoComplete="off"
                placeholder="owner@example.com"
                value={email}
                onChange={(event) => {
                  setEmail(event.currentTarget.value);
                  if (error) setError(null);
                }}
                error={error}
              />
              <Group>
                <Button type="submit" loading={sendInvite.isPending} leftSection={<IconSend size={18} />}>
                  Send Invitation
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
        <Paper
          withBorder
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby="invite-how-title"
          bg="brand.0"
        >
          <Title order={2} fz="h4" id="invite-how-title" mb="sm">
            How invitations work
          </Title>
          <List size="sm" spacing="xs">
            <List.Item>The link is emailed to the address you enter and works once.</List.Item>
            <List.Item>It expires after {INVITE_EXPIRY_HOURS} hours; send a new one if it does.</List.Item>
            <List.Item>
              The business completes its registration (details, shop, hours and prices), confirms its email
              and then appears in Available Barbers.
            </List.Item>
          </List>
        </Paper>
      </SimpleGrid>
      <SentInvitesCard />
    </Stack>
  );
}
