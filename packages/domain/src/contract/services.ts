import { z } from 'zod';
import { SLOT_STEPS } from '../services';
import { AvailabilityResponseSchema } from './users';

// Response shapes of a shop's services and team (api-contract §9.3).

/** One service of a business's menu. */
export const ServiceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    durationMinutes: z.number().int().describe('15 to 240, a multiple of 15'),
    minimumPrice: z.number().int().describe('The lowest offer a request for it may make, whole pounds'),
    description: z.string().nullable(),
  })
  .meta({ id: 'Service' });
export type Service = z.infer<typeof ServiceSchema>;

/** GET /booking/services: in the business's order. */
export const ServicesResponseSchema = z.object({ services: z.array(ServiceSchema) });
export type ServicesResponse = z.infer<typeof ServicesResponseSchema>;

/** POST /user/services, PUT /user/services/{id}. */
export const ServiceResultSchema = z.object({ service: ServiceSchema });

/** One of a member's own away periods (both dates inclusive). */
export const MemberAwayDateSchema = z
  .object({ startDate: z.string(), endDate: z.string(), reason: z.string().nullable() })
  .meta({ id: 'MemberAwayDate' });
export type MemberAwayDate = z.infer<typeof MemberAwayDateSchema>;

/** One member of a business's team. */
export const TeamMemberSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    serviceIds: z.array(z.string()).describe('The services they do'),
    availability: AvailabilityResponseSchema.nullable().describe(
      'Their own weekly hours; null: the business’s',
    ),
    awayDates: z
      .array(MemberAwayDateSchema)
      .optional()
      .describe('Their own away periods, on top of the business’s: the business’s own team only'),
  })
  .meta({ id: 'TeamMember' });
export type TeamMember = z.infer<typeof TeamMemberSchema>;

/** GET /booking/team. */
export const TeamResponseSchema = z.object({ team: z.array(TeamMemberSchema) });
export type TeamResponse = z.infer<typeof TeamResponseSchema>;

/** POST /user/team, PUT /user/team/{id}. */
export const MemberResultSchema = z.object({ member: TeamMemberSchema });

/** GET/PUT /user/booking-settings. */
export const BookingSettingsResponseSchema = z.object({
  slotStepMinutes: z.union(SLOT_STEPS.map((step) => z.literal(step))),
});

/** Time blocked on one member's diary (GET/POST /user/blocks), the business's own. */
export const MemberBlockSchema = z
  .object({
    id: z.string(),
    memberId: z.string(),
    date: z.string().describe('YYYY-MM-DD'),
    start: z.string().describe('HH:MM, NI wall clock'),
    end: z.string().describe('HH:MM, NI wall clock'),
    reason: z.string().nullable().describe('The business’s own note'),
  })
  .meta({ id: 'MemberBlock' });
export type MemberBlock = z.infer<typeof MemberBlockSchema>;

/** GET /user/blocks: the blocks to come (from today), earliest first. */
export const MemberBlocksResponseSchema = z.object({ blocks: z.array(MemberBlockSchema) });
export type MemberBlocksResponse = z.infer<typeof MemberBlocksResponseSchema>;

/** POST /user/blocks. */
export const MemberBlockResultSchema = z.object({ block: MemberBlockSchema });
