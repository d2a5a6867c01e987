import {
  CompanyImport,
  ContactCsvHeader,
  FoldedCompanies,
  mapContactCsvHeader,
  normalizeCompanyDomain,
  normalizeContactRow,
  wrongColumnCountReason,
} from '@lead-engine/core';
import { randomUUID } from 'node:crypto';
import { CopyBuffer } from './copy-buffer';
import { detached, detachedCompany } from './detached-copies';
import { CsvFault, CsvFaultCode, CsvRecord, CsvRecordParser } from './csv-record-parser';
import { CONTACT_FIELDS, ContactField, contactLine } from './staging-line';

const REMEMBERED_DOMAINS = 100_000;
/** Past this many companies the batcher forgets what it has sent and sends companies whole again. */
const REMEMBERED_COMPANIES = 100_000;

export interface ContactRejection {
  line: number;
  reason: string;
}

/**
 * A company of a batch: what its rows say, folded in file order; or only its domain when the batches
 * before said all of that already (most of a company's rows repeat it), which spares sending, copying
 * and comparing the same company over and over.
 */
export type BatchCompany = CompanyImport | string;

/**
 * The valid rows of one piece of a contacts CSV, ready for a chunk: their contact lines (COPY text,
 * CONTACT_LINE_COLUMNS) with where each ends, each row's half (by id) and company (an index into
 * `companies`, the piece's companies), and the piece's rejections.
 */
export interface ContactCsvBatch {
  rows: number;
  lines: Uint8Array;
  ends: Uint32Array;
  halves: Uint8Array;
  companyIndexes: Uint32Array;
  companies: BatchCompany[];
  rejections: ContactRejection[];
  /** Data records read, valid or not. */
  records: number;
  /** linkedin_url and company_linkedin values of the valid rows dropped for not being http(s) URLs. */
  urlsDropped: number;
}

const FAULT_REASONS: Record<Exclude<CsvFaultCode, 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH'>, string> = {
  INVALID_OPENING_QUOTE: 'malformed CSV: a quote inside an unquoted field',
  CSV_INVALID_CLOSING_QUOTE: 'malformed CSV: text after the closing quote of a field',
  CSV_QUOTE_NOT_CLOSED: 'malformed CSV: a quoted field is never closed',
};

/** Why a record the CSV reader could not read is rejected; `width` is the header's field count. */
export function faultReason(fault: CsvFault, width: number): string {
  if (fault.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH') return wrongColumnCountReason(width, fault.fields?.length ?? 0);
  return FAULT_REASONS[fault.code];
}

/** The file's header could not be read or used; the message says why. */
export class ContactCsvHeaderError extends Error {}

/**
 * Turns a contacts CSV (contract §6), fed as latin1 text (see CsvRecordParser), into batches: the
 * header row first, then every row checked and normalized (a row without an id gets a new one), the
 * broken ones rejected with their line number. This is the CPU-heavy half of an import, so it runs on
 * a worker thread (threads/contact-csv.thread.ts) while the main thread writes to the database.
 */
export class ContactCsvBatcher {
  private readonly parser: CsvRecordParser;
  private readonly faults: CsvFault[] = [];
  private header: ContactCsvHeader | null = null;
  /** Contact columns the file has, once its header is read. */
  fields: ContactField[] | null = null;
  /** Every company sent so far, as the batches told it (copied out of the file's text). */
  private readonly sent = new FoldedCompanies(detachedCompany);
  // A company's contacts repeat its domain; normalizing each spelling once saves a good part of a row's checks.
  // What is remembered is copied out of the text it was cut from, which it would otherwise keep alive.
  private readonly domains = new Map<string, string | null>();
  private readonly normalizeDomain = (value: string): string | null => {
    let domain = this.domains.get(value);
    if (domain === undefined) {
      if (this.domains.size >= REMEMBERED_DOMAINS) this.domains.clear();
      domain = normalizeCompanyDomain(value);
      if (domain !== null) domain = detached(domain);
      this.domains.set(domain === value ? domain : detached(value), domain);
    }
    return domain;
  };

  constructor() {
    this.parser = new CsvRecordParser((fault) => {
      if (fault.beforeFirstRecord) throw new ContactCsvHeaderError(`The header row cannot be read: ${faultReason(fault, 0)}.`);
      this.faults.push(fault);
    });
  }

  /** The batch of rows that `text` completes; throws ContactCsvHeaderError for an unusable header. */
  push(text: string): ContactCsvBatch {
    const records: CsvRecord[] = [];
    this.parser.push(text, records);
    return this.batch(records, false);
  }

  /** The last rows, at the end of the file; throws ContactCsvHeaderError for a file without a header. */
  end(): ContactCsvBatch {
    const records: CsvRecord[] = [];
    this.parser.end(records);
    return this.batch(records, true);
  }

  private batch(records: CsvRecord[], last: boolean): ContactCsvBatch {
    let from = 0;
    if (this.header === null && records.length > 0) {
      this.header = mapContactCsvHeader(records[0].fields);
      const header = this.header;
      this.fields = CONTACT_FIELDS.filter((field) => header.has(field));
      from = 1;
    }
    if (this.header === null) {
      if (last) throw new ContactCsvHeaderError('The file is empty: a contacts CSV starts with a header row.');
      return emptyBatch();
    }
    const header = this.header;
    const lines = new CopyBuffer(Math.max(1024, (records.length - from) * 512));
    const halves = new Uint8Array(records.length - from);
    const companyIndexes = new Uint32Array(records.length - from);
    const companies = new FoldedCompanies();
    const rejections: ContactRejection[] = [];
    let urlsDropped = 0;
    let unreadable = 0;
    const rejectFaultsBefore = (line: number) => {
      while (this.faults.length > 0 && this.faults[0].line < line) {
        const fault = this.faults.shift() as CsvFault;
        rejections.push({ line: fault.line, reason: faultReason(fault, header.width) });
        unreadable++;
      }
    };
    for (let index = from; index < records.length; index++) {
      const record = records[index];
      rejectFaultsBefore(record.line);
      const checked = normalizeContactRow(record.fields, header, randomUUID, this.normalizeDomain);
      if (!checked.ok) {
        rejections.push({ line: record.line, reason: checked.reason });
        continue;
      }
      const row = checked.row;
      urlsDropped += checked.urlsDropped;
      companyIndexes[lines.rows] = companies.foldRow(row);
      halves[lines.rows] = row.id.charCodeAt(35) & 1;
      lines.line(contactLine(row));
    }
    rejectFaultsBefore(last ? Infinity : (records.at(-1)?.line ?? 0) + 1);
    return {
      rows: lines.rows,
      lines: lines.bytes(),
      ends: lines.lineEnds(),
      halves: halves.subarray(0, lines.rows),
      companyIndexes: companyIndexes.subarray(0, lines.rows),
      companies: companies.companies().map((company) => this.toSend(company)),
      rejections,
      records: records.length - from + unreadable,
      urlsDropped,
    };
  }

  private toSend(company: CompanyImport): BatchCompany {
    if (!this.sent.addsTo(company)) return company.domain;
    if (!this.sent.has(company.domain) && this.sent.size >= REMEMBERED_COMPANIES) this.sent.clear();
    this.sent.fold(company);
    return company;
  }
}

/** A batch of no rows: what an empty piece of the file yields. */
export function emptyBatch(): ContactCsvBatch {
  return {
    rows: 0,
    lines: new Uint8Array(0),
    ends: new Uint32Array(0),
    halves: new Uint8Array(0),
    companyIndexes: new Uint32Array(0),
    companies: [],
    rejections: [],
    records: 0,
    urlsDropped: 0,
  };
}
