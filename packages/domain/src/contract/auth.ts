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

/** The error body of every failed call (api-contract §1); `code` is one of ERROR_STATUS's keys. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
