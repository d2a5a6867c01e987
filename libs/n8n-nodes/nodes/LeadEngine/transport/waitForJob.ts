import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';
import { engineRequest } from './engineRequest';

const FIRST_POLL_MS = 500;
const SLOWEST_POLL_MS = 5_000;

export interface JobToWaitFor {
  /** Status endpoint under /api/v1. */
  statusPath: string;
  /** Words for messages, e.g. "Export 3f2…". */
  label: string;
  timeoutSeconds: number;
  itemIndex: number;
}

/**
 * Polls a job's status until it is completed; a failed job or one still running at the timeout is an error
 * (the job itself goes on in the engine and can be read later with Get).
 */
export async function waitForJob(this: IExecuteFunctions, job: JobToWaitFor): Promise<IDataObject> {
  const deadline = Date.now() + job.timeoutSeconds * 1000;
  let pause = FIRST_POLL_MS;
  for (;;) {
    const status = await engineRequest.call(this, {
      method: 'GET',
      path: job.statusPath,
      itemIndex: job.itemIndex,
    });
    if (status.status === 'completed') return status;
    if (status.status === 'failed') {
      throw new NodeOperationError(this.getNode(), `${job.label} failed`, {
        description: String(status.error ?? status.note ?? 'The engine gave no reason'),
        itemIndex: job.itemIndex,
      });
    }
    if (Date.now() + pause > deadline) {
      throw new NodeOperationError(this.getNode(), `${job.label} is still ${String(status.status)} after ${job.timeoutSeconds} s`, {
        description: 'The job goes on in Lead Engine: read it later with the Get operation, or raise the timeout',
        itemIndex: job.itemIndex,
      });
    }
    await sleep(pause);
    pause = Math.min(pause * 2, SLOWEST_POLL_MS);
  }
}
