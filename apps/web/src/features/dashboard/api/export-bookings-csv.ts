import type { BookingExportQuery } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /booking/export.csv?from=&to= → the CSV file (fetched with the Bearer token, as a Blob). */
export const exportBookingsCsv = ({ from, to }: BookingExportQuery): Promise<Blob> =>
  apiClient.download(`/booking/export.csv?${new URLSearchParams({ from, to })}`);

export const useExportBookingsCsvMutation = () => useMutation({ mutationFn: exportBookingsCsv });
