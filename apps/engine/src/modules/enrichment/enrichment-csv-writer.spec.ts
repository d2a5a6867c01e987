import { enrichmentCsvHeader, enrichmentCsvRows } from './enrichment-csv-writer';

describe('enrichment CSV writer', () => {
  it('writes RFC 4180 records: CRLF between records, cells with a lone CR or LF quoted', () => {
    const header = enrichmentCsvHeader(['Name', 'Notes'], ['icebreaker']);
    const rows = enrichmentCsvRows(
      [
        { position: 0, cells: ['Ada', 'line one\nline two'], websiteRead: true, output: { icebreaker: 'Hi,\r"there"' } },
        { position: 1, cells: ['=cmd', 'lone\rreturn'], websiteRead: false, output: {} },
      ],
      ['icebreaker'],
    );
    const text = Buffer.concat([header, rows]).toString('utf8');

    expect(text.split('\r\n')).toEqual([
      'Name,Notes,icebreaker,Website Read',
      'Ada,"line one\nline two","Hi,\r""there""",yes',
      `'=cmd,"lone\rreturn",,no`,
      '',
    ]);
  });
});
