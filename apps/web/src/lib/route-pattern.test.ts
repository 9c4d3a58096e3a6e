import { describe, expect, it } from 'vitest';
import { isRoutePattern } from '@screenline/shared/route-pattern';
import { routePatternOf } from '@/lib/route-pattern';

describe('routePatternOf', () => {
  it('names each param where its value stands', () => {
    expect(routePatternOf('/advertiser/playlists/edit/7f1c', { playlistId: '7f1c' })).toBe(
      '/advertiser/playlists/edit/:playlistId',
    );
    expect(routePatternOf('/admin/ad-playlists/view/7f1c/player', { playlistId: '7f1c' })).toBe(
      '/admin/ad-playlists/view/:playlistId/player',
    );
    // The router hands params decoded.
    expect(routePatternOf('/content/caf%C3%A9', { id: 'café' })).toBe('/content/:id');
    // A param whose value is also a static word: the param is the later segment.
    expect(routePatternOf('/edit/edit', { id: 'edit' })).toBe('/edit/:id');
  });

  it('ends a splat with *, and the catch-all is /*', () => {
    expect(routePatternOf('/help/tv/remote/keys', { '*': 'remote/keys' })).toBe('/help/tv/*');
    expect(routePatternOf('/no/such/page', { '*': 'no/such/page' })).toBe('/*');
    expect(routePatternOf('/', {})).toBe('/');
    expect(routePatternOf('/wallet', {})).toBe('/wallet');
  });

  it('gives patterns the server takes', () => {
    for (const pattern of ['/', '/*', '/wallet', '/content/:id', '/help/tv/*']) {
      expect(isRoutePattern(pattern), pattern).toBe(true);
    }
    for (const pattern of ['', 'wallet', '/a//b', '/a?b=1', '/a/*/b', '/a b', '/:']) {
      expect(isRoutePattern(pattern), pattern).toBe(false);
    }
  });
});
