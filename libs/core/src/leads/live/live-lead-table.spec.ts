import { companyTypeForIndustry } from '../company-derivations';
import { normalizeFilters, RawFilterSet } from '../normalize-filters';
import { countLeads } from '../query/count-leads';
import { compileLeadQuery } from '../query/lead-query';
import type { LeadTable } from '../query/lead-table';
import { syntheticLeadTable, syntheticSegments } from '../../../testing/leads/synthetic-lead-tables';
import { scanLeads } from '../query/scan-leads';
import { revealedRowsOfSeqs } from '../../../testing/leads/revealed-rows-of-seqs';
import { generateContacts, SyntheticContact } from '../synthetic';
import { countLiveLeads } from './count-live-leads';
import { CompanyStore } from '../companies/company-store';
import { fromTransferable, toTransferable } from '../query/lead-table-transfer';
import { adoptDelta } from './adopt-delta';
import {
  appendDelta,
  ChangedContact,
  companiesOf,
  compactDeltas,
  DeltaBuilder,
  deltasToFold,
  liveSize,
  liveTable,
  LiveLeadTable,
  withChanges,
} from './live-lead-table';
import { mergeLiveTable } from './merge-live-table';
import { mergeSegment, nextSegmentToMerge, withSegmentMerged } from './segment-merge';
import { scanLiveLeads } from './scan-live-leads';
import { syntheticChange } from '../../../testing/leads/synthetic-change';

const QUERIES: RawFilterSet[] = [
  {},
  { jobTitles: ['engineer', 'director'], excludeTitles: ['senior'] },
  { seniorities: ['VP', 'Director'], departments: ['Sales'] },
  { industryNames: ['Computer Software', 'Hospital & Health Care'], companySizes: ['51-200', '10001+'] },
  { includeKeywords: ['software', 'health'] },
  { includeKeywords: ['data', 'ai'], exactMatch: true, excludeKeywords: ['consulting'] },
  { maxPerCompany: 1 },
  { maxPerCompany: 2, includeKeywords: ['software', 'care'], seniorities: ['Manager'] },
  { countryCodes: ['ca', 'GB'] },
  { countryCodes: ['US'], seniorities: ['No Such Level'] },
];
const WINDOWS = [
  [0, 25],
  [0, 1000],
  [37, 10],
  [700, 50],
  [5000, 10],
] as const;

/** A seeded random source, so a failure replays. */
function randomSource(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const companyOf = (contact: SyntheticContact) => ({
  industry: contact.industry,
  sizeBucket: contact.companySize,
  companyType: companyTypeForIndustry(contact.industry),
  description: contact.companyDescription,
});

/** The table built from scratch from these contacts, each at its seq: what the live table must answer like. */
function referenceTable(contacts: ReadonlyMap<number, SyntheticContact>): LeadTable {
  return syntheticLeadTable([...contacts.entries()].sort(([left], [right]) => left - right));
}

/** A live table over a base of `contacts`, and the id a change gives each company (told apart by domain). */
class Scenario {
  readonly current = new Map<number, SyntheticContact>();
  private readonly companyIds = new Map<string, number>();

  companyIdOf(contact: SyntheticContact): number {
    return this.companyIds.get(contact.companyDomain)!;
  }
  live: LiveLeadTable;

  constructor(contacts: ReadonlyMap<number, SyntheticContact>, segmentRows = 300) {
    for (const [seq, contact] of contacts) this.current.set(seq, contact);
    this.live = liveTable(
      syntheticSegments(
        [...this.current.entries()].sort(([left], [right]) => left - right),
        segmentRows,
      ),
    );
    // The builder gives no ids, so a base company's id is its key, given in seq order of first contact.
    for (const { table } of this.live.segments) {
      for (let row = 0; row < table.size; row++) {
        const domain = this.current.get(table.seq[row])!.companyDomain;
        if (!this.companyIds.has(domain)) this.companyIds.set(domain, table.companies.id[table.company[row]]);
      }
    }
  }

  apply(changes: Array<[number, SyntheticContact]>): void {
    this.live = withChanges(this.live, this.changed(changes));
  }

  /**
   * The changes as an engine applies them: built into a delta over a company store of its own, posted
   * from the thread that read them (columns transferred), then adopted by the live table.
   */
  applyApart(changes: Array<[number, SyntheticContact]>): void {
    const bySeq = new Map(this.changed(changes).map((change) => [change.seq, change]));
    const builder = new DeltaBuilder(new CompanyStore());
    for (const seq of [...bySeq.keys()].sort((left, right) => left - right)) builder.add(bySeq.get(seq)!);
    const { table, transfer } = toTransferable([builder.build().table]);
    const [posted] = fromTransferable(structuredClone(table, { transfer }));
    this.live = appendDelta(this.live, adoptDelta(posted, companiesOf(this.live)));
  }

  private changed(changes: Array<[number, SyntheticContact]>): ChangedContact[] {
    return changes.map(([seq, contact]) => {
      this.current.set(seq, contact);
      let companyId = this.companyIds.get(contact.companyDomain);
      if (companyId === undefined) {
        companyId = 1_000_000 + this.companyIds.size;
        this.companyIds.set(contact.companyDomain, companyId);
      }
      return syntheticChange(seq, contact, companyId);
    });
  }

  compact(from = 0): void {
    this.live = compactDeltas(this.live, from);
  }

  merge(): void {
    this.live = liveTable(mergeLiveTable(this.live));
  }

  /**
   * Merges the deltas there are now into the segments, one segment at a time, as an engine does;
   * `between` runs while each segment is built, before it takes its place, and `after` once it has.
   */
  async mergeSegments(segmentRows: number, between: () => void, after: () => void): Promise<number> {
    const deltas = new Set(this.live.deltas.map((delta) => delta.table));
    let merged = 0;
    for (let index = nextSegmentToMerge(this.live, deltas); index !== -1; index = nextSegmentToMerge(this.live, deltas)) {
      const merge = await mergeSegment(this.live, index, deltas, segmentRows);
      between();
      this.live = withSegmentMerged(this.live, merge)!;
      merged++;
      after();
    }
    return merged;
  }
}

function expectSameAnswers(scenario: Scenario, revealedSeqs: number[]): void {
  const reference = referenceTable(scenario.current);
  const { live } = scenario;
  expect(liveSize(live)).toBe(reference.size);
  for (const raw of QUERIES) {
    const filters = normalizeFilters(raw);
    expect([raw, countLiveLeads(live, filters)]).toEqual([raw, countLeads(reference, filters)]);
    const query = compileLeadQuery(reference, filters);
    for (const [offset, limit] of WINDOWS) {
      const excluded = (table: LeadTable) => revealedRowsOfSeqs(table, revealedSeqs);
      const expected = scanLeads(reference, query, { offset, limit, excluded: revealedRowsOfSeqs(reference, revealedSeqs) });
      expect([raw, offset, limit, scanLiveLeads(live, filters, { offset, limit, excluded })]).toEqual([raw, offset, limit, expected]);
    }
  }
}

describe('a live lead table: a base and the deltas of the changes since', () => {
  const pool = [...generateContacts(3600, 23)];
  const random = randomSource(7);
  const pick = () => pool[Math.floor(random() * pool.length)];

  /** Every other seq up to 4000, so new contacts can land between existing ones as well as after them. */
  const initial = () => new Map(pool.slice(0, 2000).map((contact, index) => [(index + 1) * 2, contact]));

  it('answers counts and browse windows as a table built from scratch, through additions, updates, compactions and merges', () => {
    const scenario = new Scenario(initial());
    let nextSeq = 4001;
    const revealed: number[] = [];
    for (let step = 0; step < 10; step++) {
      const changes: Array<[number, SyntheticContact]> = [];
      const existing = [...scenario.current.keys()];
      for (let change = 0; change < 40 + step * 30; change++) {
        const roll = random();
        if (roll < 0.35) changes.push([nextSeq++, pick()]);
        else if (roll < 0.5) changes.push([Math.floor(random() * 2000) * 2 + 1, pick()]);
        else {
          // A newer version of a contact: a new title, level or country, at its own company or another one.
          const seq = existing[Math.floor(random() * existing.length)];
          const was = scenario.current.get(seq)!;
          const other = pick();
          const moves = random() < 0.2;
          changes.push([
            seq,
            { ...(moves ? other : was), jobTitle: other.jobTitle, seniority: other.seniority, countryCode: other.countryCode },
          ]);
        }
      }
      // Every other change comes as an engine's thread builds it, apart from the table.
      if (step % 2 === 0) scenario.apply(changes);
      else scenario.applyApart(changes);
      for (let reveal = 0; reveal < 25; reveal++) revealed.push(existing[Math.floor(random() * existing.length)]);
      expectSameAnswers(scenario, revealed);
      expect(scenario.live.deltas.length).toBeGreaterThan(0);
      if (step % 4 === 2 && scenario.live.deltas.length > 2) {
        const deltas = scenario.live.deltas.length;
        scenario.compact(deltas - 2);
        expect(scenario.live.deltas).toHaveLength(deltas - 1);
        expectSameAnswers(scenario, revealed);
      }
      if (step % 4 === 1) {
        scenario.compact();
        expect(scenario.live.deltas).toHaveLength(1);
        expectSameAnswers(scenario, revealed);
      }
      if (step % 4 === 3) {
        scenario.merge();
        expect(scenario.live.deltas).toEqual([]);
        expectSameAnswers(scenario, revealed);
      }
    }
  });

  it('merges the deltas into the segments one segment at a time, exact after each, while changes keep coming', async () => {
    const scenario = new Scenario(initial(), 300);
    const store = companiesOf(scenario.live);
    let nextSeq = 4001;
    const randomChanges = (count: number) => {
      const existing = [...scenario.current.keys()];
      return Array.from({ length: count }, (): [number, SyntheticContact] => {
        const roll = random();
        if (roll < 0.4) return [nextSeq++, pick()];
        if (roll < 0.5) return [Math.floor(random() * 2000) * 2 + 1, pick()];
        const seq = existing[Math.floor(random() * existing.length)];
        return [seq, { ...scenario.current.get(seq)!, jobTitle: pick().jobTitle, seniority: pick().seniority }];
      });
    };
    for (let round = 0; round < 3; round++) {
      for (let change = 0; change < 4; change++) {
        if (change % 2 === 0) scenario.apply(randomChanges(60));
        else scenario.applyApart(randomChanges(60));
      }
      const revealed = [...scenario.current.keys()].filter((_, index) => index % 37 === round);
      let midMerge = 0;
      const merged = await scenario.mergeSegments(
        300,
        () => {
          if (midMerge++ % 2 === 0) scenario.apply(randomChanges(5));
        },
        () => {
          expectSameAnswers(scenario, revealed);
          const { segments } = scenario.live;
          for (let index = 1; index < segments.length; index++)
            expect(segments[index].table.seq[0]).toBeGreaterThan(segments[index - 1].table.seq[segments[index - 1].table.size - 1]);
          for (const { table } of segments) expect(table.size).toBeLessThanOrEqual(450);
        },
      );
      expect(merged).toBeGreaterThan(1);
      // What is left are the changes that came during the merge, none of the ones it took.
      expect(scenario.live.deltas.length).toBeLessThanOrEqual(Math.ceil(midMerge / 2));
      expect(companiesOf(scenario.live)).toBe(store);
    }
    expect(scenario.live.segments.length).toBeGreaterThan(7);
  });

  it('gives up a segment merge whose segment or moved deltas are gone by the time it is built', async () => {
    const scenario = new Scenario(initial(), 300);
    scenario.apply(pool.slice(2000, 2010).map((contact, index) => [9001 + index * 2, contact]));
    scenario.apply(pool.slice(2010, 2020).map((contact, index) => [9002 + index * 2, contact]));
    const deltas = new Set(scenario.live.deltas.map((delta) => delta.table));
    const last = scenario.live.segments.length - 1;
    expect(nextSegmentToMerge(scenario.live, deltas)).toBe(last);
    const merge = await mergeSegment(scenario.live, last, deltas, 300);
    // The deltas it took were folded into one meanwhile: their rows are in a table the merge never saw.
    expect(withSegmentMerged(compactDeltas(scenario.live), merge)).toBeNull();
    // The table was loaded again whole meanwhile: the segment it replaces is no longer there.
    expect(withSegmentMerged(liveTable(mergeLiveTable(scenario.live)), merge)).toBeNull();
    expect(withSegmentMerged(scenario.live, merge)).not.toBeNull();
  });

  it('folds the newest deltas, keeping older ones at least twice the size of all newer ones together', () => {
    const scenario = new Scenario(initial());
    const sizes = [500, 100, 60, 30, 10, 5, 1, 1, 1];
    let nextSeq = 5000;
    for (const size of sizes) scenario.apply(pool.slice(0, size).map((contact) => [nextSeq++, contact]));
    expect(deltasToFold(scenario.live, 9)).toBeNull();
    // Each of 1, 1, 5, 10, 30, 60, 100 is at most twice the deltas after it together; 500 is more than twice their 208.
    expect(deltasToFold(scenario.live, 8)).toBe(1);
    scenario.apply([[nextSeq++, pool[0]]]);
    scenario.compact(deltasToFold(scenario.live, 8)!);
    expect(scenario.live.deltas.map((delta) => delta.liveCount)).toEqual([500, 209]);
    expectSameAnswers(scenario, []);
  });

  it('shares one company store: a delta adds only the companies it lacks, compactions and merges add none', () => {
    const scenario = new Scenario(initial());
    const store = companiesOf(scenario.live);
    const known = store.count;
    const [seq, contact] = [...scenario.current.entries()][5];
    const stranger = { ...pool[2500], companyDomain: 'new-company.example' };
    scenario.apply([
      [seq, { ...contact, seniority: 'VP' }],
      [9001, stranger],
      [9003, stranger],
    ]);
    scenario.apply([[9005, stranger]]);
    expect(store.count).toBe(known + 1);
    scenario.compact();
    scenario.merge();
    expect(companiesOf(scenario.live)).toBe(store);
    expect(store.count).toBe(known + 1);
    expect(scenario.live.segments[0].table.companyCount).toBe(known + 1);
    expectSameAnswers(scenario, []);
  });

  it('adopts a delta built over a store of its own: known companies by id, only the ones the table lacks added', () => {
    const scenario = new Scenario(initial());
    const store = companiesOf(scenario.live);
    const known = store.count;
    const entries = [...scenario.current.entries()];
    const stranger = { ...pool[2500], companyDomain: 'new-company.example' };
    const other = { ...pool[2600], companyDomain: 'other-company.example' };
    scenario.applyApart([
      [entries[3][0], { ...entries[3][1], seniority: 'VP' }],
      [entries[9][0], { ...entries[9][1], jobTitle: 'Chief Adoption Officer' }],
      [9001, stranger],
      [9003, other],
      [9005, stranger],
    ]);
    expect(store.count).toBe(known + 2);
    const [delta] = scenario.live.deltas;
    expect(delta.table.companies).toBe(store);
    expect(delta.table.companyCount).toBe(known + 2);
    expect([...delta.table.company]).toEqual([
      store.keyOf(scenario.companyIdOf(entries[3][1])),
      store.keyOf(scenario.companyIdOf(entries[9][1])),
      known,
      known + 1,
      known,
    ]);
    scenario.applyApart([[9007, other]]);
    expect(store.count).toBe(known + 2);
    expectSameAnswers(scenario, []);
    scenario.merge();
    expectSameAnswers(scenario, []);
  });

  it('appends only a delta over the live table’s own company store', () => {
    const scenario = new Scenario(initial());
    const builder = new DeltaBuilder(new CompanyStore());
    builder.add(syntheticChange(9001, pool[0], 7));
    expect(() => appendDelta(scenario.live, builder.build().table)).toThrow(RangeError);
  });

  it('builds a delta contact by contact only in ascending seq order, each once, and appends nothing when empty', () => {
    const scenario = new Scenario(initial());
    const delta = new DeltaBuilder(companiesOf(scenario.live));
    expect(delta.appendTo(scenario.live)).toBe(scenario.live);
    const [first, second] = [...scenario.current.entries()];
    const changed = ([seq, contact]: [number, SyntheticContact]) => syntheticChange(seq, contact, 0);
    delta.add(changed(second));
    expect(() => delta.add(changed(first))).toThrow(RangeError);
    expect(() => delta.add(changed(second))).toThrow(RangeError);
    expect(delta.appendTo(scenario.live).deltas.map(({ liveCount }) => liveCount)).toEqual([1]);
  });

  it('leaves a superseded row out of every answer and counts its new version once', () => {
    const scenario = new Scenario(initial());
    const [seq, contact] = [...scenario.current.entries()].find(([, candidate]) => candidate.seniority !== 'VP')!;
    const vp = normalizeFilters({ seniorities: ['VP'] });
    const before = countLiveLeads(scenario.live, vp).total;
    scenario.apply([[seq, { ...contact, seniority: 'VP' }]]);
    expect(countLiveLeads(scenario.live, vp).total).toBe(before + 1);
    expect(countLiveLeads(scenario.live, normalizeFilters({})).total).toBe(2000);
    const all = scanLiveLeads(scenario.live, normalizeFilters({}), { offset: 0, limit: 5000 }).page;
    expect(all.filter((candidate) => candidate === seq)).toEqual([seq]);
    expect(all).toEqual([...all].sort((left, right) => left - right));
  });

  it('samples each segment, leaving superseded rows out, and adds the delta exactly', () => {
    const scenario = new Scenario(initial());
    scenario.apply([...scenario.current.entries()].slice(0, 300).map(([seq, contact]) => [seq, { ...contact, seniority: 'VP' }]));
    scenario.apply(pool.slice(2000, 2100).map((contact, index) => [5000 + index, contact]));
    expect(scenario.live.segments.length).toBeGreaterThan(1);
    const sampled = countLiveLeads(scenario.live, normalizeFilters({ excludeTitles: ['zzz'] }), { sampleRows: 500, random: () => 0.5 });
    expect(sampled.basis).toBe('sampled');
    expect(sampled.total).toBe(2100);
    expect(sampled.sample!.low).toBeLessThanOrEqual(2100);
    expect(sampled.sample!.high).toBeGreaterThanOrEqual(2100);
  });
});
