import type { FastifyBaseLogger } from 'fastify';
import {
  ALERT_DIGEST_THRESHOLD,
  ALERT_KINDS,
  ZAlertEmails,
  type TAlertWebhookBody,
} from '@screenline/shared/alerts';
import { ZPlayerHeartbeat } from '@screenline/shared/player';
import { onSinceMs } from '@screenline/playback/power-schedule';
import type { TMail } from '../mail/mail.service';
import { screenAlertMail } from '../mail/templates';
import { readPowerSchedule } from '../screens/power-schedule';
import { eventSentence, subjectOf, toAlertEvent, type TEventFacts } from './alert-messages';
import { announceAfterMs, CONDITIONS, type TScreenState } from './alert-rules';
import type { TAlertsRepository, TIncidentRow } from './alerts.repository';
import type { TScreenContextOf } from './screen-context';

/** How far back the start of the current on hours is looked for (a week and a day). */
const ON_LOOK_BACK_MS = 8 * 86_400_000;

export interface TAlertEvaluatorDeps {
  repo: TAlertsRepository;
  mail: { enqueue(mail: TMail): Promise<void> };
  /** Queues one webhook call of the owner (the webhook job signs and sends it). */
  webhooks: { enqueue(ownerId: string, body: string): Promise<void> };
  context: TScreenContextOf;
  /** The web app's ad spaces page, linked from every e-mail. */
  adSpacesUrl: string;
  log: FastifyBaseLogger;
}

export interface TEvaluation {
  opened: number;
  announced: number;
  resolved: number;
  /** Messages sent: one per e-mail recipient and one per webhook call. */
  emails: number;
  webhookCalls: number;
  digests: number;
}

type TScreen = Awaited<ReturnType<TAlertsRepository['screensToWatch']>>[number];

/**
 * One run of the alert rules over every screen whose owner set alerts up (issue 23 item 4):
 * incidents open when a condition holds, are announced once it has held long enough (never while
 * the screen is scheduled off: an unannounced incident then is dropped), and resolve when it no
 * longer holds, with a message only if the opening one went out. Per owner, a run that announces
 * ALERT_DIGEST_THRESHOLD screens or more sends one digest instead of a message each.
 */
export function createAlertEvaluator(deps: TAlertEvaluatorDeps) {
  const { repo } = deps;

  async function evaluate(now: Date = new Date()): Promise<TEvaluation> {
    const nowMs = now.getTime();
    const result: TEvaluation = {
      opened: 0,
      announced: 0,
      resolved: 0,
      emails: 0,
      webhookCalls: 0,
      digests: 0,
    };
    const screens = await repo.screensToWatch();
    const open = new Map(
      (await repo.openIncidents()).map((incident) => [
        `${incident.adSpaceId}:${incident.kind}`,
        incident,
      ]),
    );
    const ownerIds = [...new Set(screens.map((screen) => screen.ownerId))];
    const settings = new Map((await repo.settingsOf(ownerIds)).map((row) => [row.ownerId, row]));
    const due = new Map<
      string,
      { screen: TScreen; incident: TIncidentRow; state: 'open' | 'resolved' }[]
    >();
    const add = (screen: TScreen, incident: TIncidentRow, state: 'open' | 'resolved') => {
      const list = due.get(screen.ownerId) ?? [];
      list.push({ screen, incident, state });
      due.set(screen.ownerId, list);
    };

    for (const screen of screens) {
      const owner = settings.get(screen.ownerId);
      if (!owner) continue;
      const schedule = readPowerSchedule(screen.powerSchedule);
      let onSince: number | null;
      try {
        onSince = onSinceMs(schedule, screen.timeZone, nowMs, ON_LOOK_BACK_MS);
      } catch (error) {
        // A zone this runtime does not know: judge the screen as always on.
        deps.log.warn({ err: error, adSpaceId: screen.id }, 'power schedule not readable');
        onSince = nowMs - ON_LOOK_BACK_MS;
      }
      const beat = ZPlayerHeartbeat.safeParse(screen.heartbeat);
      const state: TScreenState = {
        lastSeenAt: screen.lastSeenAt,
        heartbeat: beat.success ? beat.data : null,
        heartbeatAt: screen.heartbeatAt,
        onSinceMs: onSince,
      };
      for (const kind of ALERT_KINDS) {
        const condition = CONDITIONS[kind](state, nowMs);
        let incident = open.get(`${screen.id}:${kind}`);
        if (condition.state === 'unknown') {
          // Muted while scheduled off: what nobody was told about is forgotten.
          if (incident && !incident.notifiedAt && onSince === null) await repo.drop(incident.id);
          continue;
        }
        if (condition.state === 'ok') {
          if (!incident) continue;
          const told = incident.notifiedAt !== null;
          await repo.resolve(incident.id, now, told);
          result.resolved += 1;
          if (told) add(screen, { ...incident, resolvedAt: now }, 'resolved');
          continue;
        }
        if (!incident) {
          incident = await repo.open({
            ownerId: screen.ownerId,
            adSpaceId: screen.id,
            kind,
            failingSince: condition.since,
            detail: condition.detail,
          });
          if (!incident) continue;
          result.opened += 1;
        } else if (!incident.notifiedAt && restarts(kind, incident, condition)) {
          // Not announced yet and the condition moved (progress, or the on hours began).
          const since = kind === 'offline' ? condition.since : now;
          await repo.restart(incident.id, since, condition.detail);
          incident = { ...incident, failingSince: since, detail: condition.detail };
        }
        if (
          !incident.notifiedAt &&
          nowMs - incident.failingSince.getTime() >=
            announceAfterMs(kind, owner.offlineAfterMinutes)
        ) {
          add(screen, incident, 'open');
        }
      }
    }

    for (const [ownerId, items] of due) {
      const owner = settings.get(ownerId);
      if (!owner) continue;
      const announced = items.filter((item) => item.state === 'open');
      await repo.markNotified(
        announced.map((item) => item.incident.id),
        now,
      );
      result.announced += announced.length;
      const facts: TEventFacts[] = [];
      for (const { screen, incident, state } of items) {
        const context =
          state === 'open'
            ? await deps.context(ownerId, screen.id, nowMs)
            : { shouldBePlaying: null, slotShare: 0 };
        facts.push({
          incidentId: incident.id,
          state,
          kind: incident.kind,
          adSpace: {
            id: screen.id,
            name: screen.name,
            location: screen.locationName,
            timeZone: screen.timeZone,
          },
          failingSince: incident.failingSince,
          resolvedAt: state === 'resolved' ? now : null,
          detail: incident.detail,
          shouldBePlaying: context.shouldBePlaying,
          revenueAtRiskMicrosPerHour:
            screen.floorMicrosPerSecond !== null && state === 'open'
              ? Math.round(screen.floorMicrosPerSecond * 3600 * context.slotShare)
              : null,
        });
      }
      const failingScreens = new Set(announced.map((item) => item.screen.id)).size;
      const batches =
        failingScreens >= ALERT_DIGEST_THRESHOLD ? [facts] : facts.map((fact) => [fact]);
      if (batches.length === 1 && batches[0] && batches[0].length > 1) result.digests += 1;
      // Stored as JSON: read with the schema it was written with.
      const emails = ZAlertEmails.catch([]).parse(owner.emails);
      for (const batch of batches) {
        const subject = subjectOf(batch);
        const paragraphs = batch.map((fact) => eventSentence(fact, nowMs));
        for (const to of emails) {
          await deps.mail.enqueue(screenAlertMail(to, subject, paragraphs, deps.adSpacesUrl));
          result.emails += 1;
        }
        if (owner.webhookUrl) {
          const body: TAlertWebhookBody = {
            type: batch.length > 1 ? 'digest' : 'incident',
            sentAt: now.toISOString(),
            events: batch.map((fact) => toAlertEvent(fact, nowMs)),
          };
          await deps.webhooks.enqueue(ownerId, JSON.stringify(body));
          result.webhookCalls += 1;
        }
      }
    }
    return result;
  }

  return { evaluate };
}

/** Whether an unannounced incident starts over: the outage's start or the download moved. */
function restarts(
  kind: (typeof ALERT_KINDS)[number],
  incident: TIncidentRow,
  condition: { since: Date; detail: string | null },
): boolean {
  if (kind === 'offline') return condition.since.getTime() !== incident.failingSince.getTime();
  if (kind === 'download-stuck') return condition.detail !== incident.detail;
  return false;
}

export type TAlertEvaluator = ReturnType<typeof createAlertEvaluator>;
