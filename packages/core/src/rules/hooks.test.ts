import { describe, expect, it } from 'vitest';
import { isPrivateAddress, isValidHookUrl } from './hooks.js';

describe('hook URLs', () => {
  it('take http and https addresses with a host', () => {
    expect(isValidHookUrl('https://hooks.example.com/in')).toBe(true);
    expect(isValidHookUrl('http://crm.example.com:8080/x?y=1')).toBe(true);
    expect(isValidHookUrl('ftp://example.com')).toBe(false);
    expect(isValidHookUrl('example.com/hook')).toBe(false);
    expect(isValidHookUrl('')).toBe(false);
  });
});

describe('private addresses', () => {
  it('covers loopback, private, link-local, CGNAT and reserved IPv4', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['8.8.8.8', '172.32.0.1', '100.128.0.1', '93.184.216.34'])
      expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it('covers IPv6 loopback, unique-local, link-local and IPv4-mapped', () => {
    for (const ip of ['::1', '::', 'fd12::1', 'fe80::1', '::ffff:127.0.0.1', '[::1]'])
      expect(isPrivateAddress(ip), ip).toBe(true);
    expect(isPrivateAddress('2606:4700::1111')).toBe(false);
    expect(isPrivateAddress('::ffff:8.8.8.8')).toBe(false);
  });
});
