/**
 * Which addresses the server may connect to when it fetches a URL a user gave it.
 * Only public unicast addresses: never loopback, private (RFC 1918, IPv6 ULA),
 * link-local (169.254/16 — cloud metadata lives there — and fe80::/10), CGNAT,
 * multicast, broadcast, unspecified, documentation/benchmark/reserved ranges,
 * and never an IPv6 form that embeds one of those (IPv4-mapped, NAT64, 6to4,
 * Teredo). `allowLoopback` (tests only) admits 127.0.0.0/8 and ::1, nothing else.
 */
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

export interface AddressPolicy {
  /** Tests only: let 127.0.0.0/8 and ::1 through, so a test can serve pages from a local server. */
  allowLoopback: boolean;
}

export interface ResolvedAddress {
  address: string;
  /** 4 or 6. */
  family: number;
}

/** Hostname → every address it resolves to. Swappable in tests. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

/** A target the policy refuses; `reason` is for logs, never for the client. */
export class BlockedTargetError extends Error {
  constructor(public readonly reason: string) {
    super(`Refused to fetch: ${reason}`);
    this.name = 'BlockedTargetError';
  }
}

/** The range name of an address as ipaddr.js sees it, IPv4-mapped IPv6 unwrapped first; null when unparsable. */
export function addressRange(ip: string): string | null {
  if (!ipaddr.isValid(ip)) return null;
  // process() turns ::ffff:a.b.c.d into a.b.c.d, so the IPv4 rules apply to it.
  return ipaddr.process(ip).range();
}

/** True when the server may connect to `ip` under `policy`. */
export function isAllowedAddress(ip: string, policy: AddressPolicy): boolean {
  const range = addressRange(ip);
  if (range === 'unicast') return true;
  return policy.allowLoopback && range === 'loopback';
}

/** `[::1]` → `::1`; other hostnames as they are. */
export function bareHostname(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/**
 * The addresses to connect to for `hostname`: an IP literal is checked as it is;
 * a name is resolved here and refused when ANY of its addresses is not allowed
 * (a name that also points inside is not one we talk to). The caller connects to
 * exactly these addresses (see pinnedLookup), so a second DNS answer cannot differ.
 */
export async function resolveAllowed(
  hostname: string,
  policy: AddressPolicy,
  resolver: Resolver = systemResolver,
): Promise<ResolvedAddress[]> {
  const host = bareHostname(hostname);
  const literal = net.isIP(host);
  if (literal) {
    if (!isAllowedAddress(host, policy))
      throw new BlockedTargetError(`address ${host} is ${addressRange(host)}`);
    return [{ address: host, family: literal }];
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolver(host);
  } catch (err) {
    throw new BlockedTargetError(
      `${host} does not resolve (${(err as { code?: string }).code ?? 'error'})`,
    );
  }
  if (!addresses.length) throw new BlockedTargetError(`${host} has no address`);
  for (const a of addresses) {
    if (!isAllowedAddress(a.address, policy)) {
      throw new BlockedTargetError(`${host} resolves to ${a.address} (${addressRange(a.address)})`);
    }
  }
  return addresses;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request / tls.connect that answers only the addresses
 * already resolved and checked, so the socket goes where the check said.
 */
export function pinnedLookup(addresses: ResolvedAddress[]) {
  return (
    _hostname: string,
    options: dns.LookupOptions | number | LookupCallback,
    callback?: LookupCallback,
  ): void => {
    const cb = (typeof options === 'function' ? options : callback) as LookupCallback;
    const opts = typeof options === 'object' ? options : {};
    const wanted =
      opts.family === 4 || opts.family === 6
        ? addresses.filter((a) => a.family === opts.family)
        : addresses;
    if (!wanted.length) {
      const err: NodeJS.ErrnoException = new Error('no allowed address of that family');
      err.code = 'ENOTFOUND';
      cb(err, opts.all ? [] : '', undefined);
      return;
    }
    if (opts.all)
      cb(
        null,
        wanted.map((a) => ({ address: a.address, family: a.family })),
      );
    else cb(null, wanted[0]!.address, wanted[0]!.family);
  };
}
