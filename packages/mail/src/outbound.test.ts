import { describe, expect, it } from 'vitest';
import {
  isPublicAddress,
  OutboundRefused,
  parseOutboundPolicy,
  resolvePublic,
  resolveSmtpHost,
  STRICT_OUTBOUND,
} from './outbound';

describe('the rules for addresses a merchant gives', () => {
  it('counts only public unicast addresses as public', () => {
    for (const internal of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.100.100.200',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'kein-ip',
    ])
      expect(isPublicAddress(internal), internal).toBe(false);
    for (const external of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])
      expect(isPublicAddress(external), external).toBe(true);
  });

  it('resolves names and refuses one that points inside', async () => {
    await expect(resolvePublic(STRICT_OUTBOUND, 'localhost')).rejects.toBeInstanceOf(OutboundRefused);
    await expect(resolvePublic(STRICT_OUTBOUND, '[::1]')).rejects.toBeInstanceOf(OutboundRefused);
    expect(await resolvePublic(STRICT_OUTBOUND, '8.8.8.8')).toBe('8.8.8.8');
  });

  it('allows only the usual SMTP ports, except for the pinned test names', async () => {
    await expect(resolveSmtpHost(STRICT_OUTBOUND, '8.8.8.8', 22)).rejects.toMatchObject({ field: 'port' });
    expect(await resolveSmtpHost(STRICT_OUTBOUND, '8.8.8.8', 587)).toBe('8.8.8.8');
    const policy = parseOutboundPolicy('smtp.sandbox.test=127.0.0.1');
    expect(await resolveSmtpHost(policy, 'smtp.sandbox.test', 2465)).toBe('127.0.0.1');
    await expect(resolveSmtpHost(policy, '127.0.0.1', 2525)).rejects.toBeInstanceOf(OutboundRefused);
  });

  it('pins only names under .test, so no real host can be exempted', () => {
    expect(() => parseOutboundPolicy('intern.firma.de=10.0.0.1')).toThrow(/only names under \.test/);
    expect(() => parseOutboundPolicy('files.shop.test=kein-ip')).toThrow(/not an IP address/);
    expect(parseOutboundPolicy(undefined).testHosts.size).toBe(0);
  });
});
