/** THE SSRF rule of webhook deliveries (issues #34, #40 item 5): which addresses a delivery may never connect to (ipaddr.js: only global unicast). */
import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../../../../../src/server/services/webhooks/safe-request.ts';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456:789a::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a9fe:a9fe',
    '2002:c0a8:0101::1',
    // The IPv6 translation blocks, whatever IPv4 address they carry (issue #40 item 5): SIIT, local NAT64, Teredo, 6to4.
    '::ffff:0:127.0.0.1',
    '::ffff:0:808:808',
    '64:ff9b:1::7f00:1',
    '64:ff9b:1::808:808',
    '64:ff9b::808:808',
    '2001::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2002:0808:0808::1',
    // The deprecated IPv4-compatible ::/96 (in the IETF-reserved ::/8).
    '::7f00:1',
    // Other special-purpose blocks: documentation, benchmarking, reserved, discard-only, ORCHIDv2, AS112, 6to4 relay anycast.
    '2001:db8::1',
    '3fff::1',
    '2001:2::1',
    '100::1',
    '2001:20::1',
    '192.0.2.1',
    '198.18.0.1',
    '192.88.99.1',
    '240.0.0.1',
    '192.175.48.1',
    'not an address',
  ])('%s is refused', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2a00:1450:4001:80b::200e'])(
    '%s is allowed',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});
