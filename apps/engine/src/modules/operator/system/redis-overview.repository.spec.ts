import { infoFields } from './redis-overview.repository';

describe("reading Redis's INFO", () => {
  it('takes the field:value lines of every section, headings and blank lines aside', () => {
    const fields = infoFields('# Server\r\nredis_version:7.2.4\r\nos:Linux 6.1\r\n\r\n# Memory\r\nused_memory:1048576\r\nmaxmemory:0\r\n');
    expect(Object.fromEntries(fields)).toEqual({ redis_version: '7.2.4', os: 'Linux 6.1', used_memory: '1048576', maxmemory: '0' });
  });
});
