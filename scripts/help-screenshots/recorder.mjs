// help:screenshots' video recorder, Chromium alone: Playwright's recordVideo needs its ffmpeg
// download, which this machine cannot fetch. The page's CDP screencast frames are painted on a
// canvas in the workbench, whose MediaRecorder encodes them (WebM, VP9) in real time;
// fix-webm-duration writes the duration MediaRecorder leaves out, so the video can seek. Each
// step's caption becomes a WebVTT cue and an entry of the JSON list the help pages show as text.
/* global document, window, Image, MediaRecorder -- evaluate() runs in the browser. */
import { workbench, write } from './assets.mjs';
import { sleep } from './setup.mjs';

/**
 * Records `page` (CDP screencast) into a WebM made by MediaRecorder in the workbench. Captions
 * are collected with `step(text)`; `stop(name)` writes name.webm, name.vtt and name.json.
 */
export async function startRecording(page, { width, height }) {
  await workbench.evaluate(
    ({ width, height }) => {
      document.body.innerHTML = '';
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      document.body.append(canvas);
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
      const recorder = new MediaRecorder(canvas.captureStream(15), {
        mimeType: 'video/webm;codecs=vp9',
        videoBitsPerSecond: 450_000,
      });
      const chunks = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const startedAt = performance.now();
      recorder.start(1000);
      window.paint = async (data) => {
        const image = new Image();
        image.src = `data:image/jpeg;base64,${data}`;
        await image.decode();
        context.drawImage(image, 0, 0, width, height);
      };
      window.finish = () =>
        new Promise((resolve) => {
          recorder.onstop = async () => {
            const duration = performance.now() - startedAt;
            const blob = await window.ysFixWebmDuration(
              new Blob(chunks, { type: 'video/webm' }),
              duration,
              { logger: false },
            );
            const bytes = new Uint8Array(await blob.arrayBuffer());
            let binary = '';
            for (let i = 0; i < bytes.length; i += 0x8000) {
              binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
            }
            resolve(btoa(binary));
          };
          recorder.stop();
        });
    },
    { width, height },
  );
  const startedAt = Date.now();
  const steps = [];
  let cdp;
  const attach = async (target) => {
    if (cdp) await cdp.send('Page.stopScreencast').catch(() => undefined);
    cdp = await target.context().newCDPSession(target);
    const session = cdp;
    session.on('Page.screencastFrame', ({ data, sessionId }) => {
      session.send('Page.screencastFrameAck', { sessionId }).catch(() => undefined);
      workbench.evaluate((frame) => window.paint(frame), data).catch(() => undefined);
    });
    await session.send('Page.startScreencast', {
      format: 'jpeg',
      quality: 85,
      maxWidth: width,
      maxHeight: height,
    });
  };
  await attach(page);
  return {
    /** Follow another page from now on (the next part of the same video). */
    attach,
    step(text) {
      steps.push({ at: Date.now() - startedAt, text });
    },
    async stop(name) {
      await sleep(1500);
      await cdp.send('Page.stopScreencast').catch(() => undefined);
      const end = Date.now() - startedAt;
      const base64 = await workbench.evaluate(() => window.finish());
      write(`${name}.webm`, Buffer.from(base64, 'base64'));
      const stamp = (ms) => {
        const s = ms / 1000;
        const hh = String(Math.floor(s / 3600)).padStart(2, '0');
        const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
        const ss = (s % 60).toFixed(3).padStart(6, '0');
        return `${hh}:${mm}:${ss}`;
      };
      const cues = steps.map(
        (step, index) =>
          `${index + 1}\n${stamp(step.at)} --> ${stamp(steps[index + 1]?.at ?? end)}\n${step.text}\n`,
      );
      write(`${name}.vtt`, Buffer.from(`WEBVTT\n\n${cues.join('\n')}`));
      write(
        `${name}.json`,
        Buffer.from(
          `${JSON.stringify({ width, height, seconds: Math.round(end / 1000), steps: steps.map((s) => s.text) }, null, 2)}\n`,
        ),
      );
    },
  };
}
