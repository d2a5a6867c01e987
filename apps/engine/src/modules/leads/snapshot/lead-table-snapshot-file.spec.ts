import { mkdir, mkdtemp, readdir, readFile, rm, truncate, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  COMPANY_SIZE_BUCKETS,
  COMPANY_TYPES,
  countLeads,
  LEAD_TABLE_SNAPSHOT_FORMAT_VERSION,
  LeadTable,
  LeadTableBuilder,
  LeadTableSnapshotMeta,
  normalizeFilters,
  RawFilterSet,
  SnapshotArrayEntry,
  toTransferable,
} from '@lead-engine/core';
import { LEAD_TABLE_SNAPSHOT_FILE, LeadTableSnapshotRead, readLeadTableSnapshot, writeLeadTableSnapshot } from './lead-table-snapshot-file';

const WORDS = ['cloud', 'software', 'health', 'data', 'ai', 'café', 'Straße', 'données', '日本語', 'ünïcödé', '🚀rocket', 'logistics'];
const INDUSTRIES = ['Computer Software', 'Hospital & Health Care', 'Café & Bäckerei', '機械', 'Logistics'];
const SENIORITIES = ['VP', 'Director', 'Manager', 'Senior', 'Ñoño'];
const DEPARTMENTS = ['Sales', 'Engineering', 'Legal', 'Marketing'];
const COUNTRIES = ['us', 'DE', 'gb', 'FR', 'jp'];

const QUERIES: RawFilterSet[] = [
  {},
  { jobTitles: ['engineer'] },
  { jobTitles: ['ingénieur'], excludeTitles: ['chief'] },
  { includeKeywords: ['cloud', 'café'] },
  { includeKeywords: ['données'], exactMatch: true, excludeKeywords: ['ai'] },
  { countryCodes: ['de', 'JP'], seniorities: ['Manager', 'Ñoño'] },
  { industryNames: ['Café & Bäckerei', '機械'], departments: ['Sales'] },
  { maxPerCompany: 1, includeKeywords: ['software'] },
];

/** Deterministic, so a failure reproduces. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
  };
}

function randomTable(seed: number, contacts: number, options: { firstSeq?: number; distinctTitles?: number } = {}): LeadTable {
  const random = seededRandom(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
  const builder = new LeadTableBuilder();
  const companies = Math.max(3, Math.ceil(contacts / 5));
  for (let company = 0; company < companies; company++) {
    builder.addCompany({
      industry: pick(INDUSTRIES),
      sizeBucket: random() < 0.1 ? 'unknown' : pick(COMPANY_SIZE_BUCKETS),
      companyType: pick(COMPANY_TYPES),
      description: Array.from({ length: 2 + Math.floor(random() * 6) }, () => pick(WORDS)).join(random() < 0.5 ? ' ' : ', '),
    });
  }
  let seq = options.firstSeq ?? 1;
  for (let row = 0; row < contacts; row++) {
    seq += 1 + Math.floor(random() * 3);
    builder.addContact({
      seq,
      companyIndex: Math.floor(random() * companies),
      jobTitle: `${pick(['Senior', 'Chief', 'Jefe', '主任'])} ${pick(['Engineer', 'Director', 'Ingénieur'])} ${Math.floor(random() * (options.distinctTitles ?? 20))}`,
      seniority: pick(SENIORITIES),
      department: pick(DEPARTMENTS),
      countryCode: pick(COUNTRIES),
    });
  }
  return builder.build();
}

function metaFor(table: LeadTable, dataVersion = 'v1'): LeadTableSnapshotMeta {
  return { dataVersion, reloadVersion: '0', contacts: table.size, writtenAt: '2025-01-02T03:04:05.000Z' };
}

function expectSameTable(read: LeadTable, original: LeadTable): void {
  expect(toTransferable([read]).table).toEqual(toTransferable([original]).table);
  expect(read.seq.constructor).toBe(original.seq.constructor);
  expect(read.title.constructor).toBe(original.title.constructor);
  expect(read.companies.descriptions.chunks[0].words).not.toBeNull();
  for (const query of QUERIES) {
    const filters = normalizeFilters(query);
    expect(countLeads(read, filters)).toEqual(countLeads(original, filters));
  }
}

function tableOf(read: LeadTableSnapshotRead): LeadTable {
  if ('refused' in read) throw new Error(`refused: ${read.refused} (${read.detail})`);
  expect(read.segments).toHaveLength(1);
  return read.segments[0];
}

describe('lead table snapshot file', () => {
  let directory: string;
  const snapshotPath = () => path.join(directory, LEAD_TABLE_SNAPSHOT_FILE);

  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'lead-table-snapshot-'));
  });

  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  describe('round trip', () => {
    it.each([
      ['no contacts', () => randomTable(1, 0)],
      ['one contact', () => randomTable(2, 1)],
      ['a few thousand contacts', () => randomTable(3, 3000)],
      ['seqs beyond 32 bits (a Float64Array seq column)', () => randomTable(4, 2500, { firstSeq: 2 ** 32 - 100 })],
      ['more titles than a byte holds (a Uint16Array title column)', () => randomTable(5, 4000, { distinctTitles: 400 })],
    ])('%s', async (_, build) => {
      const table = build();
      const meta = metaFor(table, `v-${table.size}`);
      await writeLeadTableSnapshot(directory, [table], meta);
      const read = await readLeadTableSnapshot(directory);
      expect('refused' in read ? read : read.meta).toEqual(meta);
      expectSameTable(tableOf(read), table);
      expect(await readdir(directory)).toEqual([LEAD_TABLE_SNAPSHOT_FILE]);
    });

    it('records both seq column types', () => {
      expect(randomTable(4, 10, { firstSeq: 2 ** 32 }).seq).toBeInstanceOf(Float64Array);
      expect(randomTable(4, 10).seq).toBeInstanceOf(Uint32Array);
    });

    it('creates a missing directory', async () => {
      const nested = path.join(directory, 'nested', 'deeper');
      const table = randomTable(6, 50);
      await writeLeadTableSnapshot(nested, [table], metaFor(table));
      expectSameTable(tableOf(await readLeadTableSnapshot(nested)), table);
    });

    it('replaces an older snapshot', async () => {
      const older = randomTable(7, 100);
      const newer = randomTable(8, 200);
      await writeLeadTableSnapshot(directory, [older], metaFor(older, 'old'));
      await writeLeadTableSnapshot(directory, [newer], metaFor(newer, 'new'));
      const read = await readLeadTableSnapshot(directory);
      expect('meta' in read && read.meta.dataVersion).toBe('new');
      expectSameTable(tableOf(read), newer);
    });
  });

  describe('a damaged file is refused', () => {
    const table = randomTable(9, 3000);
    let good: Buffer;
    let arrays: SnapshotArrayEntry[];
    let headEnd: number;

    beforeEach(async () => {
      await writeLeadTableSnapshot(directory, [table], metaFor(table));
      good = await readFile(snapshotPath());
      const headerLength = good.readUInt32LE(12);
      headEnd = 16 + headerLength + 4;
      arrays = JSON.parse(good.toString('utf8', 16, 16 + headerLength)).arrays;
    });

    /** Bytes from the entry's offset to the next array's (or the end). */
    const spanOf = (entry: SnapshotArrayEntry) => (arrays[arrays.indexOf(entry) + 1]?.offset ?? good.length) - entry.offset;
    const biggest = () => arrays.reduce((found, entry) => (spanOf(entry) > spanOf(found) ? entry : found));
    const damaged = async (bytes: Buffer) => {
      await writeFile(snapshotPath(), bytes);
      return readLeadTableSnapshot(directory);
    };
    const flipped = (at: number) => {
      const bytes = Buffer.from(good);
      bytes[at] ^= 0x5a;
      return bytes;
    };

    it('one byte flipped in the middle of an array', async () => {
      const entry = biggest();
      expect(await damaged(flipped(entry.offset + Math.floor(spanOf(entry) / 2)))).toEqual({
        refused: 'corrupt',
        detail: `array ${entry.name} checksum mismatch`,
      });
    });

    it('a byte flipped in the header', async () => {
      expect(await damaged(flipped(Math.floor(headEnd / 2)))).toEqual({ refused: 'corrupt', detail: 'header checksum mismatch' });
    });

    it('a byte flipped in the header checksum', async () => {
      expect(await damaged(flipped(headEnd - 2))).toEqual({ refused: 'corrupt', detail: 'header checksum mismatch' });
    });

    it('truncated at any of several points', async () => {
      const entry = biggest();
      const cuts: [length: number, detail: string][] = [
        [12, 'file is 12 bytes, shorter than the 16-byte prefix'],
        [40, `file is 40 bytes, header says ${headEnd}`],
        [headEnd - 1, `file is ${headEnd - 1} bytes, header says ${headEnd}`],
        [entry.offset + 3, `file is ${entry.offset + 3} bytes, header says ${good.length}`],
        [good.length - 1, `file is ${good.length - 1} bytes, header says ${good.length}`],
      ];
      for (const [length, detail] of cuts) {
        await truncate(snapshotPath(), length);
        expect(await readLeadTableSnapshot(directory)).toEqual({ refused: 'truncated', detail });
        await writeFile(snapshotPath(), good);
      }
    });

    it('trailing bytes appended (refused as corrupt: the file is not the size its header says)', async () => {
      const longer = Buffer.concat([good, Buffer.from('garbage')]);
      expect(await damaged(longer)).toEqual({ refused: 'corrupt', detail: `file is ${longer.length} bytes, header says ${good.length}` });
    });

    it('another format version', async () => {
      for (const version of [0, LEAD_TABLE_SNAPSHOT_FORMAT_VERSION + 1]) {
        const bytes = Buffer.from(good);
        bytes.writeUInt32LE(version, 8);
        expect(await damaged(bytes)).toEqual({
          refused: 'format-version',
          detail: `format version ${version}, this engine reads ${LEAD_TABLE_SNAPSHOT_FORMAT_VERSION}`,
        });
      }
    });

    it('a header length far beyond the file', async () => {
      const bytes = Buffer.from(good);
      bytes.writeUInt32LE(good.length * 2, 12);
      expect(await damaged(bytes)).toMatchObject({ refused: 'truncated' });
      bytes.writeUInt32LE(0xffffffff, 12);
      expect(await damaged(bytes)).toMatchObject({ refused: 'corrupt' });
    });

    it('a file that is not a snapshot', async () => {
      const random = seededRandom(10);
      const noise = Buffer.from(Array.from({ length: 5000 }, () => Math.floor(random() * 256)));
      for (const bytes of [noise, Buffer.alloc(0), Buffer.from('LEAD'), Buffer.from('{"not":"a snapshot"}')]) {
        expect(await damaged(bytes)).toMatchObject({ refused: 'not-a-snapshot' });
      }
    });
  });

  it('reports a missing file', async () => {
    expect(await readLeadTableSnapshot(directory)).toEqual({
      refused: 'missing',
      detail: expect.stringContaining(LEAD_TABLE_SNAPSHOT_FILE),
    });
    expect(await readLeadTableSnapshot(path.join(directory, 'absent'))).toMatchObject({ refused: 'missing' });
  });

  it('refuses a snapshot its reader calls stale from the header, and reads one it does not', async () => {
    const table = randomTable(10, 100);
    await writeLeadTableSnapshot(directory, [table], metaFor(table, 'dataset:7'));
    const staleUnless = (wanted: string) => async (meta: LeadTableSnapshotMeta) => (meta.dataVersion === wanted ? null : `not ${wanted}`);
    expect(await readLeadTableSnapshot(directory, staleUnless('dataset:8'))).toEqual({ refused: 'stale', detail: 'not dataset:8' });
    expectSameTable(tableOf(await readLeadTableSnapshot(directory, staleUnless('dataset:7'))), table);
  });

  describe('a writer killed mid-write', () => {
    const table = randomTable(11, 500);
    const partialTemp = async () => {
      const other = randomTable(12, 800);
      await writeLeadTableSnapshot(path.join(directory, 'other'), [other], metaFor(other));
      const bytes = await readFile(path.join(directory, 'other', LEAD_TABLE_SNAPSHOT_FILE));
      const tempPath = path.join(directory, `${LEAD_TABLE_SNAPSHOT_FILE}.4242.deadbeef.tmp`);
      await writeFile(tempPath, bytes.subarray(0, bytes.length >> 1));
      return tempPath;
    };

    it('leaves the good snapshot readable', async () => {
      await writeLeadTableSnapshot(directory, [table], metaFor(table));
      await partialTemp();
      expectSameTable(tableOf(await readLeadTableSnapshot(directory)), table);
    });

    it('with no snapshot before it leaves none', async () => {
      await partialTemp();
      expect(await readLeadTableSnapshot(directory)).toMatchObject({ refused: 'missing' });
    });

    it('leaves a temp file the next writer removes once it is an hour old', async () => {
      const abandoned = await partialTemp();
      const recent = path.join(directory, `${LEAD_TABLE_SNAPSHOT_FILE}.4243.cafe.tmp`);
      await writeFile(recent, 'still being written');
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      await utimes(abandoned, twoHoursAgo, twoHoursAgo);
      await writeLeadTableSnapshot(directory, [table], metaFor(table));
      expect((await readdir(directory)).sort()).toEqual([LEAD_TABLE_SNAPSHOT_FILE, path.basename(recent), 'other'].sort());
    });
  });

  it('removes its temp file when the write fails', async () => {
    await mkdir(snapshotPath());
    const table = randomTable(13, 100);
    await expect(writeLeadTableSnapshot(directory, [table], metaFor(table))).rejects.toThrow();
    expect(await readdir(directory)).toEqual([LEAD_TABLE_SNAPSHOT_FILE]);
  });

  it('two writers at once leave exactly one of their snapshots', async () => {
    const tables = { first: randomTable(14, 2000), second: randomTable(15, 3000, { firstSeq: 2 ** 32 }) };
    await Promise.all(
      Object.entries(tables).map(([version, table]) => writeLeadTableSnapshot(directory, [table], metaFor(table, version))),
    );
    const read = await readLeadTableSnapshot(directory);
    if ('refused' in read) throw new Error(`refused: ${read.detail}`);
    expect(Object.keys(tables)).toContain(read.meta.dataVersion);
    expectSameTable(tableOf(read), tables[read.meta.dataVersion as keyof typeof tables]);
    expect(await readdir(directory)).toEqual([LEAD_TABLE_SNAPSHOT_FILE]);
  });
});
