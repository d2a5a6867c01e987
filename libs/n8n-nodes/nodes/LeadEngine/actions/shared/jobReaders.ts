import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { jsonItems, runPerItem } from '../../execution/runPerItem';
import { attachmentFilename } from '../../transport/attachmentFilename';
import { engineDownload, engineRequest } from '../../transport/engineRequest';

type Execute = (this: IExecuteFunctions) => Promise<INodeExecutionData[]>;

/** Get: reads one job by the id in `idParameter`. */
export function readJob(idParameter: string, statusPath: (id: string) => string): Execute {
  return async function (this: IExecuteFunctions) {
    return await runPerItem(this, async (itemIndex) => {
      const id = encodeURIComponent(this.getNodeParameter(idParameter, itemIndex) as string);
      return jsonItems(await engineRequest.call(this, { method: 'GET', path: statusPath(id), itemIndex }));
    });
  };
}

/** Get Many: the engine's listing of recent jobs (at most 50), all or up to the limit. */
export function listJobs(listPath: string, listKey: string): Execute {
  return async function (this: IExecuteFunctions) {
    return await runPerItem(this, async (itemIndex) => {
      const response = await engineRequest.call(this, { method: 'GET', path: listPath, itemIndex });
      const jobs = (response[listKey] as IDataObject[]) ?? [];
      const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
      return jsonItems(returnAll ? jobs : jobs.slice(0, this.getNodeParameter('limit', itemIndex, 50) as number));
    });
  };
}

/** Download: a job's CSV as binary data, with the id, the file name and what the response headers add. */
export function downloadJobCsv(
  idParameter: string,
  csvPath: (id: string) => string,
  describe: (id: string, fileName: string, headers: IDataObject) => IDataObject,
  fallbackFileName: (id: string) => string,
): Execute {
  return async function (this: IExecuteFunctions) {
    return await runPerItem(this, async (itemIndex) => {
      const id = this.getNodeParameter(idParameter, itemIndex) as string;
      const binaryPropertyName = this.getNodeParameter('binaryPropertyName', itemIndex) as string;
      const file = await engineDownload.call(this, { method: 'GET', path: csvPath(encodeURIComponent(id)), itemIndex });
      const fileName = attachmentFilename(file.headers) ?? fallbackFileName(id);
      return [
        {
          json: describe(id, fileName, file.headers),
          binary: { [binaryPropertyName]: await this.helpers.prepareBinaryData(file.data, fileName, 'text/csv') },
        },
      ];
    });
  };
}
