import { randomBytes } from 'node:crypto';
import { FileHandle, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  allocateSnapshotArray,
  checkSnapshotArray,
  encodeLeadTableSnapshot,
  LEAD_TABLE_SNAPSHOT_PREFIX_BYTES,
  LeadTable,
  leadTableFromSnapshot,
  LeadTableSnapshotMeta,
  LeadTableSnapshotRefusal,
  readSnapshotHeader,
  readSnapshotPrefix,
  SnapshotArray,
} from '@lead-engine/core/leads';
import { letRequestsRun } from '../let-requests-run';

export const LEAD_TABLE_SNAPSHOT_FILE = 'lead-table.snapshot';
const TEMP_SUFFIX = '.tmp';
/** A temp file this old belongs to a writer that died; a live one finishes in minutes. */
const ABANDONED_TEMP_AGE_MS = 60 * 60 * 1000;
/** Single reads and writes stay well under the 2 GB a system call moves at once. */
const CHUNK_BYTES = 64 * 1024 * 1024;

export type LeadTableSnapshotRead = { segments: LeadTable[]; meta: LeadTableSnapshotMeta } | LeadTableSnapshotRefusal;

/**
 * Writes the table's segments to a temp file of this writer's own, then renames it over the snapshot, so a
 * reader sees the old file or the new one whole, and of writers racing the last rename wins.
 */
export async function writeLeadTableSnapshot(
  directory: string,
  segments: readonly LeadTable[],
  meta: LeadTableSnapshotMeta,
): Promise<void> {
  await mkdir(directory, { recursive: true });
  await removeAbandonedTempFiles(directory);
  const encoded = await encodeLeadTableSnapshot(segments, meta, letRequestsRun);
  const tempPath = path.join(directory, `${LEAD_TABLE_SNAPSHOT_FILE}.${process.pid}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`);
  try {
    const file = await open(tempPath, 'wx');
    try {
      await writeFully(file, encoded.head, 0);
      for (const { bytes, offset } of encoded.arrays) await writeFully(file, bytes, offset);
      // The gaps that align the arrays, and an empty last array, are not written.
      await file.truncate(encoded.fileSize);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(tempPath, path.join(directory, LEAD_TABLE_SNAPSHOT_FILE));
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
  await syncDirectory(directory);
}

/** Why a snapshot of this meta will not do, or null when it will. */
export type SnapshotStaleness = (meta: LeadTableSnapshotMeta) => Promise<string | null>;

/**
 * The snapshot's table and meta, or why it was refused; throws only for I/O errors other than a
 * missing file. Reads through one handle, so a writer's rename meanwhile cannot mix two files. A
 * snapshot `staleness` refuses is refused from its header, before its arrays are read.
 */
export async function readLeadTableSnapshot(directory: string, staleness?: SnapshotStaleness): Promise<LeadTableSnapshotRead> {
  let file: FileHandle;
  try {
    file = await open(path.join(directory, LEAD_TABLE_SNAPSHOT_FILE), 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { refused: 'missing', detail: `no ${LEAD_TABLE_SNAPSHOT_FILE} in ${directory}` };
    throw error;
  }
  try {
    return await readOpenSnapshot(file, staleness);
  } finally {
    await file.close();
  }
}

async function readOpenSnapshot(file: FileHandle, staleness: SnapshotStaleness | undefined): Promise<LeadTableSnapshotRead> {
  const { size } = await file.stat();
  const prefix = new Uint8Array(Math.min(size, LEAD_TABLE_SNAPSHOT_PREFIX_BYTES));
  if (!(await readFully(file, prefix, 0))) return shrunk();
  const layout = readSnapshotPrefix(prefix, size);
  if ('refused' in layout) return layout;
  const head = new Uint8Array(layout.headBytes);
  if (!(await readFully(file, head, 0))) return shrunk();
  const header = readSnapshotHeader(head, size);
  if ('refused' in header) return header;
  const stale = staleness === undefined ? null : await staleness(header.meta);
  if (stale !== null) return { refused: 'stale', detail: stale };
  const arrays: SnapshotArray[] = [];
  for (const entry of header.arrays) {
    const array = allocateSnapshotArray(entry);
    if (!(await readFully(file, new Uint8Array(array.buffer, array.byteOffset, array.byteLength), entry.offset))) return shrunk();
    const refusal = checkSnapshotArray(entry, array);
    if (refusal) return refusal;
    arrays.push(array);
  }
  const segments = leadTableFromSnapshot(header, arrays);
  return 'refused' in segments ? segments : { segments, meta: header.meta };
}

/** Fills `into` from `position`; false when the file ends first. */
async function readFully(file: FileHandle, into: Uint8Array, position: number): Promise<boolean> {
  for (let done = 0; done < into.byteLength;) {
    const { bytesRead } = await file.read(into, done, Math.min(CHUNK_BYTES, into.byteLength - done), position + done);
    if (bytesRead === 0) return false;
    done += bytesRead;
  }
  return true;
}

async function writeFully(file: FileHandle, bytes: Uint8Array, position: number): Promise<void> {
  for (let done = 0; done < bytes.byteLength;) {
    const { bytesWritten } = await file.write(bytes, done, Math.min(CHUNK_BYTES, bytes.byteLength - done), position + done);
    done += bytesWritten;
  }
}

/** Makes the rename itself durable, not only the file's bytes. */
async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function removeAbandonedTempFiles(directory: string): Promise<void> {
  const abandonedBefore = Date.now() - ABANDONED_TEMP_AGE_MS;
  for (const name of await readdir(directory)) {
    if (!name.startsWith(`${LEAD_TABLE_SNAPSHOT_FILE}.`) || !name.endsWith(TEMP_SUFFIX)) continue;
    const tempPath = path.join(directory, name);
    const modified = await stat(tempPath).then(
      (stats) => stats.mtimeMs,
      () => Infinity,
    );
    if (modified < abandonedBefore) await rm(tempPath, { force: true });
  }
}

function shrunk(): LeadTableSnapshotRefusal {
  return { refused: 'truncated', detail: 'file ended before the size it had when opened' };
}
