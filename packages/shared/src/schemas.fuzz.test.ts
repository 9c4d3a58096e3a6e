import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as adCategory from './ad-category';
import * as adPlaylist from './ad-playlist';
import * as adSpace from './ad-space';
import * as analytics from './analytics';
import * as approval from './approval';
import * as authMessages from './auth-messages';
import * as authSession from './auth-session';
import * as auth from './auth';
import * as campaign from './campaign';
import * as contact from './contact';
import * as content from './content';
import * as errors from './errors';
import * as format from './format';
import * as health from './health';
import * as ledger from './ledger';
import * as location from './location';
import * as mail from './mail';
import * as monetization from './monetization';
import * as money from './money';
import * as nul from './nul';
import * as pairing from './pairing';
import * as payment from './payment';
import * as platformSettings from './platform-settings';
import * as player from './player';
import * as playlist from './playlist';
import * as receipt from './receipt';
import * as scheduleLabel from './schedule-label';
import * as schedule from './schedule';
import * as storage from './storage';
import * as text from './text';
import * as user from './user';
import * as wallet from './wallet';

/**
 * OWASP ASVS 5.0 V2.2.1 (input validated by positive allow-lists): every exported Z… schema of
 * this package refuses what it cannot parse through safeParse's result, and never throws, on any
 * input at all (the server validates every request with them, and the web and player parse every
 * answer with them; a throwing refine or transform would be a 500 or a crashed screen).
 */

/** Inputs per schema: ~25 s for the whole package here. */
const RUNS = 50;

/** Every module of the package (a new file gets its line here). */
const MODULES: Record<string, Record<string, unknown>> = {
  'ad-category': adCategory,
  'ad-playlist': adPlaylist,
  'ad-space': adSpace,
  analytics: analytics,
  approval: approval,
  'auth-messages': authMessages,
  'auth-session': authSession,
  auth: auth,
  campaign: campaign,
  contact: contact,
  content: content,
  errors: errors,
  format: format,
  health: health,
  ledger: ledger,
  location: location,
  mail: mail,
  monetization: monetization,
  money: money,
  nul: nul,
  pairing: pairing,
  payment: payment,
  'platform-settings': platformSettings,
  player: player,
  playlist: playlist,
  receipt: receipt,
  'schedule-label': scheduleLabel,
  schedule: schedule,
  storage: storage,
  text: text,
  user: user,
  wallet: wallet,
};

/** Inputs that reach deeper than fc.anything alone: objects with the schema's own keys. */
function keyed(schema: z.ZodType): fc.Arbitrary<unknown> {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  if (!shape || typeof shape !== 'object') return fc.anything();
  return fc.dictionary(fc.constantFrom(...Object.keys(shape), '__proto__'), fc.anything(), {
    maxKeys: Object.keys(shape).length + 1,
  });
}

describe('shared schemas', () => {
  it.each(Object.keys(MODULES))(
    'V2.2.1 every Z… schema in %s answers safeParse without throwing',
    (file) => {
      const module = MODULES[file] ?? {};
      const schemas = Object.entries(module).filter(
        (entry): entry is [string, z.ZodType] =>
          entry[0].startsWith('Z') && entry[1] instanceof z.ZodType,
      );
      for (const [name, schema] of schemas) {
        fc.assert(
          fc.property(
            fc.oneof(
              fc.anything({ withNullPrototype: true, withBoxedValues: true }),
              keyed(schema),
            ),
            (input) => {
              let result: { success: boolean } | undefined;
              expect(() => {
                result = schema.safeParse(input);
              }, name).not.toThrow();
              expect(typeof result?.success, name).toBe('boolean');
            },
          ),
          { numRuns: RUNS },
        );
      }
    },
  );
});

describe('QR destinations', () => {
  it('V1.2.2 refuses javascript:, data: and other non-web URLs as a campaign QR target', () => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'https://',
    ])
      expect(campaign.ZDestinationUrl.safeParse(url).success, url).toBe(false);
    expect(campaign.ZDestinationUrl.safeParse('https://shop.example/offer?a=1').success).toBe(true);
  });
});
