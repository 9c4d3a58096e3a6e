import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError } from '@screenline/shared/errors';
import { ZPlatformSettings, ZPlatformSettingsFields } from '@screenline/shared/platform-settings';
import { API } from '@screenline/shared/api-paths';

/**
 * `GET /api/v1/platform-settings` (any signed-in user: the wallet and the campaign wizard show
 * the limits) and `PUT /api/v1/admin/platform-settings` (super-users). A save reaches the TVs at
 * once: every manifest carries the player settings, so it publishes a `reset` on the player change
 * bus (every instance drops its cached manifests and settings, and every TV is told to fetch).
 */
export async function platformSettingsRoutes(app: FastifyInstance) {
  const { access, platformSettings, playerChanges } = app.deps;
  // Another instance's save arrives as a reset: this instance's cached settings go with it, so the
  // manifests it rebuilds carry the new ones.
  const unsubscribe = playerChanges.subscribe((change) => {
    if (change.kind === 'reset') platformSettings.forget();
  });
  app.addHook('onClose', async () => unsubscribe());

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['platform settings'];

  r.get(
    API.platformSettings,
    {
      schema: {
        tags,
        summary: 'Commission, minimum price per second, top-up and payout limits, TV intervals',
        response: { 200: ZPlatformSettings, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => {
      await access.requireAccess(await request.getPrincipal(), 'platformSettings.read');
      return platformSettings.get();
    },
  );

  r.put(
    API.adminPlatformSettings,
    {
      schema: {
        tags,
        summary: 'Save every platform setting (super-users); the TVs fetch their manifest again',
        body: ZPlatformSettingsFields,
        response: { 200: ZPlatformSettings, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => {
      const actor = await access.requireAccess(
        await request.getPrincipal(),
        'admin.platformSettings.update',
      );
      const saved = await platformSettings.save(actor.id, request.body);
      // Answered once the other instances have it: a read anywhere after this answer is current.
      await playerChanges.publishAndWait({ kind: 'reset' });
      return saved;
    },
  );
}
