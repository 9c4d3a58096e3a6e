import type { TContactMessageStatus } from '@screenline/shared/contact';
import { Badge } from '@/components/ui/badge';

const STATUSES: Record<
  TContactMessageStatus,
  { label: string; tone: Parameters<typeof Badge>[0]['tone'] }
> = {
  open: { label: 'Open', tone: 'warning' },
  answered: { label: 'Answered', tone: 'success' },
  closed: { label: 'Closed', tone: 'neutral' },
};

export function ContactStatusBadge({ status }: { status: TContactMessageStatus }) {
  const { label, tone } = STATUSES[status];
  return <Badge tone={tone}>{label}</Badge>;
}
