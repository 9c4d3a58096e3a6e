import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_SIGNATURE_HEADER } from '@screenline/shared/alerts';
import {
  checkWebhookUrl,
  isPublicAddress,
  postWebhook,
  signatureOf,
  verifySignature,
  WebhookRefused,
} from './webhook';

describe('alert webhooks', () => {
  let server: http.Server;
  let url: string;
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.statusCode = request.url === '/fail' ? 500 : 204;
        response.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('signs the body with the owner key: t=<seconds>,v1=<HMAC-SHA256 of "t.body">', async () => {
    const body = JSON.stringify({ type: 'incident', events: [] });
    const status = await postWebhook(`${url}/hook`, 'k'.repeat(64), body, {
      isAllowedAddress: () => true,
      now: () => 1_800_000_000_000,
    });
    expect(status).toBe(204);
    const [call] = received.slice(-1);
    expect(call!.body).toBe(body);
    expect(call!.headers['content-type']).toBe('application/json');
    const header = String(call!.headers[ALERT_SIGNATURE_HEADER]);
    expect(header).toBe(signatureOf('k'.repeat(64), body, 1_800_000_000));
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifySignature('k'.repeat(64), body, header)).toBe(true);
    expect(verifySignature('other-key', body, header)).toBe(false);
    expect(verifySignature('k'.repeat(64), `${body} `, header)).toBe(false);
  });

  it('throws on an answer that is not 2xx, so the job retries', async () => {
    await expect(
      postWebhook(`${url}/fail`, 'key', '{}', { isAllowedAddress: () => true }),
    ).rejects.toThrow('The webhook answered 500.');
  });

  it('refuses private, loopback, link-local and local names, before any connection', async () => {
    const before = received.length;
    for (const target of [
      `${url}/hook`,
      'http://10.0.0.5/hook',
      'http://192.168.1.1/hook',
      'http://172.20.0.1/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://100.64.0.1/',
      'http://0.0.0.0/',
      'http://[::1]/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://localhost/',
      'http://printer.localhost/',
      'http://intranet/',
    ]) {
      expect(() => checkWebhookUrl(target), target).toThrow(WebhookRefused);
      await expect(postWebhook(target, 'key', '{}'), target).rejects.toThrow();
    }
    expect(received.length).toBe(before);
    expect(() => checkWebhookUrl('https://hooks.example.com/x')).not.toThrow();
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:2800:220:1:248:1893:25c8:1946')).toBe(true);
  });

  it('refuses a public-looking name that resolves to a private address (checked at connect)', async () => {
    // "localtest.me"-style names are not needed: a name the resolver answers with 127.0.0.1 is
    // refused by the connection's own lookup, whatever the URL check said.
    const before = received.length;
    await expect(
      postWebhook(`${url.replace('127.0.0.1', 'localhost')}/hook`, 'key', '{}', {
        isAllowedAddress: isPublicAddress,
      }),
    ).rejects.toThrow(/private or local address/);
    expect(received.length).toBe(before);
  });
});
