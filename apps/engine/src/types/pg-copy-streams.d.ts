declare module 'pg-copy-streams' {
  import type { Readable, Writable } from 'node:stream';
  import type { Submittable } from 'pg';

  /** `COPY … FROM STDIN` as a writable stream: pass it to `client.query`, write the data, end it. */
  export interface CopyFromStream extends Writable, Submittable {
    rowCount: number;
  }

  export function from(text: string): CopyFromStream;

  /** `COPY … TO STDOUT` as a readable stream of the raw COPY data: pass it to `client.query`, read it. */
  export interface CopyToStream extends Readable, Submittable {
    rowCount: number;
  }

  export function to(text: string): CopyToStream;
}
