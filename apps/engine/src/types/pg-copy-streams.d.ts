declare module 'pg-copy-streams' {
  import type { Writable } from 'node:stream';
  import type { Submittable } from 'pg';

  /** `COPY … FROM STDIN` as a writable stream: pass it to `client.query`, write the data, end it. */
  export interface CopyFromStream extends Writable, Submittable {
    rowCount: number;
  }

  export function from(text: string): CopyFromStream;
}
