import { getQueueToken } from '@nestjs/bull';
import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { QUEUE_NAMES } from '@lead-engine/contracts';
import type { Queue } from 'bull';

/** What Bull keeps of a queue's connection that waits for jobs (BRPOPLPUSH). */
interface WaitingConnection {
  bclientInitialized?: boolean;
  bclient: { quit(): Promise<string>; disconnect(): void };
}

/**
 * Closing a queue, Bull sends QUIT on the connection that waits for jobs, which Redis answers only once
 * the blocking BRPOPLPUSH returns, and gives up after 500 ms: half a second per queue at every shutdown.
 * That connection carries nothing but the wait, so at shutdown its QUIT drops it at once, as Bull does
 * after the 500 ms; the queues then close as before, their running jobs awaited.
 */
@Injectable()
export class QueueShutdown implements BeforeApplicationShutdown {
  constructor(private readonly moduleRef: ModuleRef) {}

  beforeApplicationShutdown(): void {
    for (const name of Object.values(QUEUE_NAMES)) {
      const queue = this.moduleRef.get<Queue>(getQueueToken(name), { strict: false }) as unknown as WaitingConnection;
      if (!queue.bclientInitialized) continue;
      const waiting = queue.bclient;
      waiting.quit = async () => {
        waiting.disconnect();
        return 'OK';
      };
    }
  }
}
