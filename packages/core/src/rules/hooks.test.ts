import { describe, expect, it } from 'vitest';
import { addressRefusal, hookUrlProblem, hostRefusal, isPublicAddress, isValidHookUrl } from './hooks.js';

describe('hook URLs', () => {
  it('take http and https addresses with a host', () => {
    expect(isValidHookUrl('https://hooks.example.com/in')).toBe(true);
    expect(isValidHookUrl('http://crm.example.com:8080/x?y=1')).toBe(true);
    expect(isValidHookUrl('ftp://example.com')).toBe(false);
    expect(isValidHookUrl('example.com/hook')).toBe(false);
    expect(isValidHookUrl('')).toBe(false);
    expect(isValidHookUrl('http://[::1::2]/')).toBe(false);
  });

  it('take a loopback URL only when private addresses are allowed (development and tests)', () => {
    expect(isValidHookUrl('http://127.0.0.1:8080/hook')).toBe(false);
    expect(isValidHookUrl('http://127.0.0.1:8080/hook', { allowPrivate: true })).toBe(true);
    expect(isValidHookUrl('http://[::1::2]/', { allowPrivate: true })).toBe(false);
  });

  it('say whether a refused URL is malformed or at a private address', () => {
    expect(hookUrlProblem('example.com/hook')).toBe('invalid');
    expect(hookUrlProblem('http://[::1::2]/')).toBe('invalid');
    expect(hookUrlProblem('http://10.0.0.5/hook')).toBe('private');
    expect(hookUrlProblem('http://localhost:3000/hook')).toBe('private');
    expect(hookUrlProblem('http://[::ffff:127.0.0.1]/hook')).toBe('private');
    expect(hookUrlProblem('http://10.0.0.5/hook', { allowPrivate: true })).toBeNull();
    expect(hookUrlProblem('https://crm.example.com/in')).toBeNull();
  });
});

/**
 * Every form an address reaches the rule in: as the URL parser leaves an IP literal (brackets
 * stripped) and as DNS answers. The odd IPv4 spellings only ever arrive through a URL, where the
 * parser turns them into dotted quads (see the URL table); given raw, they are refused unparsed.
 */
const REFUSED_ADDRESSES: [form: string, attack: string][] = [
  ['127.0.0.1', 'IPv4 loopback'],
  ['127.255.255.254', 'IPv4 loopback, end of 127/8'],
  ['10.1.2.3', 'private 10/8'],
  ['172.16.0.1', 'private 172.16/12'],
  ['172.31.255.255', 'private 172.16/12, last address'],
  ['192.168.1.1', 'private 192.168/16'],
  ['100.64.0.1', 'carrier-grade NAT 100.64/10'],
  ['100.127.255.254', 'carrier-grade NAT, end of range'],
  ['169.254.169.254', 'cloud metadata, link-local'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'this network 0/8'],
  ['255.255.255.255', 'broadcast'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast (SSDP)'],
  ['192.0.2.10', 'documentation TEST-NET-1'],
  ['198.51.100.7', 'documentation TEST-NET-2'],
  ['203.0.113.9', 'documentation TEST-NET-3'],
  ['198.18.0.1', 'benchmarking 198.18/15'],
  ['198.19.255.1', 'benchmarking, second half'],
  ['240.0.0.1', 'reserved 240/4'],
  ['192.0.0.8', 'IETF protocol assignments 192.0.0/24'],
  ['192.88.99.1', '6to4 relay anycast'],
  ['::1', 'IPv6 loopback'],
  ['0:0:0:0:0:0:0:1', 'IPv6 loopback, uncompressed'],
  ['::', 'IPv6 unspecified'],
  ['fe80::1', 'IPv6 link-local'],
  ['fe80::1%eth0', 'IPv6 link-local with a zone'],
  ['2606:4700::1111%eth0', 'a zone, which no URL or DNS answer carries'],
  ['febf::1', 'IPv6 link-local, end of fe80::/10'],
  ['fc00::1', 'unique local fc00::/7'],
  ['fd12:3456::1', 'unique local fd00::/8'],
  ['fec0::1', 'deprecated site-local fec0::/10'],
  ['ff02::1', 'IPv6 multicast'],
  ['ff05::1:3', 'IPv6 site multicast'],
  ['2001:db8::1', 'IPv6 documentation 2001:db8::/32'],
  ['2001:db8:ffff::1', 'IPv6 documentation, end of range'],
  ['3fff::1', 'IPv6 documentation 3fff::/20'],
  ['100::1', 'IPv6 discard 100::/64'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback in hex (what the URL parser gives)'],
  ['0:0:0:0:0:ffff:127.0.0.1', 'IPv4-mapped loopback, uncompressed'],
  ['0:0:0:0:0:ffff:7f00:1', 'IPv4-mapped loopback, uncompressed hex'],
  ['::ffff:a9fe:a9fe', 'IPv4-mapped cloud metadata in hex'],
  ['::ffff:169.254.169.254', 'IPv4-mapped cloud metadata'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::ffff:c0a8:101', 'IPv4-mapped 192.168.1.1 in hex'],
  ['::ffff:0.0.0.0', 'IPv4-mapped unspecified'],
  ['::ffff:0:7f00:1', 'IPv4-translated loopback ::ffff:0:0/96'],
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['::7f00:1', 'IPv4-compatible loopback in hex'],
  ['::a9fe:a9fe', 'IPv4-compatible cloud metadata'],
  ['::8.8.8.8', 'IPv4-compatible, deprecated even for a public address'],
  ['64:ff9b::127.0.0.1', 'NAT64 of loopback'],
  ['64:ff9b::7f00:1', 'NAT64 of loopback in hex'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 of cloud metadata'],
  ['64:ff9b::10.0.0.1', 'NAT64 of a private address'],
  ['64:ff9b:1::7f00:1', 'local-use NAT64 64:ff9b:1::/48'],
  ['2002:7f00:1::1', '6to4 of loopback'],
  ['2002:a9fe:a9fe::1', '6to4 of cloud metadata'],
  ['2002:808:808::1', '6to4 tunnel, even of a public address'],
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'Teredo with an obfuscated loopback client'],
  ['2001::1', 'Teredo'],
  ['4000::1', 'outside global unicast 2000::/3'],
  ['5f00::1', 'segment routing 5f00::/16'],
  ['127.1', 'short IPv4 form, unparsed'],
  ['0x7f.1', 'hex IPv4 form, unparsed'],
  ['2130706433', 'decimal IPv4 form, unparsed'],
  ['017700000001', 'octal IPv4 form, unparsed'],
  ['0177.0.0.1', 'octal dotted IPv4 form, unparsed'],
  ['127.000.000.001', 'zero-padded IPv4 form, unparsed'],
  ['[::1]', 'bracketed, unparsed'],
  ['localhost', 'a name, not an address'],
  ['', 'nothing'],
];

const ALLOWED_ADDRESSES = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.216.34',
  '172.32.0.1',
  '100.128.0.1',
  '169.255.0.1',
  '2606:4700::1111',
  '2001:4860:4860::8888',
  '2a00:1450:4001:80b::200e',
  '::ffff:8.8.8.8',
  '::ffff:808:808',
  '64:ff9b::8.8.8.8',
  '64:ff9b::808:808',
];

/** Hook URLs as an admin types them; the host is judged after the URL parser has normalised it. */
const REFUSED_URLS: [form: string, attack: string][] = [
  ['http://[::ffff:127.0.0.1]/', 'IPv4-mapped loopback'],
  ['http://[::ffff:7f00:1]/', 'IPv4-mapped loopback in hex'],
  ['http://[0:0:0:0:0:ffff:127.0.0.1]/', 'IPv4-mapped loopback, uncompressed'],
  ['http://[::ffff:a9fe:a9fe]/', 'IPv4-mapped cloud metadata'],
  ['http://[::127.0.0.1]/', 'IPv4-compatible loopback'],
  ['http://[64:ff9b::7f00:1]/', 'NAT64 of loopback'],
  ['http://2130706433/', 'loopback as one decimal number'],
  ['http://0x7f.1/', 'loopback in hex, short form'],
  ['http://017700000001/', 'loopback as one octal number'],
  ['http://127.1/', 'loopback, short form'],
  ['http://0x7f000001/', 'loopback as one hex number'],
  ['http://0177.0.0.1/', 'loopback, octal first part'],
  ['http://127.0.0.1./', 'loopback with a trailing dot'],
  ['http://0/', 'unspecified as 0'],
  ['http://[::1]:8080/hook', 'IPv6 loopback'],
  ['http://[::]/', 'IPv6 unspecified'],
  ['https://[fe80::1]/', 'IPv6 link-local'],
  ['http://[fd00::1]/', 'unique local'],
  ['http://localhost:3000/', 'localhost'],
  ['http://LOCALHOST./', 'localhost, upper case with a trailing dot'],
  ['http://api.localhost/', 'a name under .localhost'],
  ['https://169.254.169.254/latest/meta-data/', 'cloud metadata'],
  ['http://10.0.0.5/', 'private network'],
  ['http://2852039166/', 'cloud metadata as one decimal number'],
];

const ALLOWED_URLS = [
  'https://hooks.example.com/in',
  'http://8.8.8.8/hook',
  'https://[2606:4700::1111]/x',
  'http://[::ffff:8.8.8.8]/',
  'http://134744072/',
];

describe('a hook address is refused unless it is global unicast, whatever its form', () => {
  it.each(REFUSED_ADDRESSES)('%s (%s) is refused', (form) => {
    expect(addressRefusal(form)).not.toBeNull();
    expect(isPublicAddress(form)).toBe(false);
  });

  it.each(ALLOWED_ADDRESSES)('public %s is allowed', (form) => {
    expect(addressRefusal(form)).toBeNull();
  });

  it('an IPv4-mapped IPv6 literal of loopback is refused as loopback, whichever way it is written', () => {
    for (const form of ['::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:7f00:1'])
      expect(addressRefusal(form)).toBe('IPv4-mapped of loopback 127.0.0.1');
  });

  it('a Teredo address is judged by its de-obfuscated client address', () => {
    expect(addressRefusal('2001:0:4136:e378:8000:63bf:80ff:fffe')).toBe('Teredo of loopback 127.0.0.1');
  });
});

describe('a hook URL at a private address cannot be saved, whatever its spelling', () => {
  it.each(REFUSED_URLS)('%s (%s) is refused', (form) => {
    expect(isValidHookUrl(form)).toBe(false);
  });

  it.each(ALLOWED_URLS)('%s is allowed', (form) => {
    expect(isValidHookUrl(form)).toBe(true);
  });

  it('a DNS name is left to the check at connect time; an IP host is judged without its brackets', () => {
    expect(hostRefusal('crm.example.com')).toBeNull();
    expect(hostRefusal('[::ffff:7f00:1]')).toBe('IPv4-mapped of loopback 127.0.0.1');
    expect(hostRefusal('[2606:4700::1111]')).toBeNull();
  });
});
