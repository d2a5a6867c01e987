import { crc32 } from 'node:zlib';
import type { LeadTable } from '../query/lead-table';
import { fromTransferable, toTransferable, TransferableLeadTable } from '../query/lead-table-transfer';

/**
 * A lead table (its segments and their company store) as one file, laid out so it is written and read array by array, never as one buffer:
 *
 *   "LEADSNAP" | uint32 format version | uint32 header length | header JSON | uint32 crc32 of the header JSON
 *   then each array's bytes at an 8-byte aligned offset, in header order, the last one ending the file.
 *
 * Integers are little-endian; array bytes are in host order, which is little-endian wherever the engine runs.
 * The header holds the meta, the file size, the table with each typed array replaced by
 * `{ "$array": index }`, and each array's name, type, element count, offset and crc32.
 */
export const LEAD_TABLE_SNAPSHOT_MAGIC = 'LEADSNAP';
export const LEAD_TABLE_SNAPSHOT_FORMAT_VERSION = 4;
/** Magic, format version and header length: enough to tell how many more bytes make up the header. */
export const LEAD_TABLE_SNAPSHOT_PREFIX_BYTES = 16;
const CHECKSUM_BYTES = 4;
/** Far above any real header (the table's small string lists), so a lying length cannot make a reader allocate much. */
const MAX_HEADER_BYTES = 64 * 1024 * 1024;
const ARRAY_REFERENCE = '$array';

const ARRAY_TYPES = { Uint8Array, Uint16Array, Uint32Array, Int32Array, Float64Array } as const;
export type SnapshotArrayType = keyof typeof ARRAY_TYPES;
export type SnapshotArray = InstanceType<(typeof ARRAY_TYPES)[SnapshotArrayType]>;

export interface LeadTableSnapshotMeta {
  /** Opaque to the snapshot: the caller compares it with PostgreSQL's to judge staleness. */
  dataVersion: string;
  /** Opaque too: a snapshot older than the database is usable only while this has not moved. */
  reloadVersion: string;
  contacts: number;
  writtenAt: string;
}

export interface SnapshotArrayEntry {
  /** Where the array sits in the table, e.g. "rowsBy.title.listed". */
  name: string;
  type: SnapshotArrayType;
  length: number;
  offset: number;
  crc32: number;
}

export interface LeadTableSnapshotHeader {
  meta: LeadTableSnapshotMeta;
  fileSize: number;
  table: unknown;
  arrays: SnapshotArrayEntry[];
}

export type LeadTableSnapshotRefusalReason = 'missing' | 'not-a-snapshot' | 'format-version' | 'truncated' | 'corrupt' | 'stale';

export interface LeadTableSnapshotRefusal {
  refused: LeadTableSnapshotRefusalReason;
  detail: string;
}

export interface EncodedLeadTableSnapshot {
  /** Everything before the first array: prefix, header, its checksum. */
  head: Buffer;
  /** Each array's bytes and where they go in the file. */
  arrays: { bytes: Uint8Array; offset: number }[];
  fileSize: number;
}

/** Bytes checksummed between two pauses: a few milliseconds of crc32. */
const CHECKSUM_PIECE_BYTES = 4 * 1024 * 1024;

/** The crc32 of the bytes, taken in pieces of `pieceBytes` with `pause` awaited before each. */
export async function crc32InPieces(bytes: Uint8Array, pause: () => Promise<void>, pieceBytes = CHECKSUM_PIECE_BYTES): Promise<number> {
  let checksum = 0;
  for (let from = 0; from < bytes.byteLength; from += pieceBytes) {
    await pause();
    checksum = crc32(bytes.subarray(from, from + pieceBytes), checksum);
  }
  return checksum;
}

/**
 * The snapshot of the segments, ready to write. Checksumming every array is the work (a few hundred
 * milliseconds at 10M contacts), so `pause` is awaited every few megabytes: a caller that serves
 * requests meanwhile lets them run.
 */
export async function encodeLeadTableSnapshot(
  segments: readonly LeadTable[],
  meta: LeadTableSnapshotMeta,
  pause: () => Promise<void> = () => Promise.resolve(),
): Promise<EncodedLeadTableSnapshot> {
  const arrays: { name: string; view: ArrayBufferView }[] = [];
  const structure = withArrayReferences(toTransferable(segments).table, '', arrays);
  const described = [];
  for (const { name, view } of arrays) {
    const bytes = bytesOf(view);
    const checksum = await crc32InPieces(bytes, pause);
    described.push({ name, type: arrayTypeOf(view, name), length: (view as SnapshotArray).length, bytes, checksum });
  }
  // Offsets are absolute, so the header's length moves them; it only grows with them, so this settles.
  let headEnd = 0;
  for (;;) {
    let end = headEnd;
    const entries = described.map(({ name, type, length, bytes, checksum }) => {
      const offset = alignedTo8(end);
      end = offset + bytes.byteLength;
      return { name, type, length, offset, crc32: checksum };
    });
    const header: LeadTableSnapshotHeader = { meta, fileSize: end, table: structure, arrays: entries };
    const json = Buffer.from(JSON.stringify(header));
    const actualHeadEnd = LEAD_TABLE_SNAPSHOT_PREFIX_BYTES + json.length + CHECKSUM_BYTES;
    if (actualHeadEnd !== headEnd) {
      headEnd = actualHeadEnd;
      continue;
    }
    const head = Buffer.alloc(headEnd);
    head.write(LEAD_TABLE_SNAPSHOT_MAGIC, 0, 'latin1');
    head.writeUInt32LE(LEAD_TABLE_SNAPSHOT_FORMAT_VERSION, 8);
    head.writeUInt32LE(json.length, 12);
    json.copy(head, LEAD_TABLE_SNAPSHOT_PREFIX_BYTES);
    head.writeUInt32LE(crc32(json), headEnd - CHECKSUM_BYTES);
    return { head, arrays: described.map(({ bytes }, index) => ({ bytes, offset: entries[index].offset })), fileSize: end };
  }
}

/** From the first LEAD_TABLE_SNAPSHOT_PREFIX_BYTES (or fewer, in a short file): how many bytes the head has. */
export function readSnapshotPrefix(prefix: Uint8Array, fileSize: number): { headBytes: number } | LeadTableSnapshotRefusal {
  const bytes = Buffer.from(prefix.buffer, prefix.byteOffset, prefix.byteLength);
  if (bytes.length < 8 || bytes.toString('latin1', 0, 8) !== LEAD_TABLE_SNAPSHOT_MAGIC)
    return { refused: 'not-a-snapshot', detail: `no ${LEAD_TABLE_SNAPSHOT_MAGIC} magic at the start of the file` };
  if (bytes.length < LEAD_TABLE_SNAPSHOT_PREFIX_BYTES)
    return { refused: 'truncated', detail: `file is ${fileSize} bytes, shorter than the ${LEAD_TABLE_SNAPSHOT_PREFIX_BYTES}-byte prefix` };
  const version = bytes.readUInt32LE(8);
  if (version !== LEAD_TABLE_SNAPSHOT_FORMAT_VERSION)
    return { refused: 'format-version', detail: `format version ${version}, this engine reads ${LEAD_TABLE_SNAPSHOT_FORMAT_VERSION}` };
  const headerLength = bytes.readUInt32LE(12);
  if (headerLength > MAX_HEADER_BYTES) return { refused: 'corrupt', detail: `header length ${headerLength} is implausible` };
  const headBytes = LEAD_TABLE_SNAPSHOT_PREFIX_BYTES + headerLength + CHECKSUM_BYTES;
  return headBytes > fileSize ? truncated(fileSize, headBytes) : { headBytes };
}

/**
 * The header, once its checksum holds and its arrays tile the file exactly: each at the next aligned
 * offset, the last ending where the file does. Only then may a reader allocate what it describes.
 */
export function readSnapshotHeader(head: Uint8Array, fileSize: number): LeadTableSnapshotHeader | LeadTableSnapshotRefusal {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  const json = bytes.subarray(LEAD_TABLE_SNAPSHOT_PREFIX_BYTES, bytes.length - CHECKSUM_BYTES);
  if (crc32(json) !== bytes.readUInt32LE(bytes.length - CHECKSUM_BYTES)) return corrupt('header checksum mismatch');
  let header: LeadTableSnapshotHeader;
  try {
    header = JSON.parse(json.toString('utf8'));
  } catch {
    return corrupt('header is not JSON');
  }
  if (typeof header?.meta !== 'object' || !Array.isArray(header.arrays) || !Number.isSafeInteger(header.fileSize))
    return corrupt('header lacks its meta, arrays or file size');
  let end = bytes.length;
  for (const entry of header.arrays) {
    if (typeof entry !== 'object' || entry === null || !Object.hasOwn(ARRAY_TYPES, entry.type))
      return corrupt(`array ${entry?.name} has unsupported type ${entry?.type}`);
    if (!Number.isSafeInteger(entry.length) || entry.length < 0 || entry.offset !== alignedTo8(end))
      return corrupt(`array ${entry.name} is not where the arrays before it end`);
    end = entry.offset + entry.length * ARRAY_TYPES[entry.type].BYTES_PER_ELEMENT;
  }
  if (end !== header.fileSize) return corrupt(`arrays end at ${end}, header says the file is ${header.fileSize} bytes`);
  if (fileSize < header.fileSize) return truncated(fileSize, header.fileSize);
  if (fileSize > header.fileSize) return corrupt(`file is ${fileSize} bytes, header says ${header.fileSize}`);
  return header;
}

/** A zeroed array of the entry's type and length, to read its bytes into. */
export function allocateSnapshotArray(entry: SnapshotArrayEntry): SnapshotArray {
  return new ARRAY_TYPES[entry.type](entry.length);
}

export function checkSnapshotArray(entry: SnapshotArrayEntry, array: SnapshotArray): LeadTableSnapshotRefusal | null {
  return crc32(bytesOf(array)) === entry.crc32 ? null : corrupt(`array ${entry.name} checksum mismatch`);
}

/** The segments the header describes, with `arrays` in header order. */
export function leadTableFromSnapshot(
  header: LeadTableSnapshotHeader,
  arrays: readonly SnapshotArray[],
): LeadTable[] | LeadTableSnapshotRefusal {
  const referenced = withArrays(header.table, arrays);
  if (referenced === undefined) return corrupt('header refers to an array it does not list');
  const { segments } = referenced as Partial<TransferableLeadTable>;
  if (!Array.isArray(segments) || segments.length === 0) return corrupt('header holds no segments');
  return fromTransferable(referenced as TransferableLeadTable);
}

function withArrayReferences(value: unknown, path: string, arrays: { name: string; view: ArrayBufferView }[]): unknown {
  if (ArrayBuffer.isView(value)) {
    arrays.push({ name: path, view: value });
    return { [ARRAY_REFERENCE]: arrays.length - 1 };
  }
  if (Array.isArray(value)) return value.map((item, index) => withArrayReferences(item, `${path}.${index}`, arrays));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, withArrayReferences(item, path === '' ? key : `${path}.${key}`, arrays)]),
  );
}

/** The value with each reference replaced by its array; undefined when a reference points nowhere. */
function withArrays(value: unknown, arrays: readonly SnapshotArray[]): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => withArrays(item, arrays));
    return items.includes(undefined) ? undefined : items;
  }
  if (value === null || typeof value !== 'object') return value;
  if (Object.hasOwn(value, ARRAY_REFERENCE)) return arrays[(value as Record<string, number>)[ARRAY_REFERENCE]];
  const entries = Object.entries(value).map(([key, item]) => [key, withArrays(item, arrays)]);
  return entries.some(([, item]) => item === undefined) ? undefined : Object.fromEntries(entries);
}

function arrayTypeOf(view: ArrayBufferView, name: string): SnapshotArrayType {
  const type = (Object.keys(ARRAY_TYPES) as SnapshotArrayType[]).find((candidate) => view instanceof ARRAY_TYPES[candidate]);
  if (type === undefined)
    throw new Error(`lead table snapshot: array ${name} is a ${view.constructor.name}, which the format does not hold`);
  return type;
}

function bytesOf(view: ArrayBufferView): Uint8Array {
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

function alignedTo8(offset: number): number {
  return Math.ceil(offset / 8) * 8;
}

function truncated(fileSize: number, expected: number): LeadTableSnapshotRefusal {
  return { refused: 'truncated', detail: `file is ${fileSize} bytes, header says ${expected}` };
}

function corrupt(detail: string): LeadTableSnapshotRefusal {
  return { refused: 'corrupt', detail };
}
