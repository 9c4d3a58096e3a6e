import { useMutation } from '@tanstack/react-query';
import type { TContactMessage } from '@screenline/shared/contact';
import { API } from '@screenline/shared/api-paths';
import { apiSend } from '@/lib/api-client';

/** POST /api/v1/contact-messages → 201 (anonymous allowed). */
export function sendContactMessage(body: TContactMessage): Promise<void> {
  return apiSend(API.contactMessages, { method: 'POST', body });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
