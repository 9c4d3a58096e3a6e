import type { PlaybackClock } from '../playback-clock';
import type { PlaybackStage, StageContent, StageEvents, StageSlot } from '../playback-engine';

/** How one medium behaves on the simulated stage, keyed by its src or placeholder label. */
export interface MediaBehaviour {
  /** Milliseconds from prepare to ready; default 50. */
  readyAfterMs?: number;
  neverReady?: boolean;
  failOnLoad?: boolean;
  /** Milliseconds from present to started; default 0 (at once). */
  startAfterMs?: number;
  neverStarts?: boolean;
  /** Videos: length; default 6000. */
  videoLengthMs?: number;
  /** Videos: stop advancing after this much play. */
  stallAfterMs?: number;
}

interface SlotSimulation {
  content: StageContent;
  events: StageEvents;
  behaviour: MediaBehaviour;
  cancel: Array<() => void>;
}

export interface SimulatedStage extends PlaybackStage {
  log: string[];
  /** The slot in front, or null when nothing is shown. */
  front: StageSlot | null;
  /** Times the front slot was released while nothing else had come to the front. */
  blankFrames: number;
  /** Videos loaded at the same time, now and at most. */
  videosLoaded(): number;
  maxVideosLoaded: number;
}

function nameOf(content: StageContent): string {
  return content.type === 'placeholder' ? content.label : content.src;
}

/** A stage that plays nothing but keeps time like a browser would, on the injected clock. */
export function createSimulatedStage(
  clock: PlaybackClock,
  behaviours: Record<string, MediaBehaviour> = {},
): SimulatedStage {
  const slots: [SlotSimulation | null, SlotSimulation | null] = [null, null];

  function cancelAll(simulation: SlotSimulation) {
    for (const cancel of simulation.cancel) cancel();
    simulation.cancel = [];
  }

  /** Progress every 250 ms like timeupdate, one timer at a time, then ended (unless it stalls). */
  function playVideo(simulation: SlotSimulation) {
    const length = simulation.behaviour.videoLengthMs ?? 6000;
    const stallAt = simulation.behaviour.stallAfterMs ?? Number.POSITIVE_INFINITY;
    const tick = (position: number) => {
      if (position >= length) {
        if (stallAt >= length) simulation.events.ended();
        return;
      }
      if (position > stallAt) return;
      if (position > 0) simulation.events.progress();
      const next = Math.min(position + 250, length);
      simulation.cancel.push(clock.schedule(() => tick(next), next - position));
    };
    tick(0);
  }

  function start(slot: StageSlot, simulation: SlotSimulation, verb: string) {
    stage.log.push(`${verb} ${slot} ${nameOf(simulation.content)}`);
    if (simulation.behaviour.neverStarts) return;
    simulation.cancel.push(
      clock.schedule(() => {
        stage.front = slot;
        stage.log.push(`started ${slot} ${nameOf(simulation.content)}`);
        simulation.events.started();
        if (simulation.content.type === 'video') playVideo(simulation);
      }, simulation.behaviour.startAfterMs ?? 0),
    );
  }

  const stage: SimulatedStage = {
    log: [],
    front: null,
    blankFrames: 0,
    maxVideosLoaded: 0,
    videosLoaded: () => slots.filter((slot) => slot && slot.content.type === 'video').length,
    prepare(slot, content, events) {
      if (slots[slot]) throw new Error(`slot ${slot} prepared while in use`);
      const behaviour = behaviours[nameOf(content)] ?? {};
      const simulation: SlotSimulation = { content, events, behaviour, cancel: [] };
      slots[slot] = simulation;
      stage.maxVideosLoaded = Math.max(stage.maxVideosLoaded, stage.videosLoaded());
      stage.log.push(`prepare ${slot} ${nameOf(content)}`);
      if (behaviour.neverReady) return;
      simulation.cancel.push(
        clock.schedule(
          () => (behaviour.failOnLoad ? events.failed('cannot load') : events.ready()),
          behaviour.readyAfterMs ?? 50,
        ),
      );
    },
    present(slot) {
      const simulation = slots[slot];
      if (!simulation) throw new Error(`present of empty slot ${slot}`);
      start(slot, simulation, 'present');
    },
    restart(slot) {
      const simulation = slots[slot];
      if (!simulation) throw new Error(`restart of empty slot ${slot}`);
      cancelAll(simulation);
      start(slot, simulation, 'restart');
    },
    release(slot) {
      const simulation = slots[slot];
      if (!simulation) return;
      cancelAll(simulation);
      slots[slot] = null;
      stage.log.push(`release ${slot} ${nameOf(simulation.content)}`);
      if (stage.front === slot) {
        stage.front = null;
        stage.blankFrames += 1;
      }
    },
  };
  return stage;
}
