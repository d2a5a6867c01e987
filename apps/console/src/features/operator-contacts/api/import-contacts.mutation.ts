import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../shared/api/console-client';
import { showStartedImport } from './started-import';

/** Uploads a contacts CSV as the form field `file`; the engine queues its import and answers at once. */
export function useImportContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return consoleCall('operatorImportContacts', { form });
    },
    onSuccess: (started) => showStartedImport(queryClient, started),
  });
}
