import { negotiate } from '@fastify/accept-negotiator';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@screenline/shared/errors';
import { ZIdParams } from '@screenline/shared/id';
import { ZDecisionReason, ZIdempotencyHeaders, ZPageQuery } from '@screenline/shared/money';
import {
  ZCreatePayout,
  ZCreateTopUp,
  ZPayout,
  ZPayoutBankDetails,
  ZPayoutList,
  ZRequestListQuery,
  ZTopUp,
  ZTopUpList,
  ZTopUpListQuery,
  ZWallet,
  ZEarningsPlayList,
  ZEarningsPlaysQuery,
  ZEarningsRowList,
  ZWalletTransactionList,
  ZWalletTransactionsQuery,
} from '@screenline/shared/wallet';
import { TWO_FACTOR_CODE_HEADER, ZTwoFactorCodeHeaders } from '@screenline/shared/two-factor';
import { API } from '@screenline/shared/api-paths';
import type { TActor } from '../../lib/actor';
import { loadOrCreateSecret } from '../../lib/secrets';
import { createContentDirectory } from '../content/content-directory';
import { idempotentRoute } from '../ledger/idempotency';
import { createEarningsRows } from './earnings-rows';
import { createIbanCipher } from './iban-cipher';
import { createWalletService } from './wallet.service';
import type { TRunIdempotent } from './wallet-views';

const CSV = 'text/csv';

/**
 * The wallet (issue 9 item 2): `/api/v1/wallet`, its history (JSON or CSV), top-ups and payouts;
 * and the super-users' decisions on them (`/api/v1/admin/top-ups`, `/api/v1/admin/payouts`).
 * Every request that moves money (or decides a request that does) takes an Idempotency-Key.
 */
export async function walletRoutes(app: FastifyInstance) {
  const { db, access, storage, config, mail, platformSettings } = app.deps;
  const secret = config.authSecret ?? (await loadOrCreateSecret(config.dataDir, 'auth-secret'));
  const service = createWalletService({
    db,
    access,
    settings: platformSettings,
    contentOf: (connection) => createContentDirectory(connection, storage, config.storageBucket),
    // The decision is committed by then: a mail the outbox could not take is logged, and the
    // answer still says what was decided.
    mail: {
      enqueue: async (message) => {
        try {
          await mail.enqueue(message);
        } catch (error) {
          app.log.error({ err: error, to: message.to }, 'a wallet decision email was not queued');
        }
      },
    },
    publicUrl: config.publicUrl,
    cipher: createIbanCipher(secret),
    stepUp: app.deps.stepUp,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const refusals = { 400: ZApiError, 401: ZApiError, 403: ZApiError };
  const moneyRefusals = { ...refusals, 404: ZApiError, 409: ZApiError };

  /** Binds the idempotent runner to this request, under the caller's own keys. */
  const idempotent =
    (request: FastifyRequest, reply: FastifyReply, actor: TActor): TRunIdempotent =>
    (work) =>
      idempotentRoute(db, request, reply, actor.id, work);

  r.get(
    API.wallet,
    {
      schema: {
        tags: ['wallet'],
        summary: 'The signed-in user’s available, held and pending money and lifetime figures',
        response: { 200: ZWallet, ...refusals },
      },
    },
    async (request) => service.figures(await request.requireActor()),
  );

  r.get(
    API.walletTransactions,
    {
      schema: {
        tags: ['wallet'],
        summary:
          'What moved the user’s wallet and holds, newest first; every matching row as CSV with Accept: text/csv',
        querystring: ZWalletTransactionsQuery,
        response: {
          200: {
            description: 'A page (JSON), or with `Accept: text/csv` every matching row',
            content: {
              'application/json': { schema: ZWalletTransactionList },
              [CSV]: { schema: z.string().meta({ format: 'binary' }) },
            },
          },
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const actor = await request.requireActor();
      const wanted = negotiate(request.headers.accept ?? '', ['application/json', CSV]);
      if (wanted !== CSV) return service.transactions(actor, request.query);
      return sendCsv(reply, await service.transactionsCsv(actor, request.query));
    },
  );

  const earnings = createEarningsRows({ db, access });

  r.get(
    API.walletEarnings,
    {
      schema: {
        tags: ['wallet'],
        summary:
          'The screen owner’s ad earnings per ad space, campaign and local day, newest day first (grows as plays settle)',
        querystring: ZPageQuery,
        response: { 200: ZEarningsRowList, ...refusals },
      },
    },
    async (request) => earnings.rows(await request.requireActor(), request.query),
  );

  r.get(
    API.walletEarningsPlays,
    {
      schema: {
        tags: ['wallet'],
        summary: 'The settled plays one earnings row sums (at most 500)',
        querystring: ZEarningsPlaysQuery,
        response: { 200: ZEarningsPlayList, ...refusals },
      },
    },
    async (request) => earnings.plays(await request.requireActor(), request.query),
  );

  r.get(
    API.walletTopUps,
    {
      schema: {
        tags: ['wallet'],
        summary: 'The user’s top-up requests, newest first',
        querystring: ZRequestListQuery,
        response: { 200: ZTopUpList, ...refusals },
      },
    },
    async (request) => service.listTopUps(await request.requireActor(), request.query),
  );

  r.post(
    API.walletTopUps,
    {
      schema: {
        tags: ['wallet'],
        summary:
          'Ask for a top-up (Idempotency-Key): the platform makes its reference and answers how to pay; a super-user approves it once the money arrived',
        headers: ZIdempotencyHeaders,
        body: ZCreateTopUp,
        response: { 201: ZTopUp, ...moneyRefusals },
      },
    },
    async (request, reply) => {
      const actor = await request.requireActor();
      return service.createTopUp(actor, request.body, idempotent(request, reply, actor));
    },
  );

  r.get(
    API.walletPayouts,
    {
      schema: {
        tags: ['wallet'],
        summary: 'The screen owner’s payout requests, newest first (destinations masked)',
        querystring: ZRequestListQuery,
        response: { 200: ZPayoutList, ...refusals },
      },
    },
    async (request) => service.listPayouts(await request.requireActor(), request.query),
  );

  r.post(
    API.walletPayouts,
    {
      schema: {
        tags: ['wallet'],
        summary:
          'Ask for a payout of earnings to a bank account (Idempotency-Key, X-Two-Factor-Code); the amount is held from the wallet at once',
        description:
          'Needs two-factor sign-in on (403 two-factor-required) and a current code from the authenticator app in X-Two-Factor-Code, each code usable once (403 two-factor-code-invalid).',
        headers: ZIdempotencyHeaders.extend(ZTwoFactorCodeHeaders.shape),
        body: ZCreatePayout,
        response: { 201: ZPayout, ...moneyRefusals },
      },
    },
    async (request, reply) => {
      const actor = await request.requireActor();
      return service.createPayout(
        actor,
        request.body,
        idempotent(request, reply, actor),
        request.headers[TWO_FACTOR_CODE_HEADER],
      );
    },
  );

  // Super-users.

  const adminTags = ['admin'];

  r.get(
    API.adminTopUps,
    {
      schema: {
        tags: adminTags,
        summary:
          'Everyone’s top-up requests (pending: oldest first; otherwise newest first); ?reference= keeps the one a bank statement’s text names',
        querystring: ZTopUpListQuery,
        response: { 200: ZTopUpList, ...refusals },
      },
    },
    async (request) => service.listAllTopUps(await request.requireActor(), request.query),
  );

  r.post(
    API.adminTopUpApprove,
    {
      schema: {
        tags: adminTags,
        summary: 'Approve a pending top-up: the wallet is credited (Idempotency-Key)',
        headers: ZIdempotencyHeaders,
        params: ZIdParams,
        response: { 200: ZTopUp, ...moneyRefusals },
      },
    },
    async (request, reply) => {
      const actor = await request.requireActor();
      return service.approveTopUp(actor, request.params.id, idempotent(request, reply, actor));
    },
  );

  r.post(
    API.adminTopUpReject,
    {
      schema: {
        tags: adminTags,
        summary:
          'Refuse a pending top-up, with the reason the requester is shown (Idempotency-Key)',
        headers: ZIdempotencyHeaders,
        params: ZIdParams,
        body: ZDecisionReason,
        response: { 200: ZTopUp, ...moneyRefusals },
      },
    },
    async (request, reply) => {
      const actor = await request.requireActor();
      return service.rejectTopUp(
        actor,
        request.params.id,
        request.body.reason,
        idempotent(request, reply, actor),
      );
    },
  );

  r.get(
    API.adminPayouts,
    {
      schema: {
        tags: adminTags,
        summary:
          'Everyone’s payout requests (pending or approved: oldest first; otherwise newest first)',
        querystring: ZRequestListQuery,
        response: { 200: ZPayoutList, ...refusals },
      },
    },
    async (request) => service.listAllPayouts(await request.requireActor(), request.query),
  );

  for (const [action, path, summary] of [
    [
      'approve',
      API.adminPayoutApprove,
      'Approve a pending payout; no money moves until it is marked paid',
    ],
    [
      'mark-paid',
      API.adminPayoutMarkPaid,
      'Record that an approved payout’s bank transfer was made: the hold goes out',
    ],
  ] as const) {
    r.post(
      path,
      {
        schema: {
          tags: adminTags,
          summary: `${summary} (Idempotency-Key)`,
          headers: ZIdempotencyHeaders,
          params: ZIdParams,
          response: { 200: ZPayout, ...moneyRefusals },
        },
      },
      async (request, reply) => {
        const actor = await request.requireActor();
        const run = idempotent(request, reply, actor);
        return action === 'approve'
          ? service.approvePayout(actor, request.params.id, run)
          : service.markPayoutPaid(actor, request.params.id, run);
      },
    );
  }

  r.post(
    API.adminPayoutReject,
    {
      schema: {
        tags: adminTags,
        summary:
          'Refuse a pending or approved payout, with a reason: the amount returns to the wallet (Idempotency-Key)',
        headers: ZIdempotencyHeaders,
        params: ZIdParams,
        body: ZDecisionReason,
        response: { 200: ZPayout, ...moneyRefusals },
      },
    },
    async (request, reply) => {
      const actor = await request.requireActor();
      return service.rejectPayout(
        actor,
        request.params.id,
        request.body.reason,
        idempotent(request, reply, actor),
      );
    },
  );

  r.get(
    API.adminPayoutDestination,
    {
      schema: {
        tags: adminTags,
        summary: 'The payout’s full bank details, to make the transfer (never cached)',
        params: ZIdParams,
        response: {
          200: ZPayoutBankDetails,
          ...refusals,
          404: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const destination = await service.payoutDestination(
        await request.requireActor(),
        request.params.id,
      );
      void reply.header('cache-control', 'no-store');
      return destination;
    },
  );
}

/** The CSV goes out as a stream, which Fastify sends without a serializer. */
function sendCsv(reply: FastifyReply, csv: { filename: string; body: Readable }) {
  return reply
    .type(`${CSV}; charset=utf-8`)
    .header('content-disposition', `attachment; filename="${csv.filename}"`)
    .header('cache-control', 'no-store')
    .send(csv.body);
}
