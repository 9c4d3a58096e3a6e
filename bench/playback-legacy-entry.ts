// Browser entry of bench/playback-legacy.mjs: packages/playback as the TV will run it. Also
// imported by Node, so both sides compute the same resolver cases and the bench compares them.
import { createDomStage } from '../packages/playback/src/dom-stage';
import { createPlaybackEngine, type PlaybackItem } from '../packages/playback/src/playback-engine';
import {
  createScheduleResolver,
  resolveLocalDateTime,
  type TScheduleRule,
} from '../packages/playback/src/schedule-resolver';

const ZONES = [
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'America/Santiago',
  'Pacific/Chatham',
];

const ENTRIES: TScheduleRule[] = [
  {
    id: 'friday-night',
    playlistId: 'late',
    firstDay: '2026-01-01',
    lastDay: null,
    weekdays: [5],
    startTime: '22:00',
    endTime: '02:00',
    priority: 80,
    updatedAt: '2026-01-01T00:00:00Z',
  },
  {
    id: 'early',
    playlistId: 'early',
    firstDay: '2026-01-01',
    lastDay: '2026-12-31',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    startTime: '01:30',
    endTime: '02:30',
    priority: 50,
    updatedAt: '2026-02-01T00:00:00Z',
  },
  {
    id: 'all-day',
    playlistId: 'weekend',
    firstDay: '2026-01-01',
    lastDay: null,
    weekdays: [6, 7],
    startTime: '00:00',
    endTime: '00:00',
    priority: 10,
    updatedAt: '2026-03-01T00:00:00Z',
  },
];

/** One line per case: zone, instant, what plays, the local time, and the next change. */
export function runResolverCases(): string[] {
  const lines: string[] = [];
  const start = Date.parse('2026-01-01T00:00:00Z');
  const step = (7 * 60 + 13) * 60_000;
  for (const timeZone of ZONES) {
    const resolver = createScheduleResolver({
      timeZone,
      entries: ENTRIES,
      defaultPlaylistId: 'default',
    });
    for (let at = start; at < start + 365 * 86_400_000; at += step) {
      const playing = resolver.playingAt(at);
      lines.push(
        `${timeZone} ${playing.at} ${playing.localTime} ${playing.source} ${String(playing.scheduleEntryId)}`,
      );
    }
    lines.push(`${timeZone} next ${String(resolver.nextChange(start))}`);
    for (const local of [
      '2026-03-08T02:30',
      '2026-11-01T01:30',
      '2026-10-04T02:15',
      '2026-04-05T01:45',
    ]) {
      const resolved = resolveLocalDateTime(local, timeZone);
      lines.push(`${timeZone} ${local} → ${resolved.at} ${resolved.adjustment}`);
    }
  }
  return lines;
}

/** A tiny PNG of one colour, as a data URL: real images for the DOM stage without a server. */
function pixel(colour: string): string {
  const canvas = document.createElement('canvas');
  canvas.width = 4;
  canvas.height = 4;
  const context = canvas.getContext('2d');
  if (context) {
    context.fillStyle = colour;
    context.fillRect(0, 0, 4, 4);
  }
  return canvas.toDataURL('image/png');
}

/**
 * A one-second WebM recorded from a canvas in the page itself (MediaRecorder, VP8): a real video
 * for the stage without a server or a file. Null where the browser cannot record.
 */
function recordVideo(ms: number): Promise<string | null> {
  const canvas = document.createElement('canvas');
  canvas.width = 64;
  canvas.height = 36;
  const context = canvas.getContext('2d');
  if (!context || typeof MediaRecorder === 'undefined' || !canvas.captureStream) {
    return Promise.resolve(null);
  }
  const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  let frame = 0;
  const timer = setInterval(() => {
    frame += 1;
    context.fillStyle = frame % 2 === 0 ? '#00f' : '#ff0';
    context.fillRect(0, 0, 64, 36);
  }, 40);
  return new Promise((resolve) => {
    recorder.onstop = () => {
      clearInterval(timer);
      resolve(URL.createObjectURL(new Blob(chunks, { type: 'video/webm' })));
    };
    recorder.start();
    setTimeout(() => recorder.stop(), ms);
  });
}

export interface EngineRun {
  starts: string[];
  shown: string[];
  errors: string[];
  maxVideos: number;
  /** Video elements holding a source after stop: released ones have none. */
  videosWithSource: number;
}

/** Plays a playlist on the real DOM stage with real timers for `ms`. */
function play(items: PlaybackItem[], ms: number): Promise<EngineRun> {
  const container = document.createElement('div');
  container.style.width = '320px';
  container.style.height = '180px';
  document.body.appendChild(container);
  const run: EngineRun = { starts: [], shown: [], errors: [], maxVideos: 0, videosWithSource: 0 };
  const stage = createDomStage(container);
  const engine = createPlaybackEngine({
    stage,
    onItemStart: (report) => {
      run.starts.push(report.item.key);
      run.maxVideos = Math.max(run.maxVideos, container.querySelectorAll('video').length);
    },
    onItemEnd: (report) => run.shown.push(`${report.item.key}:${report.shownMs}`),
    onItemError: (report) => run.errors.push(`${report.item.key}:${report.reason}`),
  });
  engine.setPlaylist({ key: 'legacy@1', items });
  return new Promise((resolve) => {
    setTimeout(() => {
      engine.stop();
      run.videosWithSource = Array.from(container.querySelectorAll('video')).filter((video) =>
        video.hasAttribute('src'),
      ).length;
      stage.destroy();
      container.remove();
      resolve(run);
    }, ms);
  });
}

/** Images, a recorded video, an ad-slot placeholder and a broken image; then a lone video. */
export async function runEngine(): Promise<{ mixed: EngineRun; lone: EngineRun | null }> {
  const video = await recordVideo(1000);
  const items: PlaybackItem[] = [
    { key: 'red', type: 'image', src: pixel('#f00'), durationMs: 300 },
    { key: 'slot', type: 'adSlot', lengthMs: 300 },
    { key: 'green', type: 'image', src: pixel('#0f0'), durationMs: 300 },
    { key: 'broken', type: 'image', src: 'data:image/png;base64,AAAA', durationMs: 300 },
  ];
  if (video) items.splice(1, 0, { key: 'video', type: 'video', src: video });
  const mixed = await play(items, 5000);
  const lone = video ? await play([{ key: 'lone', type: 'video', src: video }], 4000) : null;
  return { mixed, lone };
}
