import { AccountExportSchema, type AccountExport } from '@otakura/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { PRODUCT_SLUG } from '@/lib/product';

/** `GET /me/export`: everything held about the user (checked against the shared contract). */
export function exportAccount(): Promise<AccountExport> {
  return api.get('/me/export', { schema: AccountExportSchema, retry: false });
}

/** The file name the server gives in Content-Disposition: `otakura-data-<username>.json`. */
export function exportFileName(username: string): string {
  return `${PRODUCT_SLUG}-data-${username}.json`;
}

/** Hands a JSON document to the browser as a file download. */
export function saveJsonFile(data: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser a moment to start reading the blob before it is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads the user's data as a JSON file. */
export function useExportAccountMutation() {
  return useMutation({
    mutationFn: async () => {
      const data = await exportAccount();
      saveJsonFile(data, exportFileName(data.profile.username));
      return data;
    },
  });
}
