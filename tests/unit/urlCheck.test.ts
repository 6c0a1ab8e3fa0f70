import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../src/server/services/urlCheck';

describe('isPublicAddress: only public unicast, however the address is written', () => {
  it.each([
    '127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:127.0.0.1',
    '::7f00:1',
    '0177.0.0.1',
    '0x7f.1',
    '2130706433',
    '0.0.0.0',
    '::',
    '::1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    'fd00:ec2::254',
    'fe80::1%eth0',
    '224.0.0.1',
    '255.255.255.255',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    '2001::1',
    'not-an-address',
  ])('%s is refused', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});
