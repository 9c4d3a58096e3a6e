/**
 * The screen's backlight while the power schedule has it off (issue 23 item 5), detected at run
 * time. The player always shows black; where the platform lets a web app do more, it also turns
 * the panel off and back on:
 *
 * - **LG webOS**: `webOS.service.request('luna://com.webos.service.tvpower/power', …)` with
 *   `turnOffScreen` / `turnOnScreen` (the panel goes dark, the app keeps running). Needs the app
 *   to be installed as a webOS app with that permission; a page in the browser has no `webOS`.
 * - **Samsung Tizen**: `tizen.tvwindow` has no panel control; `b2bapis.b2bcontrol.setPanelMute`
 *   ("ON"/"OFF") exists on Samsung signage (SSSP/B2B) displays only, for installed apps with the
 *   b2bcontrol privilege.
 * - **Android TV**: no web API (a WebView app can expose one through its own bridge; we look for
 *   `ScreenlineAndroid.setScreenOff(boolean)`, which a wrapper app may provide).
 * - **A plain browser**: nothing; the screen shows black.
 */
export interface Backlight {
  /** What this platform offers, for logs and the Device info view. */
  kind: 'webos' | 'tizen-b2b' | 'android-bridge' | 'none';
  setOff(off: boolean): void;
}

interface TWebOs {
  service?: {
    request(
      uri: string,
      options: { method: string; parameters: object; onFailure?: (e: unknown) => void },
    ): unknown;
  };
}
interface TB2bApis {
  b2bcontrol?: {
    setPanelMute(state: 'ON' | 'OFF', ok: () => void, failed: (e: unknown) => void): void;
  };
}
interface TAndroidBridge {
  setScreenOff?(off: boolean): void;
}

const warn = (what: string) => (error: unknown) => console.warn(`${what} failed:`, error);

export function detectBacklight(scope: Record<string, unknown> = window as never): Backlight {
  const webOS = scope.webOS as TWebOs | undefined;
  if (webOS?.service?.request) {
    const request = webOS.service.request.bind(webOS.service);
    return {
      kind: 'webos',
      setOff(off) {
        try {
          request('luna://com.webos.service.tvpower/power', {
            method: off ? 'turnOffScreen' : 'turnOnScreen',
            parameters: {},
            onFailure: warn('webOS screen power'),
          });
        } catch (error) {
          warn('webOS screen power')(error);
        }
      },
    };
  }
  const b2b = (scope.b2bapis as TB2bApis | undefined)?.b2bcontrol;
  if (b2b?.setPanelMute) {
    return {
      kind: 'tizen-b2b',
      setOff(off) {
        try {
          b2b.setPanelMute(off ? 'ON' : 'OFF', () => undefined, warn('Tizen panel mute'));
        } catch (error) {
          warn('Tizen panel mute')(error);
        }
      },
    };
  }
  const android = scope.ScreenlineAndroid as TAndroidBridge | undefined;
  if (android && typeof android.setScreenOff === 'function') {
    return {
      kind: 'android-bridge',
      setOff(off) {
        try {
          android.setScreenOff?.(off);
        } catch (error) {
          warn('Android screen power')(error);
        }
      },
    };
  }
  return { kind: 'none', setOff: () => undefined };
}
