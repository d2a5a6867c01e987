/** From the start of a job to its end (completed or failed), its status read every 100 ms. */
export async function timeJob<Created extends { id: string }, Job extends { status: string }>(
  start: () => Promise<Created>,
  read: (id: string) => Promise<Job>,
): Promise<{ created: Created; job: Job; ms: number }> {
  const started = performance.now();
  const created = await start();
  for (;;) {
    const job = await read(created.id);
    if (job.status === 'completed' || job.status === 'failed') return { created, job, ms: performance.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
