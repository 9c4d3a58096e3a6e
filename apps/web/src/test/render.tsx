import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type createMemoryRouter } from 'react-router';
import { AuthContext, type TAuthContextValue } from '@/lib/auth-context';

/** Renders a memory router with a given auth state and a query client that does not retry. */
export function renderWithAuth(
  router: ReturnType<typeof createMemoryRouter>,
  auth: TAuthContextValue,
): void {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <AuthContext value={auth}>
        <RouterProvider router={router} />
      </AuthContext>
    </QueryClientProvider>,
  );
}
