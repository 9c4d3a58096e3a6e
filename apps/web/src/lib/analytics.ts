import { ZPageView } from '@screenline/shared/analytics';
import { apiSend } from '@/lib/api-client';

/** POST /api/v1/analytics/page-views. Analytics never disturbs the user: failures are only logged. */
export async function recordPageView(path: string, title: string): Promise<void> {
  const parsed = ZPageView.safeParse({ path: path.slice(0, 2048), title: title.slice(0, 300) });
  if (!parsed.success) return;
  try {
    await apiSend('/api/v1/analytics/page-views', { method: 'POST', body: parsed.data });
  } catch (error) {
    console.debug('Page view not recorded', error);
  }
}
