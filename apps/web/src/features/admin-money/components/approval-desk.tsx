import { useCallback, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Inbox } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { ListLoadError, ListLoading, LoadMore } from '@/components/ui/list-states';
import { SegmentedControl, type TSegment } from '@/components/ui/segmented-control';
import { Select } from '@/components/ui/select';
import { useReturnFocus } from '@/hooks/use-return-focus';
import {
  ConfirmDecisionDialog,
  ReasonDialog,
  type TDecisionPrompt,
} from '@/features/admin-money/components/decision-dialogs';

/*
 * The parts the approval pages share: a state filter over a list of request cards, and the
 * dialogs that confirm a decision or ask the reason of a refusal.
 */

/** The open decision dialog, and focus back where it was opened (or on the list) after it. */
export function useDecisionPrompts() {
  const listRef = useRef<HTMLDivElement>(null);
  const { remember, returnFocus } = useReturnFocus(listRef);
  const [prompt, setPrompt] = useState<{
    kind: 'reason' | 'confirm';
    prompt: TDecisionPrompt;
  } | null>(null);
  const ask = useCallback(
    (kind: 'reason' | 'confirm', next: TDecisionPrompt) => {
      remember();
      setPrompt({ kind, prompt: next });
    },
    [remember],
  );
  const close = useCallback(() => setPrompt(null), []);
  const dialogs = (
    <>
      <ReasonDialog
        prompt={prompt?.kind === 'reason' ? prompt.prompt : null}
        onClose={close}
        onCloseAutoFocus={returnFocus}
      />
      <ConfirmDecisionDialog
        prompt={prompt?.kind === 'confirm' ? prompt.prompt : null}
        onClose={close}
        onCloseAutoFocus={returnFocus}
      />
    </>
  );
  return {
    listRef,
    askReason: (next: TDecisionPrompt) => ask('reason', next),
    askConfirm: (next: TDecisionPrompt) => ask('confirm', next),
    dialogs,
  };
}

type TPagedList<TItem> = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
  data?: { pages: { items: TItem[] }[] };
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/** A state filter, then the list of that state's requests, with its loading and empty states. */
export function ApprovalList<TState extends string, TItem extends { id: string }>({
  label,
  state,
  states,
  onStateChange,
  list,
  emptyTitle,
  listRef,
  renderItem,
}: {
  label: string;
  state: TState;
  states: readonly (TSegment<TState> & { label: string })[];
  onStateChange: (state: TState) => void;
  list: TPagedList<TItem>;
  emptyTitle: string;
  listRef: RefObject<HTMLDivElement | null>;
  renderItem: (item: TItem) => ReactNode;
}) {
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="grid gap-4">
      {/* A phone has no room for every state side by side: a select stands in there. */}
      <SegmentedControl
        label="Show"
        value={state}
        onChange={onStateChange}
        segments={states}
        className="justify-self-start max-sm:hidden"
      />
      <label className="grid gap-1.5 text-sm font-medium sm:hidden">
        Show
        <Select
          value={state}
          onChange={(event) => {
            const chosen = states.find((segment) => segment.value === event.target.value);
            if (chosen) onStateChange(chosen.value);
          }}
        >
          {states.map((segment) => (
            <option key={segment.value} value={segment.value}>
              {segment.label}
            </option>
          ))}
        </Select>
      </label>
      <div ref={listRef} tabIndex={-1} className="outline-none">
        {list.isPending ? (
          <ListLoading label={`Loading ${label.toLowerCase()}`} />
        ) : list.isError ? (
          <ListLoadError
            title={`${label} could not be loaded.`}
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : items.length === 0 ? (
          <EmptyState icon={Inbox} title={emptyTitle} className="py-10" />
        ) : (
          <>
            <ul aria-label={label} className="grid gap-3">
              {items.map((item) => (
                <li key={item.id}>{renderItem(item)}</li>
              ))}
            </ul>
            <LoadMore list={list} />
          </>
        )}
      </div>
    </div>
  );
}

/** One request: its headline and state, its details, its decision, and its actions. */
export function RequestCard({
  label,
  headline,
  badge,
  children,
  note,
  actions,
}: {
  label: string;
  headline: ReactNode;
  badge: ReactNode;
  children: ReactNode;
  note?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <article
      aria-label={label}
      className="grid gap-3 rounded-xl border border-border bg-surface px-4 py-4 shadow-xs sm:grid-cols-[minmax(0,1fr)_auto] sm:px-5"
    >
      <div className="grid min-w-0 content-start gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-lg font-semibold tracking-tight tabular-nums">{headline}</span>
          {badge}
        </div>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
          {children}
        </dl>
        {note}
      </div>
      {actions && (
        <div className="flex flex-wrap content-start gap-2 sm:justify-end">{actions}</div>
      )}
    </article>
  );
}

/** One line of a request card's details. */
export function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}
