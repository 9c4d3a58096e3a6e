import { isRouteErrorResponse, useRouteError } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Shown when a page crashes or its code cannot be loaded (often: a new version was deployed). */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  const isChunkError =
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script failed/i.test(error.message);
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : isChunkError
      ? 'A newer version of Screenline is available. Reload the page to continue.'
      : 'Something went wrong while showing this page.';
  return (
    <main
      id="main"
      className="flex min-h-dvh flex-col items-center justify-center px-6 text-center"
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-danger-soft text-danger-soft-foreground">
        <TriangleAlert aria-hidden className="size-6" />
      </div>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">This page could not be shown</h1>
      <p className="mt-2 max-w-md text-muted-foreground">{message}</p>
      <div className="mt-6 flex gap-3">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button variant="outline" asChild>
          <a href="/">Home</a>
        </Button>
      </div>
    </main>
  );
}
