import { expect } from 'vitest';
import { ZPlaylistDetail } from '@screenline/shared/playlist';
import { ZScheduleEntryView } from '@screenline/shared/schedule';
import { contentItemOf, uploadedImageOf, userOf, adSpaceOf } from './fixtures';
import type { TCase, TFixture } from './matrix-types';

const itemOf = (f: TFixture, target: 'own' | 'foreign') => contentItemOf(f.t, userOf(f, target));

const playlistItems = (contentId: string) => [
  { id: 'image', type: 'content', contentId, kind: 'image' },
  { id: 'slot', type: 'adSlot', lengthSeconds: 15 },
];

/** A playlist of `target`'s, with one of their library items and an ad slot. */
async function playlistOf(f: TFixture, target: 'own' | 'foreign'): Promise<string> {
  const user = userOf(f, target);
  const res = await f.t.request({
    method: 'POST',
    url: '/api/v1/playlists',
    cookie: user.cookie,
    payload: { name: 'Matrix', items: playlistItems(await contentItemOf(f.t, user)) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return ZPlaylistDetail.parse(res.json()).id;
}

/** What a schedule entry says, on `target`'s ad space and playlist. */
async function scheduleFieldsOf(f: TFixture, target: 'own' | 'foreign') {
  return {
    adSpaceId: await adSpaceOf(f, target),
    playlistId: await playlistOf(f, target),
    firstDay: '2026-01-05',
    weekdays: [1, 2, 3, 4, 5],
    startTime: '07:00',
    endTime: '11:00',
    priority: 10,
  };
}

async function scheduleEntryOf(f: TFixture, target: 'own' | 'foreign'): Promise<string> {
  const res = await f.t.request({
    method: 'POST',
    url: '/api/v1/schedule-entries',
    cookie: userOf(f, target).cookie,
    payload: await scheduleFieldsOf(f, target),
  });
  expect(res.statusCode, res.body).toBe(201);
  return ZScheduleEntryView.parse(res.json()).id;
}

/** The library's routes in the authorization matrix: content items, playlists and schedule entries. */
export const LIBRARY_CASES: Record<string, TCase> = {
  'GET /api/v1/content': {
    audience: 'signed-in',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/content' }),
  },
  'POST /api/v1/content': {
    audience: 'signed-in',
    ok: 201,
    hasIds: true,
    // The file named is the resource: another owner's upload is "not found".
    request: async (f, target) => ({
      method: 'POST',
      url: '/api/v1/content',
      payload: {
        name: 'Matrix',
        objectPath: await uploadedImageOf(f.t, target === 'own' ? f.owner : f.other),
        kind: 'image',
        width: 1,
        height: 1,
      },
    }),
  },
  'GET /api/v1/content/:id': {
    audience: 'signed-in',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'GET',
      url: `/api/v1/content/${await itemOf(f, target)}`,
    }),
  },
  'PATCH /api/v1/content/:id': {
    audience: 'signed-in',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'PATCH',
      url: `/api/v1/content/${await itemOf(f, target)}`,
      payload: { name: 'Renamed' },
    }),
  },
  'DELETE /api/v1/content/:id': {
    audience: 'signed-in',
    ok: 204,
    hasIds: true,
    request: async (f, target) => ({
      method: 'DELETE',
      url: `/api/v1/content/${await itemOf(f, target)}`,
    }),
  },
  'GET /api/v1/playlists': {
    audience: 'screen-owner',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/playlists' }),
  },
  'POST /api/v1/playlists': {
    audience: 'screen-owner',
    ok: 201,
    hasIds: true,
    // The library items named are the resource: another owner's are "not found".
    request: async (f, target) => ({
      method: 'POST',
      url: '/api/v1/playlists',
      payload: { name: 'Matrix', items: playlistItems(await itemOf(f, target)) },
    }),
  },
  'GET /api/v1/playlists/:id': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'GET',
      url: `/api/v1/playlists/${await playlistOf(f, target)}`,
    }),
  },
  'PATCH /api/v1/playlists/:id': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'PATCH',
      url: `/api/v1/playlists/${await playlistOf(f, target)}`,
      payload: { name: 'Renamed' },
    }),
  },
  'DELETE /api/v1/playlists/:id': {
    audience: 'screen-owner',
    ok: 204,
    hasIds: true,
    request: async (f, target) => ({
      method: 'DELETE',
      url: `/api/v1/playlists/${await playlistOf(f, target)}`,
    }),
  },
  'POST /api/v1/playlists/:id/duplicate': {
    audience: 'screen-owner',
    ok: 201,
    hasIds: true,
    request: async (f, target) => ({
      method: 'POST',
      url: `/api/v1/playlists/${await playlistOf(f, target)}/duplicate`,
      payload: {},
    }),
  },
  'GET /api/v1/schedule-entries': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    // Listing names an ad space: another owner's is "not found".
    request: async (f, target) => ({
      method: 'GET',
      url: `/api/v1/schedule-entries?adSpaceId=${await adSpaceOf(f, target)}`,
    }),
  },
  'POST /api/v1/schedule-entries': {
    audience: 'screen-owner',
    ok: 201,
    hasIds: true,
    request: async (f, target) => ({
      method: 'POST',
      url: '/api/v1/schedule-entries',
      payload: await scheduleFieldsOf(f, target),
    }),
  },
  'GET /api/v1/schedule-entries/:id': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'GET',
      url: `/api/v1/schedule-entries/${await scheduleEntryOf(f, target)}`,
    }),
  },
  'PATCH /api/v1/schedule-entries/:id': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'PATCH',
      url: `/api/v1/schedule-entries/${await scheduleEntryOf(f, target)}`,
      payload: { priority: 20 },
    }),
  },
  'DELETE /api/v1/schedule-entries/:id': {
    audience: 'screen-owner',
    ok: 204,
    hasIds: true,
    request: async (f, target) => ({
      method: 'DELETE',
      url: `/api/v1/schedule-entries/${await scheduleEntryOf(f, target)}`,
    }),
  },
};
