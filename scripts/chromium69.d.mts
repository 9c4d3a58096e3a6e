// The types of scripts/chromium69.mjs for the TypeScript that imports it (the Chromium 69
// check's entry, scripts/player-chromium69.ts). The driver it loads (puppeteer-core 1.7.0) ships
// no types: its surface is written down in scripts/player-chromium69/driver.ts.
import type { TLaunchedBrowser } from './player-chromium69/driver';

/** The flags this Chromium needs to run headless in a container (no GPU, no setuid sandbox). */
export declare const CHROMIUM69_ARGS: string[];

export declare function chromium69CacheDir(): string;

/** Chromium 69's executable and puppeteer-core 1.7.0, downloading them once. */
export declare function ensureChromium69(options?: { log?: (line: string) => void }): {
  executablePath: string;
  puppeteer: {
    launch(options: { executablePath: string; args: string[] }): Promise<TLaunchedBrowser>;
  };
  args: string[];
};
