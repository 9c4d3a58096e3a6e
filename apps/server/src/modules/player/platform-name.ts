import Bowser from 'bowser';

/**
 * A user agent as a person reads it: browser and major version, then the system
 * ("Chrome 69 on Linux", "Tizen on Tizen 6.0 TV"). Shown on /pair
 * beside the code and in the owner's list of TVs, so an unexpected device stands out.
 */
export function platformOf(userAgent: string | null | undefined): string {
  if (!userAgent?.trim()) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]]
    .filter(Boolean)
    .join(' ');
  const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ');
  const system = [os, parsed.platform.type === 'tv' ? 'TV' : ''].filter(Boolean).join(' ');
  if (browser && system) return `${browser} on ${system}`;
  return browser || system || 'Unknown device';
}
