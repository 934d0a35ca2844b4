import { accountExportFilename, todayInLondon } from '@app/domain';
import { Button, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { serverMessageOf } from '@/lib/server-message';
import { toast } from '@/lib/toast';

// A person's own data (api-contract §9.4, UK GDPR access and portability): the JSON export of
// GET /user/export, saved as a file. Settings offers it, and account deletion offers it first.

export const DOWNLOAD_TEXT = {
  hint: 'A JSON file of your account, your bookings, their messages and your reviews.',
  done: 'Your data is downloaded',
  failed: 'Failed to download your data',
} as const;

/** The button that downloads the account's data, with a line on what it holds (unless `bare`). */
export function DownloadMyData({ bare = false }: { bare?: boolean }) {
  const download = useMutation({ mutationFn: () => apiClient.download('/user/export') });
  const start = () =>
    download.mutate(undefined, {
      onSuccess: (blob) => {
        saveFile(blob, accountExportFilename(todayInLondon()));
        toast.success(DOWNLOAD_TEXT.done);
      },
      onError: (error) =>
        toast.error({ title: DOWNLOAD_TEXT.failed, message: serverMessageOf(error) ?? 'Please try again.' }),
    });
  return (
    <>
      {bare ? null : (
        <Text size="sm" mb="sm">
          {DOWNLOAD_TEXT.hint}
        </Text>
      )}
      <Button variant="default" onClick={start} loading={download.isPending}>
        Download My Data
      </Button>
    </>
  );
}
