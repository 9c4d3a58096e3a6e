import { z } from 'zod';
import { text } from './text';
import { ZId } from './id';

/**
 * Running many screens from one chair (issue 23 items 2, 3 and 6): remote commands to TVs over
 * their event stream, the TV's screenshot ("on screen now") and the emergency takeover.
 */

// ---------------------------------------------------------------------------------------------
// Remote commands
// ---------------------------------------------------------------------------------------------

export const DEVICE_COMMAND_KINDS = [
  'refresh',
  'reload',
  'restart',
  'identify',
  'screenshot',
] as const;
export const ZDeviceCommandKind = z.enum(DEVICE_COMMAND_KINDS);
export type TDeviceCommandKind = z.infer<typeof ZDeviceCommandKind>;

/** What each command does, as the owner reads it. */
export const DEVICE_COMMAND_WORDS: Record<TDeviceCommandKind, string> = {
  refresh: 'Refresh content now',
  reload: 'Reload the player',
  restart: 'Restart playback',
  identify: 'Identify (name and code on screen for 10 s)',
  screenshot: 'Take a screenshot',
};

/**
 * Stored states: `sent` (stored, pushed to the TV when its stream is open), `delivered` (the TV
 * acknowledged receipt), `done` or `failed` (the TV says how it went). `expired` is never stored:
 * a command still `sent` or `delivered` past its expiry reads as expired.
 */
export const DEVICE_COMMAND_STATES = ['sent', 'delivered', 'done', 'failed', 'expired'] as const;
export const ZDeviceCommandState = z.enum(DEVICE_COMMAND_STATES);
export type TDeviceCommandState = z.infer<typeof ZDeviceCommandState>;

/** How long a command waits for an offline TV, by default and at most. */
export const DEVICE_COMMAND_TTL_DEFAULT_SECONDS = 15 * 60;
export const DEVICE_COMMAND_TTL_MAX_SECONDS = 24 * 60 * 60;
/** How long the identify command shows the name and code. */
export const IDENTIFY_SHOW_MS = 10_000;

/**
 * The short code identify shows on the TV and the web shows beside the TV's name: the first four
 * hex digits of its id, upper case (enough to tell a room's TVs apart).
 */
export const identifyCode = (deviceId: string) =>
  deviceId
    .replace(/[^0-9a-f]/gi, '')
    .slice(0, 4)
    .toUpperCase();

/** How many screen groups one command or takeover may name. */
export const FLEET_GROUP_TARGETS_MAX = 50;
const ZGroupTargets = z
  .array(z.uuid('Not a valid group id.'))
  .max(FLEET_GROUP_TARGETS_MAX, `Choose at most ${FLEET_GROUP_TARGETS_MAX} groups.`)
  .optional();

/**
 * POST /api/v1/device-commands (screen owner): one command per TV of the ad spaces, TVs and
 * screen groups named (at least one of them). A group stands for its members at send time.
 */
export const ZSendDeviceCommand = z
  .strictObject({
    kind: ZDeviceCommandKind,
    adSpaceIds: z.array(z.uuid('Not a valid ad space id.')).max(500).optional(),
    deviceIds: z.array(z.uuid('Not a valid TV id.')).max(500).optional(),
    groupIds: ZGroupTargets,
    expiresInSeconds: z
      .number()
      .int()
      .min(10)
      .max(DEVICE_COMMAND_TTL_MAX_SECONDS)
      .default(DEVICE_COMMAND_TTL_DEFAULT_SECONDS),
  })
  .refine(
    (input) =>
      (input.adSpaceIds?.length ?? 0) +
        (input.deviceIds?.length ?? 0) +
        (input.groupIds?.length ?? 0) >
      0,
    { message: 'Choose at least one ad space, TV or group.', path: ['adSpaceIds'] },
  );
export type TSendDeviceCommand = z.input<typeof ZSendDeviceCommand>;

export const ZDeviceCommand = z.object({
  id: text(),
  kind: ZDeviceCommandKind,
  state: ZDeviceCommandState,
  deviceId: text(),
  deviceName: text().nullable(),
  adSpaceId: text().nullable(),
  createdAt: text(),
  deliveredAt: text().nullable(),
  finishedAt: text().nullable(),
  expiresAt: text(),
  /** Why it failed, as the TV said. */
  problem: text().nullable(),
});
export type TDeviceCommand = z.infer<typeof ZDeviceCommand>;

export const ZDeviceCommandList = z.object({ items: z.array(ZDeviceCommand) });
export type TDeviceCommandList = z.infer<typeof ZDeviceCommandList>;

/** GET /api/v1/device-commands?adSpaceId= : the newest commands, of one ad space or all. */
export const ZDeviceCommandQuery = z.object({ adSpaceId: z.uuid('Not a valid id.').optional() });

/** The `command` event on GET /api/v1/player/events: what the TV is asked to do. */
export const PLAYER_EVENT_COMMAND = 'command';
export const ZPlayerCommand = z.object({
  id: text(),
  kind: ZDeviceCommandKind,
  expiresAt: text(),
});
export type TPlayerCommand = z.infer<typeof ZPlayerCommand>;

/** POST /api/v1/player/commands/{id}/ack (device token): receipt, then the outcome. */
export const ZCommandAck = z.strictObject({
  state: z.enum(['delivered', 'done', 'failed']),
  problem: text().max(500).optional(),
});
export type TCommandAck = z.infer<typeof ZCommandAck>;

// ---------------------------------------------------------------------------------------------
// On screen now
// ---------------------------------------------------------------------------------------------

/** The largest screenshot a TV may upload (the JPEG's bytes). */
export const SCREENSHOT_MAX_BYTES = 200 * 1024;
/** The screenshot's width in pixels (the height keeps the screen's aspect). */
export const SCREENSHOT_WIDTH = 480;
/** How often the ad spaces page asks the TVs for a new screenshot while it is open. */
export const SCREENSHOT_AUTO_REFRESH_MS = 5 * 60 * 1000;

/**
 * POST /api/v1/player/screenshot (device token): a JPEG (base64, no data: prefix) of what is on
 * screen, or why the TV could not take one (a tainted canvas, a video that will not draw).
 */
export const ZPlayerScreenshot = z.union([
  z.strictObject({
    jpegBase64: z
      .string()
      .max(Math.ceil(SCREENSHOT_MAX_BYTES / 3) * 4, 'The screenshot is larger than 200 KB.')
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Not base64.'),
    commandId: ZId.optional(),
  }),
  z.strictObject({
    problem: text().min(1).max(500),
    commandId: ZId.optional(),
  }),
]);
export type TPlayerScreenshot = z.infer<typeof ZPlayerScreenshot>;

/** GET /api/v1/ad-spaces/{id}/screenshots (screen owner): the newest of each TV of the space. */
export const ZScreenshot = z.object({
  deviceId: text(),
  deviceName: text().nullable(),
  takenAt: text(),
  /** `data:image/jpeg;base64,…`; null when the TV could not capture (then `problem` says why). */
  imageUrl: text().nullable(),
  problem: text().nullable(),
});
export type TScreenshot = z.infer<typeof ZScreenshot>;
export const ZScreenshotList = z.object({ items: z.array(ZScreenshot) });
export type TScreenshotList = z.infer<typeof ZScreenshotList>;

/** How long a browser may keep a thumbnail (its URL changes with each new capture). */
export const SCREENSHOT_IMAGE_MAX_AGE_SECONDS = 300;

/**
 * GET /api/v1/screenshots (screen owner): the newest screenshot of each of the owner's ad spaces
 * that has one, for the thumbnails of the lists. No image bytes: `imageUrl` is the image route
 * (below), keyed by the capture so a browser's cached copy is replaced when a new one comes.
 */
export const ZAdSpaceScreenshot = z.object({
  adSpaceId: text(),
  deviceId: text(),
  deviceName: text().nullable(),
  takenAt: text(),
  /** `/api/v1/ad-spaces/{id}/screenshot.jpg?v=…`; null when the TV could not capture. */
  imageUrl: text().nullable(),
  /** Why the TV could not capture (then `imageUrl` is null). */
  problem: text().nullable(),
});
export type TAdSpaceScreenshot = z.infer<typeof ZAdSpaceScreenshot>;
export const ZAdSpaceScreenshotList = z.object({ items: z.array(ZAdSpaceScreenshot) });
export type TAdSpaceScreenshotList = z.infer<typeof ZAdSpaceScreenshotList>;

/**
 * GET /api/v1/ad-spaces/{id}/screenshot.jpg?v= : the bytes of the space's newest capture. `v`
 * only keys the browser's cache (the list's `imageUrl` carries it); the answer is always the
 * newest.
 */
export const ZScreenshotImageQuery = z.object({ v: z.string().max(40).optional() });

/** The path of a space's thumbnail, keyed by when it was taken. */
export const screenshotImagePath = (adSpaceId: string, takenAt: string) =>
  `/api/v1/ad-spaces/${encodeURIComponent(adSpaceId)}/screenshot.jpg?${new URLSearchParams({ v: String(Date.parse(takenAt)) }).toString()}`;

// ---------------------------------------------------------------------------------------------
// Emergency takeover
// ---------------------------------------------------------------------------------------------

export const TAKEOVER_KINDS = ['message', 'image', 'playlist'] as const;
export const ZTakeoverKind = z.enum(TAKEOVER_KINDS);
export const TAKEOVER_MAX_MINUTES = 7 * 24 * 60;

/**
 * POST /api/v1/takeovers (screen owner): chosen ad spaces, the members of screen groups (at start
 * time), or every one (`allAdSpaces`).
 */
export const ZStartTakeover = z
  .strictObject({
    kind: ZTakeoverKind,
    message: text().trim().max(500).optional(),
    contentId: z.uuid('Not a valid content id.').optional(),
    playlistId: z.uuid('Not a valid playlist id.').optional(),
    adSpaceIds: z.array(z.uuid('Not a valid ad space id.')).max(1000).optional(),
    groupIds: ZGroupTargets,
    allAdSpaces: z.boolean().default(false),
    durationMinutes: z.number().int().min(1).max(TAKEOVER_MAX_MINUTES),
  })
  .superRefine((input, ctx) => {
    const need = { message: 'message', image: 'contentId', playlist: 'playlistId' } as const;
    const field = need[input.kind];
    if (!input[field]) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message:
          input.kind === 'message'
            ? 'Write the message.'
            : input.kind === 'image'
              ? 'Choose an image.'
              : 'Choose a playlist.',
      });
    }
    if (!input.allAdSpaces && !input.adSpaceIds?.length && !input.groupIds?.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['adSpaceIds'],
        message: 'Choose the screens, a group, or all of them.',
      });
    }
  });
export type TStartTakeover = z.input<typeof ZStartTakeover>;

export const ZTakeover = z.object({
  id: text(),
  kind: ZTakeoverKind,
  message: text().nullable(),
  contentId: text().nullable(),
  playlistId: text().nullable(),
  startedAt: text(),
  startedBy: z.object({ id: text(), name: text() }),
  endsAt: text(),
  endedAt: text().nullable(),
  isActive: z.boolean(),
  adSpaces: z.array(z.object({ id: text(), name: text() })),
  /** The TVs that acknowledged showing it, and when first. */
  shownOn: z.array(z.object({ deviceId: text(), deviceName: text().nullable(), shownAt: text() })),
});
export type TTakeover = z.infer<typeof ZTakeover>;
export const ZTakeoverList = z.object({ items: z.array(ZTakeover) });
export type TTakeoverList = z.infer<typeof ZTakeoverList>;

/** The takeover in the TV's manifest: active from `startMs` until `endMs` (epoch ms). */
export const ZManifestTakeover = z.object({
  id: text(),
  kind: ZTakeoverKind,
  message: text().nullable(),
  contentId: text().nullable(),
  playlistId: text().nullable(),
  startMs: z.number().int(),
  endMs: z.number().int(),
});
export type TManifestTakeover = z.infer<typeof ZManifestTakeover>;

/** Whether the manifest's takeover is on screen at `nowMs`. */
export const isTakeoverActive = (takeover: TManifestTakeover | null | undefined, nowMs: number) =>
  !!takeover && takeover.startMs <= nowMs && nowMs < takeover.endMs;
