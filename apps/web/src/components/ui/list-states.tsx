import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';

/** A list's first page on its way: a centred spinner named by `label`. */
export function ListLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16">
      <Spinner label={label} className="size-6 text-primary" />
    </div>
  );
}

/** A list that could not be loaded: the error and a way to try again. */
export function ListLoadError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <Alert tone="error" title={title}>
      {errorMessage(error)}{' '}
      <Button variant="link" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

/** The "Load more" button under a paged list; nothing once the last page is in. */
export function LoadMore({
  list,
}: {
  list: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => Promise<unknown>;
  };
}) {
  if (!list.hasNextPage) return null;
  return (
    <div className="mt-6 flex justify-center">
      <Button
        variant="outline"
        isPending={list.isFetchingNextPage}
        onClick={() => void list.fetchNextPage()}
      >
        Load more
      </Button>
    </div>
  );
}
