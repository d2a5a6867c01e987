import { classifyAddress } from './classify-address';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1', 'loopback'],
    ['2130706433', '127.0.0.1', 'loopback'],
    ['0177.0.0.1', '127.0.0.1', 'loopback'],
    ['0x7f000001', '127.0.0.1', 'loopback'],
    ['0x7f.0.0.1', '127.0.0.1', 'loopback'],
    ['127.1', '127.0.0.1', 'loopback'],
    ['::1', '::1', 'loopback'],
    ['[::1]', '::1', 'loopback'],
    ['::ffff:127.0.0.1', '127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', '127.0.0.1', 'loopback'],
    ['10.0.0.8', '10.0.0.8', 'private'],
    ['172.16.5.4', '172.16.5.4', 'private'],
    ['192.168.1.1', '192.168.1.1', 'private'],
    ['3232235777', '192.168.1.1', 'private'],
    ['fc00::1', 'fc00::1', 'uniqueLocal'],
    ['fd00:ec2::254', 'fd00:ec2::254', 'uniqueLocal'],
    ['169.254.169.254', '169.254.169.254', 'linkLocal'],
    ['fe80::1', 'fe80::1', 'linkLocal'],
    ['100.64.0.1', '100.64.0.1', 'carrierGradeNat'],
    ['224.0.0.251', '224.0.0.251', 'multicast'],
    ['ff02::1', 'ff02::1', 'multicast'],
    ['0.0.0.0', '0.0.0.0', 'unspecified'],
    ['0', '0.0.0.0', 'unspecified'],
    ['::', '::', 'unspecified'],
    ['255.255.255.255', '255.255.255.255', 'broadcast'],
    ['64:ff9b::7f00:1', '64:ff9b::7f00:1', 'rfc6052'],
    ['::127.0.0.1', '::7f00:1', 'ipv4Compatible'],
    ['[::127.0.0.1]', '::7f00:1', 'ipv4Compatible'],
    ['::7f00:1', '::7f00:1', 'ipv4Compatible'],
    ['[::a9fe:a9fe]', '::a9fe:a9fe', 'ipv4Compatible'],
    ['0:0:0:0:0:0:a9fe:a9fe', '::a9fe:a9fe', 'ipv4Compatible'],
    ['::8.8.8.8', '::808:808', 'ipv4Compatible'],
    ['::808:808', '::808:808', 'ipv4Compatible'],
    ['::2', '::2', 'ipv4Compatible'],
    ['::1:0', '::1:0', 'ipv4Compatible'],
    ['::0.0.0.1', '::1', 'loopback'],
    ['0:0:0:0:0:0:0:0', '::', 'unspecified'],
  ])('refuses %s (%s, %s)', (text, address, range) => {
    expect(classifyAddress(text)).toMatchObject({ address, range, public: false });
  });

  it.each([
    ['93.184.216.34', 4],
    ['1558242340', 4], // 92.224.228.36
    ['::ffff:93.184.216.34', 4],
    ['2606:2800:220:1:248:1893:25c8:1946', 6],
    ['2001:4860:4860::8888', 6],
    ['[2a00:1450:4001:82a::200e]', 6],
  ])('allows the public address %s', (text, family) => {
    expect(classifyAddress(text)).toMatchObject({ public: true, range: 'unicast', family });
  });

  it('answers null for host names', () => {
    expect(classifyAddress('example.com')).toBeNull();
    expect(classifyAddress('localhost')).toBeNull();
    expect(classifyAddress('127.0.0.1.nip.io')).toBeNull();
  });
});
