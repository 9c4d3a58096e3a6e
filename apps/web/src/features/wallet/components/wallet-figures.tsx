import { formatMicros } from '@screenline/shared/money';
import type { TWallet } from '@screenline/shared/wallet';
import { HOLD_GRACE_WORDS } from '@/lib/proof-of-play';
import { FigureTiles } from '@/components/ui/figure-tiles';

type TFigure = { term: string; value: number; hint: string };

/** The wallet's figures; an owner sees what was earned, a buyer what was spent. */
export function WalletFigures({ wallet, isOwner }: { wallet: TWallet; isOwner: boolean }) {
  const figures: TFigure[] = [
    {
      term: 'Available',
      value: wallet.availableMicros,
      hint: isOwner ? 'Yours to pay out.' : 'Yours to spend on campaigns.',
    },
    {
      term: 'Held',
      value: wallet.heldMicros,
      hint: isOwner
        ? 'In payouts not yet paid.'
        : `In campaigns’ budgets, kept for ${HOLD_GRACE_WORDS} after one ends for late plays; what they do not spend comes back.`,
    },
    {
      term: 'Pending top-ups',
      value: wallet.pendingTopUpMicros,
      hint: 'Requested, waiting for the transfer to be confirmed.',
    },
    isOwner
      ? {
          term: 'Earned, all time',
          value: wallet.lifetimeEarnedMicros,
          hint: 'From ad plays on your screens, after commission.',
        }
      : {
          term: 'Spent, all time',
          value: wallet.lifetimeSpentMicros,
          hint: 'Charged for ad plays, by the second.',
        },
  ];
  return (
    <FigureTiles
      figures={figures.map((figure) => ({ ...figure, value: formatMicros(figure.value) }))}
      className="grid-cols-2 lg:grid-cols-4"
      tileClassName="py-4"
    />
  );
}
