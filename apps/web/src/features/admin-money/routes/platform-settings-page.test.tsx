import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { ADMIN, makeSettings, stubApi } from '@/test/money-fixtures';
import { renderWithAuth } from '@/test/render';
import { PlatformSettingsPage } from '@/features/admin-money/routes/platform-settings-page';

function renderPage() {
  const calls = stubApi((call) => {
    if (call.method === 'PUT') {
      return jsonResponse(
        makeSettings({
          commissionBasisPoints: 1250,
          updatedAt: '2026-03-05T10:00:00.000Z',
          updatedBy: ADMIN,
        }),
      );
    }
    if (call.path === '/api/v1/platform-settings') return jsonResponse(makeSettings());
    return undefined;
  });
  const router = createMemoryRouter(
    [{ path: '/admin/monetization', Component: PlatformSettingsPage }],
    { initialEntries: ['/admin/monetization'] },
  );
  renderWithAuth(router, makeAuth(makeUser({ isSU: true })));
  return calls;
}

describe('/admin/monetization', () => {
  beforeEach(() => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  });

  it('shows the settings in units and refuses values out of bounds', async () => {
    const calls = renderPage();
    const user = userEvent.setup();
    const commission = await screen.findByLabelText('Commission (%)');
    expect(commission).toHaveValue('20');
    expect(screen.getByLabelText('Minimum price per second (€)')).toHaveValue('0.0001');
    expect(screen.getByLabelText('Minimum price per second (€)')).toHaveAccessibleDescription(
      /€0\.36 per hour of play/,
    );
    expect(screen.getByLabelText('Largest top-up (€)')).toHaveValue('50000');
    expect(screen.getByText(/Never saved yet: the defaults apply\./)).toBeVisible();

    await user.clear(commission);
    await user.type(commission, '101');
    await user.clear(screen.getByLabelText('Check for changes every (s)'));
    await user.type(screen.getByLabelText('Check for changes every (s)'), '2');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(commission).toHaveAccessibleDescription(/Enter a percentage from 0 to 100/);
    expect(screen.getByLabelText('Check for changes every (s)')).toHaveAccessibleDescription(
      /Enter whole seconds from 5 to 3,600\./,
    );

    await user.clear(commission);
    await user.type(commission, '20');
    await user.clear(screen.getByLabelText('Check for changes every (s)'));
    await user.type(screen.getByLabelText('Check for changes every (s)'), '60');
    await user.clear(screen.getByLabelText('Largest payout (€)'));
    await user.type(screen.getByLabelText('Largest payout (€)'), '5');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(screen.getByLabelText('Largest payout (€)')).toHaveAccessibleDescription(
      /The largest payout must be at least the smallest \(€10\.00\)\./,
    );
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('saves the whole settings object and says who saved last', async () => {
    const calls = renderPage();
    const user = userEvent.setup();
    const commission = await screen.findByLabelText('Commission (%)');
    await user.clear(commission);
    await user.type(commission, '12.5');
    await user.clear(screen.getByLabelText('Check for changes every (s)'));
    await user.type(screen.getByLabelText('Check for changes every (s)'), '30');
    await user.clear(screen.getByLabelText('Largest payout (€)'));
    await user.type(screen.getByLabelText('Largest payout (€)'), '20000.50');
    const fourEyes = screen.getByLabelText('Two approvals above (€)');
    expect(fourEyes).toHaveValue('10000');
    expect(fourEyes).toHaveAccessibleDescription(/two different super-users/);
    await user.clear(fourEyes);
    await user.type(fourEyes, '2500');
    // The bank account top-ups are paid to and receipts print (issue 22).
    await user.type(screen.getByLabelText('Account holder'), 'Screenline GmbH');
    await user.type(screen.getByLabelText('Bank'), 'Commerzbank');
    const iban = screen.getByLabelText('IBAN');
    await user.type(iban, 'de89 3704 0044 0532 0130 01');
    await user.type(screen.getByLabelText('BIC'), 'cobadeffxxx');
    await user.type(screen.getByLabelText('Address and tax number'), 'Demo-Allee 1, Berlin');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(iban).toHaveAccessibleDescription(/That IBAN is not valid\./);
    await user.clear(iban);
    await user.type(iban, 'de89 3704 0044 0532 0130 00');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      commissionBasisPoints: 1250,
      minMicrosPerSecond: 100,
      topUpMinMicros: 10_000_000,
      topUpMaxMicros: 50_000_000_000,
      payoutMinMicros: 10_000_000,
      payoutMaxMicros: 20_000_500_000,
      fourEyesAboveMicros: 2_500_000_000,
      player: {
        pollIntervalSeconds: 30,
        impressionSyncIntervalSeconds: 60,
        cacheCleanupIntervalSeconds: 3600,
      },
      bank: {
        accountHolder: 'Screenline GmbH',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
        bankName: 'Commerzbank',
        address: 'Demo-Allee 1, Berlin',
      },
    });
    expect(await screen.findByText(/Last saved by Grace Hopper on 5 Mar 2026/)).toBeVisible();
    expect(commission).toHaveValue('12.5');
  });
});
