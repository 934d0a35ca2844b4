import type { TeamResponse } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /user/team: the business's own team, in its order (api-contract §9.3). */
export const getTeam = (): Promise<TeamResponse> => apiClient.get<TeamResponse>('/user/team');

/** The team, for choosing who does a booking; off until `enabled` (a dialog opened). */
export const useTeam = (enabled = true) =>
  useQuery({ queryKey: queryKeys.team, queryFn: getTeam, enabled, staleTime: 60_000 });
