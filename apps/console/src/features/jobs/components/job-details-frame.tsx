import { Alert, Skeleton } from '@mantine/core';
import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { isApiCallError } from '../../../shared/api/console-client';
import { describeError } from '../../../shared/api/error-messages';
import { useBalanceAfterJobs } from '../api/use-balance-after-jobs';
import type { JobStatus } from '../jobs-search';
import { NoSuchJob } from './job-header';

/**
 * What every kind of job's page shows around its own details: "no such job" or the failure while its
 * status cannot be read, a skeleton while it loads; and when the job ends, the frame's balance (a charge
 * or a refund) and `refresh` are asked again.
 */
export function JobDetailsFrame<Job extends { status: JobStatus }>({
  id,
  job,
  refresh,
  children,
}: {
  id: string;
  job: UseQueryResult<Job>;
  refresh: QueryKey;
  children: (job: Job) => ReactNode;
}) {
  const status = job.data?.status;
  useBalanceAfterJobs(
    useMemo(() => (status ? [{ id, status }] : undefined), [id, status]),
    refresh,
  );
  if (job.isError)
    return isApiCallError(job.error, 'JOB_NOT_FOUND') || isApiCallError(job.error, 'EXPORT_NOT_FOUND') ? (
      <NoSuchJob />
    ) : (
      <Alert color="red" role="alert">
        {describeError(job.error)}
      </Alert>
    );
  if (!job.data) return <Skeleton h={200} />;
  return children(job.data);
}
