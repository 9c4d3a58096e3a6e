import crypto from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { ALERT_SIGNATURE_HEADER } from '@screenline/shared/alerts';

/**
 * Alert webhooks (issue 23 item 4): a signed JSON POST to a URL the owner chose, refused when the
 * URL's host is or resolves to a private, loopback, link-local or otherwise non-public address
 * (server-side request forgery, OWASP ASVS V1.3.6). The address is checked where the socket gets
 * it (the `lookup` of the request), so a name that resolves to a public address when saved and a
 * private one when called (DNS rebinding) is refused too. Redirects are not followed.
 */

/** Ranges no webhook may reach (IANA special-purpose registries, IPv4 and IPv6). */
const BLOCKED = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(prefix, bits, 'ipv6');

/** Whether an IP address is public (IPv4-mapped IPv6 addresses are judged as IPv4). */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  if (mapped) return isPublicAddress(mapped);
  if (net.isIPv4(bare)) return !BLOCKED.check(bare, 'ipv4');
  if (net.isIPv6(bare)) {
    // ::ffff:7f00:1 is 127.0.0.1 written in hex.
    if (/^::ffff:/i.test(bare)) return false;
    return !BLOCKED.check(bare, 'ipv6');
  }
  return false;
}

export class WebhookRefused extends Error {}

/** Refuses a URL whose host is an address that is not public, or a name that is local by rule. */
export function checkWebhookUrl(value: string): URL {
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new WebhookRefused('Only http and https URLs are called.');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (net.isIP(host) !== 0) {
    if (!isPublicAddress(host))
      throw new WebhookRefused('The URL points to a private or local address.');
  } else if (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.')) {
    throw new WebhookRefused('The URL points to a local name; use a public host name.');
  }
  return url;
}

/** The signature header's value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signatureOf(secret: string, body: string, unixSeconds: number): string {
  const mac = crypto.createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** Checks a signature header the way a receiver should (constant-time compare). */
export function verifySignature(secret: string, body: string, header: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match?.[1] || !match[2]) return false;
  const expected = signatureOf(secret, body, Number(match[1])).split('v1=')[1] ?? '';
  return crypto.timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(match[2], 'hex'));
}

type TLookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** dns.lookup that answers only public addresses; a name with any other address is refused. */
function publicLookup(isAllowed: (address: string) => boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: TLookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses;
      const refused = list.find((entry) => !isAllowed(entry.address));
      if (refused || list.length === 0)
        return callback(
          Object.assign(new WebhookRefused(`${hostname} resolves to a private or local address.`), {
            code: 'EWEBHOOKREFUSED',
          }),
          [],
        );
      if (options.all) return callback(null, list);
      const first = list[0] as dns.LookupAddress;
      return callback(null, first.address, first.family);
    });
  };
}

export interface TWebhookOptions {
  /** Which resolved addresses may be called (tests allow loopback; default: public only). */
  isAllowedAddress?: (address: string) => boolean;
  timeoutMs?: number;
  now?: () => number;
}

/**
 * POSTs `body` (JSON) to the URL with the signature header; resolves on a 2xx answer, throws on
 * a refusal, a network error, a timeout or any other status (the job retries).
 */
export async function postWebhook(
  urlText: string,
  secret: string,
  body: string,
  options: TWebhookOptions = {},
): Promise<number> {
  const isAllowed = options.isAllowedAddress ?? isPublicAddress;
  const url = new URL(urlText);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!options.isAllowedAddress) checkWebhookUrl(urlText);
  else if (net.isIP(host) !== 0 && !isAllowed(host))
    throw new WebhookRefused('The URL points to a private or local address.');
  const seconds = Math.floor((options.now ?? Date.now)() / 1000);
  const send = url.protocol === 'https:' ? https.request : http.request;
  return new Promise<number>((resolve, reject) => {
    const request = send(
      url,
      {
        method: 'POST',
        lookup: publicLookup(isAllowed),
        timeout: options.timeoutMs ?? 10_000,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Screenline-Alerts/1',
          [ALERT_SIGNATURE_HEADER]: signatureOf(secret, body, seconds),
        },
      },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve(status);
        else reject(new Error(`The webhook answered ${status}.`));
      },
    );
    request.on('timeout', () => request.destroy(new Error('The webhook did not answer in time.')));
    request.on('error', reject);
    request.end(body);
  });
}
