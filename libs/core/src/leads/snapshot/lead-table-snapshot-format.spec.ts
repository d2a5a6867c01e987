import { crc32 } from 'node:zlib';
import { generateContacts } from '../synthetic';
import type { LeadTable } from '../query/lead-table';
import { syntheticSegments } from '../../../testing/leads/synthetic-lead-tables';
import { toTransferable } from '../query/lead-table-transfer';
import {
  allocateSnapshotArray,
  checkSnapshotArray,
  crc32InPieces,
  encodeLeadTableSnapshot,
  LEAD_TABLE_SNAPSHOT_PREFIX_BYTES,
  LeadTableSnapshotHeader,
  LeadTableSnapshotMeta,
  leadTableFromSnapshot,
  readSnapshotHeader,
  readSnapshotPrefix,
} from './lead-table-snapshot-format';

const meta: LeadTableSnapshotMeta = { dataVersion: '42', contacts: 0, writtenAt: '2025-01-02T03:04:05.000Z' };

/** Generated contacts from `firstSeq` on, in segments of `segmentRows`. */
function syntheticTable(contacts: number, firstSeq = 1, segmentRows = 1000): LeadTable[] {
  return syntheticSegments(
    [...generateContacts(contacts, 7)].map((contact, index) => [firstSeq + index, contact] as const),
    segmentRows,
  );
}

/** The whole file in memory, as only a spec can afford. */
async function fileOf(segments: LeadTable[]): Promise<Buffer> {
  const encoded = await encodeLeadTableSnapshot(segments, { ...meta, contacts: segments.reduce((sum, segment) => sum + segment.size, 0) });
  const file = Buffer.alloc(encoded.fileSize);
  encoded.head.copy(file);
  for (const { bytes, offset } of encoded.arrays) file.set(bytes, offset);
  return file;
}

function decode(file: Buffer) {
  const prefix = readSnapshotPrefix(file.subarray(0, LEAD_TABLE_SNAPSHOT_PREFIX_BYTES), file.length);
  if ('refused' in prefix) return prefix;
  const header = readSnapshotHeader(file.subarray(0, prefix.headBytes), file.length);
  if ('refused' in header) return header;
  const arrays = [];
  for (const entry of header.arrays) {
    const array = allocateSnapshotArray(entry);
    new Uint8Array(array.buffer).set(file.subarray(entry.offset, entry.offset + array.byteLength));
    const refusal = checkSnapshotArray(entry, array);
    if (refusal) return refusal;
    arrays.push(array);
  }
  return leadTableFromSnapshot(header, arrays);
}

function headerOf(file: Buffer): LeadTableSnapshotHeader {
  return JSON.parse(file.toString('utf8', LEAD_TABLE_SNAPSHOT_PREFIX_BYTES, LEAD_TABLE_SNAPSHOT_PREFIX_BYTES + file.readUInt32LE(12)));
}

/** The file with its header replaced, checksum and all, as a lying writer would make it. */
function withHeader(file: Buffer, header: LeadTableSnapshotHeader): Buffer {
  const json = Buffer.from(JSON.stringify(header));
  const prefix = Buffer.from(file.subarray(0, LEAD_TABLE_SNAPSHOT_PREFIX_BYTES));
  prefix.writeUInt32LE(json.length, 12);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32LE(crc32(json));
  return Buffer.concat([prefix, json, checksum]);
}

describe('lead table snapshot format', () => {
  it.each([
    ['empty', () => syntheticTable(0)],
    ['32-bit seqs', () => syntheticTable(1500)],
    ['64-bit seqs', () => syntheticTable(1500, 2 ** 40)],
    ['one segment', () => syntheticTable(700, 1, 1000)],
  ])('round-trips a table (%s), its segments sharing one company store', async (_, build) => {
    const segments = build();
    const decoded = decode(await fileOf(segments)) as LeadTable[];
    expect(toTransferable(decoded).table).toEqual(toTransferable(segments).table);
    expect(decoded.map((segment) => segment.seq.constructor)).toEqual(segments.map((segment) => segment.seq.constructor));
    expect(new Set(decoded.map((segment) => segment.companies)).size).toBe(1);
    expect(decoded.map((segment) => segment.companyCount)).toEqual(segments.map((segment) => segment.companyCount));
  });

  it('checksums in pieces to the crc32 of the whole, pausing before each piece', async () => {
    const bytes = Uint8Array.from({ length: 10_000 }, (_, index) => (index * 7919) & 0xff);
    let pauses = 0;
    const pause = async () => {
      pauses++;
    };
    expect(await crc32InPieces(bytes, pause, 4096)).toBe(crc32(bytes));
    expect(pauses).toBe(3);
    expect(await crc32InPieces(new Uint8Array(0), pause, 4096)).toBe(crc32(new Uint8Array(0)));
  });

  it('lays each array at the next 8-byte boundary, the last ending the file', async () => {
    const file = await fileOf(syntheticTable(300));
    const header = headerOf(file);
    expect(header.meta).toEqual({ ...meta, contacts: 300 });
    expect(header.fileSize).toBe(file.length);
    expect(header.arrays.map((entry) => entry.name)).toEqual(
      expect.arrayContaining([
        'segments.0.seq',
        'segments.0.titles.text',
        'segments.0.rowsBy.country.dense',
        'companies.descriptions.0.words.postings',
      ]),
    );
    for (const entry of header.arrays) expect(entry.offset % 8).toBe(0);
    const last = header.arrays[header.arrays.length - 1];
    expect(last.offset + last.length * allocateSnapshotArray({ ...last, length: 0 }).BYTES_PER_ELEMENT).toBe(file.length);
  });

  it('refuses a checksummed header whose arrays do not add up to the file, before allocating them', async () => {
    const file = await fileOf(syntheticTable(300));
    const header = headerOf(file);
    const huge = { ...header, arrays: header.arrays.map((entry, index) => (index === 0 ? { ...entry, length: 2 ** 40 } : entry)) };
    expect(readSnapshotHeader(withHeader(file, huge), file.length)).toMatchObject({ refused: 'corrupt' });
    const liar = { ...header, fileSize: 2 ** 40 };
    expect(readSnapshotHeader(withHeader(file, liar), file.length)).toMatchObject({ refused: 'corrupt' });
  });

  it('refuses array types it does not hold', async () => {
    const file = await fileOf(syntheticTable(10));
    const header = headerOf(file);
    const odd = { ...header, arrays: header.arrays.map((entry, index) => (index === 0 ? { ...entry, type: 'BigInt64Array' } : entry)) };
    expect(readSnapshotHeader(withHeader(file, odd as LeadTableSnapshotHeader), file.length)).toEqual({
      refused: 'corrupt',
      detail: 'array companies.id has unsupported type BigInt64Array',
    });
  });

  it('refuses a reference to an array the header does not list', async () => {
    const file = await fileOf(syntheticTable(10));
    const header = headerOf(file);
    expect(leadTableFromSnapshot({ ...header, table: { ...(header.table as object), companies: { $array: 999 } } }, [])).toMatchObject({
      refused: 'corrupt',
    });
  });
});
