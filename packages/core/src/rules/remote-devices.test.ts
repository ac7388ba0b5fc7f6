import { describe, expect, it } from 'vitest';
import { deviceAddressRefusal, deviceBaseUrl, deviceHostRefusal } from './remote-devices.js';

const strict = { allowLoopback: false };

describe('the addresses the server may call a phone or Mac at', () => {
  it('allows the private LAN addresses a phone shows in the app', () => {
    for (const a of ['192.168.1.23', '10.0.0.5', '172.20.1.1', '100.64.1.2', 'fd00::12', '8.8.8.8'])
      expect(deviceAddressRefusal(a, strict)).toBeNull();
  });

  it('refuses loopback, link-local (cloud metadata) and unspecified addresses', () => {
    for (const a of [
      '127.0.0.1',
      '::1',
      '169.254.169.254',
      'fe80::1',
      '0.0.0.0',
      '::',
      '224.0.0.1',
      '::ffff:127.0.0.1',
    ])
      expect(deviceAddressRefusal(a, strict)).not.toBeNull();
  });

  it('opens loopback only when the test-only setting allows it', () => {
    expect(deviceAddressRefusal('127.0.0.1', { allowLoopback: true })).toBeNull();
    expect(deviceHostRefusal('localhost', { allowLoopback: true })).toBeNull();
    expect(deviceHostRefusal('localhost', strict)).not.toBeNull();
    expect(deviceHostRefusal('[::ffff:7f00:1]', strict)).not.toBeNull();
    expect(deviceAddressRefusal('169.254.169.254', { allowLoopback: true })).not.toBeNull();
  });

  it('leaves names to be judged by what they resolve to', () => {
    expect(deviceHostRefusal('mac.example.com', strict)).toBeNull();
  });

  it('keeps only plain http(s) base URLs', () => {
    expect(deviceBaseUrl('http://192.168.1.23:8080/')).toBe('http://192.168.1.23:8080');
    expect(deviceBaseUrl(' https://bb.example.com/ ')).toBe('https://bb.example.com');
    expect(deviceBaseUrl('ftp://192.168.1.23')).toBeNull();
    expect(deviceBaseUrl('http://user:pw@192.168.1.23')).toBeNull();
    expect(deviceBaseUrl('http://192.168.1.23/?password=x')).toBeNull();
    expect(deviceBaseUrl('not a url')).toBeNull();
  });
});
