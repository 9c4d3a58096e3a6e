import { useMutation } from '@tanstack/react-query';
import type { TContactMessage } from '@screenline/shared/contact';
import { apiSend } from '@/lib/api-client';

/** POST /api/v1/contact-messages → 201 (anonymous allowed). */
export function sendContactMessage(body: TContactMessage): Promise<void> {
  return apiSend('/api/v1/contact-messages', { method: 'POST', body });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
