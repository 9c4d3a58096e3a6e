import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Inbox } from 'lucide-react';
import type { TContactMessageView } from '@screenline/shared/contact';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListLoadError, ListLoading, LoadMore } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Select } from '@/components/ui/select';
import { formatDateTime } from '@/components/request-status';
import { usePageTitle } from '@/hooks/use-page-title';
import { useReturnFocus } from '@/hooks/use-return-focus';
import {
  useContactMessages,
  type TContactFilter,
} from '@/features/contact/api/admin-contact-messages';
import { ContactMessageDialog } from '@/features/contact/components/contact-message-dialog';
import { ContactStatusBadge } from '@/features/contact/components/contact-status-badge';

const FILTERS = [
  { value: 'open', label: 'Open' },
  { value: 'answered', label: 'Answered' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
] as const satisfies readonly { value: TContactFilter; label: string }[];

const EMPTY: Record<TContactFilter, string> = {
  open: 'No message waits for an answer',
  answered: 'No answered messages',
  closed: 'No closed messages',
  all: 'No one has written yet',
};

const isFilter = (value: string | null): value is TContactFilter =>
  FILTERS.some((filter) => filter.value === value);

/**
 * /admin/contact-messages: what visitors and users sent from /contact, newest first. A
 * super-user opens one, answers it (emailed to the sender), closes or reopens it. The filter and
 * the open message live in the URL (`?status=`, `?message=`): the team's email links to one.
 */
export function AdminContactMessagesPage() {
  usePageTitle('Contact messages');
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const filter: TContactFilter = isFilter(statusParam) ? statusParam : 'open';
  const openId = params.get('message');
  const list = useContactMessages(filter);
  const listRef = useRef<HTMLDivElement>(null);
  const { remember, returnFocus } = useReturnFocus(listRef);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  const update = (change: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(change))
        if (value === null) next.delete(key);
        else next.set(key, value);
      return next;
    });

  const open = (message: TContactMessageView) => {
    remember();
    update({ message: message.id });
  };

  return (
    <>
      <PageHeader
        title="Contact messages"
        description="What visitors and users wrote from the contact page: answer by email, then close them."
      />
      <div className="grid gap-4">
        {/* A phone has no room for every filter side by side: a select stands in there. */}
        <SegmentedControl
          label="Show"
          value={filter}
          onChange={(value) => update({ status: value })}
          segments={FILTERS}
          className="justify-self-start max-sm:hidden"
        />
        <label className="grid gap-1.5 text-sm font-medium sm:hidden">
          Show
          <Select
            value={filter}
            onChange={(event) => {
              if (isFilter(event.target.value)) update({ status: event.target.value });
            }}
          >
            {FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </label>
        <div ref={listRef} tabIndex={-1} className="outline-none">
          {list.isPending ? (
            <ListLoading label="Loading contact messages" />
          ) : list.isError ? (
            <ListLoadError
              title="Contact messages could not be loaded."
              error={list.error}
              onRetry={() => void list.refetch()}
            />
          ) : items.length === 0 ? (
            <EmptyState
              icon={Inbox}
              title={EMPTY[filter]}
              description="Messages sent from the contact page appear here, newest first."
              className="py-10"
            />
          ) : (
            <>
              <ul aria-label="Contact messages" className="grid gap-3">
                {items.map((message) => (
                  <li key={message.id}>
                    <MessageCard message={message} onOpen={() => open(message)} />
                  </li>
                ))}
              </ul>
              <LoadMore list={list} />
            </>
          )}
        </div>
      </div>
      <ContactMessageDialog
        id={openId}
        onClose={() => update({ message: null })}
        onCloseAutoFocus={returnFocus}
      />
    </>
  );
}

function MessageCard({ message, onOpen }: { message: TContactMessageView; onOpen: () => void }) {
  return (
    <article
      aria-label={`Message from ${message.name}: ${message.subject}`}
      className="grid gap-3 rounded-xl border border-border bg-surface px-4 py-4 shadow-xs sm:grid-cols-[minmax(0,1fr)_auto] sm:px-5"
    >
      <div className="grid min-w-0 gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="min-w-0 text-base font-semibold tracking-tight break-words">
            {message.subject}
          </h2>
          <ContactStatusBadge status={message.status} />
        </div>
        <p className="text-sm text-muted-foreground">
          {message.name} · <span className="break-all">{message.email}</span> ·{' '}
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        </p>
        <p className="line-clamp-2 text-sm break-words">{message.message}</p>
      </div>
      <div className="flex content-start sm:justify-end">
        <Button
          variant="outline"
          size="sm"
          onClick={onOpen}
          aria-label={`Open the message “${message.subject}” from ${message.name}`}
        >
          Open
        </Button>
      </div>
    </article>
  );
}
