import { z } from 'zod';
import { ZEmail } from './auth';
import { text } from './text';

/**
 * Screen alerts (issue 23 item 4): who hears about a screen that went offline, came back, has a
 * download stuck or runs out of storage, and the incidents themselves.
 */

export const ALERT_KINDS = ['offline', 'download-stuck', 'storage-low'] as const;
export const ZAlertKind = z.enum(ALERT_KINDS);
export type TAlertKind = z.infer<typeof ZAlertKind>;

/** Most addresses one owner's alerts go to. */
export const ALERT_EMAILS_MAX = 10;
/** The offline window owners may choose, in minutes (the default: 10). */
export const OFFLINE_AFTER_MINUTES_MIN = 5;
export const OFFLINE_AFTER_MINUTES_MAX = 24 * 60;
export const OFFLINE_AFTER_MINUTES_DEFAULT = 10;
/** A download with no progress for this long is stuck. */
export const DOWNLOAD_STUCK_MINUTES = 30;
/** Storage is running out when the TV has used this share of its quota, in percent. */
export const STORAGE_LOW_PERCENT = 90;
/**
 * One run that has this many screens (or more) newly failing for one owner sends one digest
 * instead of a message per screen.
 */
export const ALERT_DIGEST_THRESHOLD = 5;

/** The header of a webhook call: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const ALERT_SIGNATURE_HEADER = 'x-screenline-signature';

/** An http(s) URL; whether its host is public is decided by the server when it saves and calls. */
export const ZWebhookUrl = text()
  .trim()
  .max(2000, 'Keep the URL under 2,000 characters.')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (
        (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password
      );
    } catch {
      return false;
    }
  }, 'Enter an http or https URL without a user name or password.');

export const ZAlertEmails = z
  .array(ZEmail)
  .max(ALERT_EMAILS_MAX, `At most ${ALERT_EMAILS_MAX} addresses.`)
  .refine(
    (emails) => new Set(emails.map((email) => email.toLowerCase())).size === emails.length,
    'Each address once.',
  );

/** PUT /api/v1/alerts/settings */
export const ZSaveAlertSettings = z.strictObject({
  emails: ZAlertEmails,
  webhookUrl: ZWebhookUrl.nullable(),
  offlineAfterMinutes: z
    .number()
    .int('Whole minutes, please.')
    .min(OFFLINE_AFTER_MINUTES_MIN, `At least ${OFFLINE_AFTER_MINUTES_MIN} minutes.`)
    .max(OFFLINE_AFTER_MINUTES_MAX, 'At most a day (1,440 minutes).'),
});
export type TSaveAlertSettings = z.input<typeof ZSaveAlertSettings>;

/** GET and PUT /api/v1/alerts/settings */
export const ZAlertSettings = z.object({
  emails: z.array(text()),
  webhookUrl: text().nullable(),
  /** The key the owner's receiver checks the signature header with. */
  webhookSecret: text(),
  offlineAfterMinutes: z.number().int(),
  digestThreshold: z.number().int(),
});
export type TAlertSettings = z.infer<typeof ZAlertSettings>;

export const ZAlertIncident = z.object({
  id: text(),
  adSpace: z.object({ id: text(), name: text() }),
  kind: ZAlertKind,
  failingSince: text(),
  notifiedAt: text().nullable(),
  resolvedAt: text().nullable(),
});
export type TAlertIncident = z.infer<typeof ZAlertIncident>;

/** GET /api/v1/alerts/incidents: open ones first, then the latest resolved (at most 100). */
export const ZAlertIncidentList = z.object({ items: z.array(ZAlertIncident) });
export type TAlertIncidentList = z.infer<typeof ZAlertIncidentList>;

/** One event of a webhook call's `events`. */
export const ZAlertEvent = z.object({
  incidentId: text(),
  state: z.enum(['open', 'resolved']),
  kind: ZAlertKind,
  adSpace: z.object({ id: text(), name: text(), location: text(), timeZone: text() }),
  failingSince: text(),
  resolvedAt: text().nullable(),
  /** What the schedule says should be on screen now: a playlist's name, or null (idle). */
  shouldBePlaying: text().nullable(),
  /** A monetized screen's ad revenue lost per hour of outage (floor × ad-slot share), micros. */
  revenueAtRiskMicrosPerHour: z.number().int().nullable(),
  message: text(),
});
export type TAlertEvent = z.infer<typeof ZAlertEvent>;

/** The JSON body of a webhook call: one incident event, or a digest of several. */
export const ZAlertWebhookBody = z.object({
  type: z.enum(['incident', 'digest']),
  sentAt: text(),
  events: z.array(ZAlertEvent),
});
export type TAlertWebhookBody = z.infer<typeof ZAlertWebhookBody>;
