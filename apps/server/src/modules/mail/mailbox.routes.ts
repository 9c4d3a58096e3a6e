import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOutboxList } from '@screenline/shared/mail';
import { API } from '@screenline/shared/api-paths';
import { escapeHtml } from './templates';

const linkify = (s: string) =>
  escapeHtml(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/**
 * Whether an address is this machine's: 127.0.0.0/8, ::1, or 127.x written as IPv6
 * (`::ffff:127.0.0.1`, how a dual-stack socket reports an IPv4 client).
 */
export function isLoopbackAddress(address: string): boolean {
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  if (net.isIPv4(v4)) return v4.startsWith('127.');
  return (
    net.isIPv6(address) && new net.SocketAddress({ address, family: 'ipv6' }).address === '::1'
  );
}

/**
 * The dev mailbox: outside production, every email the server would send is listed here
 * (JSON for tests, a page for people). Never registered in production, and answered only to a
 * client on this machine: it shows reset links, and `HOST=0.0.0.0` (for TVs on the network)
 * would otherwise hand them to anyone who can reach the server. `request.ip` is the socket's
 * address, or with TRUST_PROXY the client address the proxy forwarded.
 */
export async function mailboxRoutes(app: FastifyInstance) {
  const { mail } = app.deps;

  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopbackAddress(request.ip)) return reply.callNotFound();
    return undefined;
  });

  const list = async () =>
    (await mail.listRecent()).map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
    }));

  app.withTypeProvider<ZodTypeProvider>().get(
    API.devMailbox,
    {
      schema: {
        tags: ['dev'],
        summary: 'Emails in the outbox (not in production)',
        response: { 200: ZOutboxList },
      },
      // Loopback clients only (the hook above), signed in or not.
      config: { isPublic: true },
    },
    async () => ({ items: await list() }),
  );

  app.get(API.devMailboxPage, { schema: { hide: true } }, async (_request, reply) => {
    const items = await list();
    const rows = items
      .map(
        (m) =>
          `<article><header><strong>${escapeHtml(m.subject)}</strong><span>to ${escapeHtml(m.to)} · ${escapeHtml(m.createdAt)}${m.sentAt ? ' · sent' : ''}</span></header><pre>${linkify(m.text)}</pre></article>`,
      )
      .join('');
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev mailbox · Screenline</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#111827}@media (prefers-color-scheme:dark){body{background:#0b0f19;color:#e5e7eb}article{border-color:#374151!important}a{color:#a5b4fc}}
article{border:1px solid #e5e7eb;border-radius:10px;padding:1rem;margin:1rem 0}header{display:flex;flex-wrap:wrap;gap:.5rem 1rem;justify-content:space-between}header span{color:#6b7280;font-size:.875rem}pre{white-space:pre-wrap;word-break:break-all;font:inherit}</style></head>
<body><h1>Dev mailbox</h1><p>Emails Screenline would have sent, newest first. Set <code>SMTP_URL</code> to deliver them for real.</p>${rows || '<p>No emails yet.</p>'}</body></html>`;
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  });
}
