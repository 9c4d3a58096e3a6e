import { adSpaceOf } from './fixtures';
import type { TCase } from './matrix-types';

/** Offline alerts and power schedules (issue 23 items 4 and 5): screen owners only. */
export const ALERT_CASES: Record<string, TCase> = {
  'GET /api/v1/alerts/settings': {
    audience: 'screen-owner',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/alerts/settings' }),
  },
  'PUT /api/v1/alerts/settings': {
    audience: 'screen-owner',
    ok: 200,
    request: async () => ({
      method: 'PUT',
      url: '/api/v1/alerts/settings',
      payload: {
        emails: ['alerts@example.com'],
        webhookUrl: 'https://hooks.example.com/screenline',
        offlineAfterMinutes: 10,
      },
    }),
  },
  'GET /api/v1/alerts/incidents': {
    audience: 'screen-owner',
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/v1/alerts/incidents' }),
  },
  'GET /api/v1/ad-spaces/:id/power-schedule': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'GET',
      url: `/api/v1/ad-spaces/${await adSpaceOf(f, target)}/power-schedule`,
    }),
  },
  'PUT /api/v1/ad-spaces/:id/power-schedule': {
    audience: 'screen-owner',
    ok: 200,
    hasIds: true,
    request: async (f, target) => ({
      method: 'PUT',
      url: `/api/v1/ad-spaces/${await adSpaceOf(f, target)}/power-schedule`,
      payload: {
        powerSchedule: {
          ranges: [{ weekdays: [1, 2, 3, 4, 5], startTime: '07:00', endTime: '22:00' }],
        },
      },
    }),
  },
};
