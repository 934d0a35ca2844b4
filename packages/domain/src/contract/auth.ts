import { z } from 'zod';

// Response shapes of /api/auth/* (api-contract §2) and the error body of every call (§1).

export const LoginResponseSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number(),
  tokenType: z.literal('Bearer'),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const RefreshResponseSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type RefreshResponse = z.infer<typeof RefreshResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

export const RegisterResponseSchema = z.object({ message: z.string(), userConfirmed: z.literal(false) });
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

/** The invite check's answer (api-contract §2): email null for an unknown code. */
export const VerifyInviteResponseSchema = z.object({
  email: z.string().nullable(),
  valid: z.boolean(),
  expired: z.boolean(),
});
export type VerifyInviteResponse = z.infer<typeof VerifyInviteResponseSchema>;

export const SendInviteResponseSchema = z.object({
  message: z.string(),
  expiresAt: z.string().describe('ISO timestamp: the link stops working then'),
});
export type SendInviteResponse = z.infer<typeof SendInviteResponseSchema>;

/** Where a sent invitation stands: its link still works, has run out, or was used to register. */
export const INVITE_STATES = ['open', 'expired', 'used'] as const;
export type InviteState = (typeof INVITE_STATES)[number];

/** One invitation as the Admin's list shows it (issue 29, item 18); the code is never readable again. */
export const SentInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  sentAt: z.string().describe('ISO timestamp of the latest sending'),
  expiresAt: z.string().describe('ISO timestamp: the link stops working then'),
  state: z.enum(INVITE_STATES),
  usedAt: z.string().nullable().describe('ISO timestamp of the registration, once used'),
});
export type SentInvite = z.infer<typeof SentInviteSchema>;

/** GET /auth/invites: the latest invitations, newest first. */
export const SentInvitesResponseSchema = z.object({ invites: z.array(SentInviteSchema) });
export type SentInvitesResponse = z.infer<typeof SentInvitesResponseSchema>;

/** POST /auth/invites/{id}/resend: the invitation as it now stands (a new id, link and expiry). */
export const ResendInviteResponseSchema = z.object({ message: z.string(), invite: SentInviteSchema });
export type ResendInviteResponse = z.infer<typeof ResendInviteResponseSchema>;

/** The error body of every failed call (api-contract §1); `code` is one of ERROR_STATUS's keys. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
