import crypto from 'node:crypto';
import {
  ALERT_DIGEST_THRESHOLD,
  OFFLINE_AFTER_MINUTES_DEFAULT,
  ZAlertEmails,
  type TAlertIncidentList,
  type TAlertSettings,
  type TSaveAlertSettings,
} from '@screenline/shared/alerts';
import { AppError } from '../../lib/app-error';
import type { TActor } from '../../lib/actor';
import type { TAccessPolicy } from '../access/access-policy';
import type { TAlertsRepository } from './alerts.repository';
import { checkWebhookUrl, WebhookRefused } from './webhook';

const newSecret = () => crypto.randomBytes(32).toString('hex');

/** The owner's alert settings and incidents (issue 23 item 4). */
export function createAlertsService(repo: TAlertsRepository, access: TAccessPolicy) {
  async function settingsOf(ownerId: string): Promise<TAlertSettings> {
    const row = await repo.findSettings(ownerId);
    return {
      emails: row ? ZAlertEmails.catch([]).parse(row.emails) : [],
      webhookUrl: row?.webhookUrl ?? null,
      // Shown before the first save too: the row (and its key) is made on that save.
      webhookSecret: row?.webhookSecret ?? '',
      offlineAfterMinutes: row?.offlineAfterMinutes ?? OFFLINE_AFTER_MINUTES_DEFAULT,
      digestThreshold: ALERT_DIGEST_THRESHOLD,
    };
  }

  return {
    async getSettings(actor: TActor): Promise<TAlertSettings> {
      await access.requireAccess(actor, 'alerts.read');
      return settingsOf(actor.id);
    },

    async saveSettings(
      actor: TActor,
      input: TSaveAlertSettings & { emails: string[] },
    ): Promise<TAlertSettings> {
      await access.requireAccess(actor, 'alerts.update');
      if (input.webhookUrl !== null) {
        try {
          checkWebhookUrl(input.webhookUrl);
        } catch (error) {
          if (!(error instanceof WebhookRefused)) throw error;
          throw new AppError('validation-failed', error.message, {
            fields: [{ path: 'body.webhookUrl', message: error.message }],
          });
        }
      }
      await repo.saveSettings(
        actor.id,
        {
          emails: input.emails,
          webhookUrl: input.webhookUrl,
          offlineAfterMinutes: input.offlineAfterMinutes,
        },
        newSecret(),
      );
      return settingsOf(actor.id);
    },

    async listIncidents(actor: TActor): Promise<TAlertIncidentList> {
      await access.requireAccess(actor, 'alerts.read');
      const rows = await repo.listIncidents(actor.id);
      return {
        items: rows.map(({ incident, adSpaceName }) => ({
          id: incident.id,
          adSpace: { id: incident.adSpaceId, name: adSpaceName },
          kind: incident.kind,
          failingSince: incident.failingSince.toISOString(),
          notifiedAt: incident.notifiedAt ? incident.notifiedAt.toISOString() : null,
          resolvedAt: incident.resolvedAt ? incident.resolvedAt.toISOString() : null,
        })),
      };
    },
  };
}
