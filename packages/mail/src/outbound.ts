import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses a request to a user-given host may reach (mail attachments, a shop's SMTP
 * server). Strict by default: only public unicast addresses, only https, only the usual SMTP ports.
 *
 * `testHosts` exists for the tests and the local sandbox only: it maps names under the reserved
 * `.test` top-level domain (RFC 6761, never resolvable on the internet) to a fixed address, which
 * may then be loopback and spoken to over plain http on any port. A real host name can never be
 * exempted this way, so a production host stays strict even if the variable were set.
 */
export interface OutboundPolicy {
  testHosts: ReadonlyMap<string, string>;
}

export const STRICT_OUTBOUND: OutboundPolicy = { testHosts: new Map() };

/** The usual SMTP ports (plain, SSL, submission, the common alternative). */
export const SMTP_PORTS: readonly number[] = [25, 465, 587, 2525];

/** `OUTBOUND_TEST_HOSTS=files.shop.test=127.0.0.1,smtp.sandbox.test=127.0.0.1`; names outside `.test` are refused. */
export function parseOutboundPolicy(value: string | undefined): OutboundPolicy {
  const testHosts = new Map<string, string>();
  for (const pair of (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [name = '', address = ''] = pair.split('=').map((s) => s.trim().toLowerCase());
    if (!name.endsWith('.test'))
      throw new Error(`OUTBOUND_TEST_HOSTS: only names under .test can be pinned, not ${name}`);
    if (!ipaddr.isValid(address)) throw new Error(`OUTBOUND_TEST_HOSTS: ${address} is not an IP address`);
    testHosts.set(name, address);
  }
  return { testHosts };
}

/** A refusal with a German reason that says nothing about what is behind the address. */
export class OutboundRefused extends Error {
  constructor(
    message: string,
    readonly field: 'host' | 'port' = 'host',
  ) {
    super(message);
  }
}

const REFUSED = 'Diese Adresse ist nicht erlaubt: nur öffentlich erreichbare Server';

/** Public unicast only: no private, loopback, link-local (cloud metadata), carrier-grade NAT, multicast or reserved ranges. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // process() turns IPv4-mapped IPv6 (::ffff:127.0.0.1) into the IPv4 address it stands for.
  return ipaddr.process(address).range() === 'unicast';
}

const bare = (host: string) => host.replace(/^\[|\]$/g, '').toLowerCase();

export const isTestHost = (policy: OutboundPolicy, host: string) => policy.testHosts.has(bare(host));

/**
 * The one address to connect to for `host`: every address it resolves to must be public (a name
 * with one private address among public ones is refused, so DNS can't pick the private one later).
 * The caller connects to the returned address, never to the name again.
 */
export async function resolvePublic(policy: OutboundPolicy, host: string): Promise<string> {
  const name = bare(host);
  const pinned = policy.testHosts.get(name);
  if (pinned) return pinned;
  if (ipaddr.isValid(name)) {
    if (!isPublicAddress(name)) throw new OutboundRefused(REFUSED);
    return name;
  }
  let addresses: { address: string }[];
  try {
    addresses = await lookup(name, { all: true, verbatim: true });
  } catch {
    throw new OutboundRefused('Der Server wurde nicht gefunden');
  }
  if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address))) throw new OutboundRefused(REFUSED);
  return addresses[0]!.address;
}

/** A shop's SMTP server: a public address and, outside the test hosts, one of the usual SMTP ports. */
export async function resolveSmtpHost(policy: OutboundPolicy, host: string, port: number): Promise<string> {
  if (!isTestHost(policy, host) && !SMTP_PORTS.includes(port)) {
    throw new OutboundRefused(`Nur die üblichen SMTP-Ports sind erlaubt: ${SMTP_PORTS.join(', ')}`, 'port');
  }
  return resolvePublic(policy, host);
}
