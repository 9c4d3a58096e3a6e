/**
 * The stage the playback engine drives (playback-engine.ts): what it is asked to show in each of
 * its two slots, and what it reports back. dom-stage.ts draws it in the apps; tests use a fake.
 */

/** Drawn over a creative while it is on screen: a QR code of `qrUrl` with a short caption. */
export interface StageOverlay {
  qrUrl: string;
  caption: string;
}

/**
 * A creative the marketplace puts into an ad slot: an image for the slot's length, a video to its
 * end or the slot's length, whichever comes first; `overlay` when its campaign has a URL.
 */
export type AdSlotFill = {
  type: 'image' | 'video';
  src: string;
  overlay?: StageOverlay;
};

/** What the stage is asked to show in a slot. */
export type StageContent =
  | { type: 'image'; src: string; overlay?: StageOverlay }
  | { type: 'video'; src: string; overlay?: StageOverlay }
  | { type: 'placeholder'; label: string };

export type StageSlot = 0 | 1;

/** Events a stage reports for what it holds in a slot. Calls after release are ignored. */
export interface StageEvents {
  /** Prepared: the first frame is decoded and it can start at once. */
  ready(): void;
  /** Presented: on screen (in front) and, for a video, playing. */
  started(): void;
  /** A video's playback position advanced. */
  progress(): void;
  /** A video reached its end. */
  ended(): void;
  failed(message: string): void;
}

/** The renderer contract. */
export interface PlaybackStage {
  /** Load the content into the slot, behind whatever is shown; report `ready` or `failed`. */
  prepare(slot: StageSlot, content: StageContent, events: StageEvents): void;
  /** Start it and bring it to the front; report `started` once it is on screen. */
  present(slot: StageSlot): void;
  /** Play the slot's video again from its start (a lone video); report `started` again. */
  restart(slot: StageSlot): void;
  /** Stop and free the slot (a video: pause, remove its source, load). */
  release(slot: StageSlot): void;
}
