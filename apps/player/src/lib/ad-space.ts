import type { TPlayerAdSpace } from '@screenline/shared/player';

/** "Harbour, Springfield": the linked location as setup, the idle screen and the menu show it. */
export function locationLine(space: TPlayerAdSpace): string {
  const { name, city } = space.location;
  return name.toLowerCase() === city.toLowerCase() ? name : `${name}, ${city}`;
}
