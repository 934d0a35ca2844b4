import type {
  BlockRequest,
  BookingSettingsRequest,
  MemberBlock,
  MemberBlocksResponse,
  MemberRequest,
  Service,
  ServiceRequest,
  ServicesResponse,
  TeamMember,
} from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// A shop's menu, team and booking step (api-contract §9.3), as the business manages them.

export const useServices = () =>
  useQuery({
    queryKey: queryKeys.services,
    queryFn: () => apiClient.get<ServicesResponse>('/user/services'),
  });

export const useBookingSettings = () =>
  useQuery({
    queryKey: queryKeys.bookingSettings,
    queryFn: () => apiClient.get<{ slotStepMinutes: number }>('/user/booking-settings'),
  });

/**
 * A change of the menu or team: the menu, the team and every free-time answer are read again, and
 * the profile (its minimum price is the first service's, api-contract §9.3 as the server keeps it).
 */
function useCatalogChange<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.services }),
        queryClient.invalidateQueries({ queryKey: queryKeys.team }),
        queryClient.invalidateQueries({ queryKey: queryKeys.bookingSettings }),
        queryClient.invalidateQueries({ queryKey: queryKeys.blocks }),
        queryClient.invalidateQueries({ queryKey: queryKeys.businesses }),
        queryClient.invalidateQueries({ queryKey: queryKeys.userDetails }),
      ]),
  });
}

export const useSaveService = () =>
  useCatalogChange(({ id, ...body }: ServiceRequest & { id?: string }) =>
    id
      ? apiClient.put<{ service: Service }>(`/user/services/${encodeURIComponent(id)}`, body)
      : apiClient.post<{ service: Service }>('/user/services', body),
  );

export const useRemoveService = () =>
  useCatalogChange((id: string) => apiClient.delete<void>(`/user/services/${encodeURIComponent(id)}`));

export const useReorderServices = () =>
  useCatalogChange((serviceIds: string[]) =>
    apiClient.put<ServicesResponse>('/user/services/order', { serviceIds }),
  );

export const useSaveMember = () =>
  useCatalogChange(({ id, ...body }: MemberRequest & { id?: string }) =>
    id
      ? apiClient.put<{ member: TeamMember }>(`/user/team/${encodeURIComponent(id)}`, body)
      : apiClient.post<{ member: TeamMember }>('/user/team', body),
  );

export const useRemoveMember = () =>
  useCatalogChange((id: string) => apiClient.delete<void>(`/user/team/${encodeURIComponent(id)}`));

export const useSaveBookingSettings = () =>
  useCatalogChange((body: BookingSettingsRequest) =>
    apiClient.put<{ slotStepMinutes: number }>('/user/booking-settings', body),
  );

export const useBlocks = () =>
  useQuery({
    queryKey: queryKeys.blocks,
    queryFn: () => apiClient.get<MemberBlocksResponse>('/user/blocks'),
  });

export const useAddBlock = () =>
  useCatalogChange((body: BlockRequest) => apiClient.post<{ block: MemberBlock }>('/user/blocks', body));

export const useRemoveBlock = () =>
  useCatalogChange((id: string) => apiClient.delete<void>(`/user/blocks/${encodeURIComponent(id)}`));
