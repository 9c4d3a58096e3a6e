import { useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { usePayoutDestination } from '@/features/admin-money/api/admin-money';

/** "DE89 3704 0044 0532 0130 00": an IBAN in groups of four, as banks print it. */
export function groupIban(iban: string): string {
  return iban
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}

/** A payout's IBAN, masked until the super-user asks for it (each reveal is a request). */
export function BankDetails({ payoutId, ibanMasked }: { payoutId: string; ibanMasked: string }) {
  const [isShown, setIsShown] = useState(false);
  const destination = usePayoutDestination(payoutId, isShown);
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="font-mono text-xs" aria-live="polite">
        {isShown && destination.data ? groupIban(destination.data.iban) : ibanMasked}
      </span>
      {isShown && destination.isPending && (
        <Spinner label="Loading the bank details" className="size-4" />
      )}
      {isShown && destination.isError && (
        <span role="alert" className="text-xs text-danger">
          {errorMessage(destination.error)}
        </span>
      )}
      <Button
        variant="link"
        className="text-xs"
        aria-expanded={isShown}
        onClick={() => setIsShown(!isShown)}
      >
        {isShown ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
        {isShown ? 'Hide bank details' : 'Show bank details'}
      </Button>
    </span>
  );
}
