import { ZContentItem, type TCreateContentItem } from '@screenline/shared/content';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/v1/content: adds an uploaded file (and its poster) to the library. Called by the
 * upload store once the storage upload has finished, not from a component.
 */
export function createContentItem(body: TCreateContentItem) {
  return apiRequest('/api/v1/content', ZContentItem, { method: 'POST', body });
}
