import { ZContentItem, type TCreateContentItem } from '@screenline/shared/content';
import { API } from '@screenline/shared/api-paths';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/v1/content: adds an uploaded file (and its poster) to the library. Called by the
 * upload store once the storage upload has finished, not from a component.
 */
export function createContentItem(body: TCreateContentItem) {
  return apiRequest(API.content, ZContentItem, { method: 'POST', body });
}
