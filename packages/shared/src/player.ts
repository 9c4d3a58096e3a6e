import { z } from 'zod';
import { ZOrientation } from './ad-space';
import { text } from './text';

/**
 * The TV player's setup contract (issue 8 item 4): the ad spaces a signed-in TV may play, the
 * device it registers, and the device credential every later player route takes.
 */

/**
 * A device token starts with this, so the server tells it from a user session's bearer token
 * before asking Better Auth (docs/decisions.md, "The TV as a device principal").
 */
export const DEVICE_TOKEN_PREFIX = 'sld_';

/** Where a TV's ad space is, as the setup list and the ready screen show it. */
export const ZPlayerLocation = z.object({
  id: text(),
  name: text(),
  city: text(),
  timeZone: text(),
});

/** One ad space in the TV's setup list: SPEC §1, its name and linked location. */
export const ZPlayerAdSpace = z.object({
  id: text(),
  name: text(),
  orientation: ZOrientation,
  location: ZPlayerLocation,
});
export type TPlayerAdSpace = z.infer<typeof ZPlayerAdSpace>;

/** GET /api/v1/player/ad-spaces: all of the account's ad spaces, by name. */
export const ZPlayerAdSpaceList = z.object({ items: z.array(ZPlayerAdSpace) });
export type TPlayerAdSpaceList = z.infer<typeof ZPlayerAdSpaceList>;

/**
 * The random id a player makes once and keeps (localStorage): re-pairing the same TV reuses its
 * device record by it. URL-safe characters only.
 */
export const ZDeviceKey = text()
  .min(16, 'A device key has at least 16 characters.')
  .max(64, 'A device key has at most 64 characters.')
  .regex(/^[A-Za-z0-9_-]+$/, 'A device key holds letters, digits, "-" and "_" only.');

/** POST /api/v1/player/devices: register this TV, or bind it to another ad space. */
export const ZRegisterDevice = z.strictObject({
  deviceKey: ZDeviceKey,
  adSpaceId: z.uuid('Choose an ad space.'),
  name: text().trim().min(1).max(100).optional(),
  userAgent: text().max(500),
  appVersion: text().min(1).max(50),
});
export type TRegisterDevice = z.input<typeof ZRegisterDevice>;

/** The registration's answer: the device and its credential, shown this once. */
export const ZDeviceRegistration = z.object({
  deviceId: text(),
  /** `sld_…`: sent as `Authorization: Bearer` on the player's later routes. */
  token: text().startsWith(DEVICE_TOKEN_PREFIX),
});
export type TDeviceRegistration = z.infer<typeof ZDeviceRegistration>;

/** GET /api/v1/player/device: who this TV is, and what it plays for. */
export const ZPlayerDevice = z.object({
  id: text(),
  name: text().nullable(),
  adSpace: ZPlayerAdSpace,
});
export type TPlayerDevice = z.infer<typeof ZPlayerDevice>;
