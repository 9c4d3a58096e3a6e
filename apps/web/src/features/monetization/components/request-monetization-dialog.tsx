import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { TAdSpace } from '@screenline/shared/ad-space';
import type { TPlatformSettings } from '@screenline/shared/platform-settings';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogActions,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { showSaveError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useRequestMonetization } from '@/features/monetization/api/monetization';
import { microsToUnits, perHour, perSecond, typedPrice } from '@/lib/money-input';
import { floorFormSchema, type TFloorFormValues } from '@/features/monetization/utils/floor-price';

function FloorForm({
  adSpace,
  settings,
  previousFloor,
  onDone,
}: {
  adSpace: TAdSpace;
  settings: TPlatformSettings;
  previousFloor: number | null;
  onDone: () => void;
}) {
  const request = useRequestMonetization();
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<TFloorFormValues, unknown, { floor: number }>({
    resolver: zodResolver(floorFormSchema(settings.minMicrosPerSecond)),
    defaultValues: {
      floor: microsToUnits(Math.max(previousFloor ?? 0, settings.minMicrosPerSecond)),
    },
  });
  const typed = typedPrice(watch('floor'));

  const onSubmit = handleSubmit(async ({ floor }) => {
    try {
      await request.mutateAsync({ adSpaceId: adSpace.id, floorMicrosPerSecond: floor });
      toast.success(`Monetization of “${adSpace.name}” was requested.`);
      onDone();
    } catch (error) {
      showSaveError(error, getValues(), setError);
      toast.error('Monetization was not requested.');
    }
  });

  const commission = settings.commissionBasisPoints / 100;
  return (
    <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col">
      <DialogBody>
        {errors.root?.message && <Alert tone="error">{errors.root.message}</Alert>}
        <FormField
          label="Floor price per second (€)"
          hint={
            typed === null
              ? `At least ${perSecond(settings.minMicrosPerSecond)} (${perHour(settings.minMicrosPerSecond)}).`
              : `${perSecond(typed)}: ${perHour(typed)}. At least ${perSecond(settings.minMicrosPerSecond)}.`
          }
          error={errors.floor?.message}
        >
          {(field) => (
            <Input {...field} inputMode="decimal" autoComplete="off" {...register('floor')} />
          )}
        </FormField>
        <p className="text-sm text-muted-foreground">
          Campaigns bidding at least this much per second of play can fill this screen’s ad slots.
          You earn each play’s charge less the platform’s commission (
          {commission.toLocaleString('en-GB')} %). A super-user reviews the request first.
        </p>
      </DialogBody>
      <DialogActions>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" isPending={isSubmitting}>
          Request monetization
        </Button>
      </DialogActions>
    </form>
  );
}

/** Asks for a space's ad slots to be sold to campaigns at a floor price. */
export function RequestMonetizationDialog({
  adSpace,
  settings,
  previousFloor,
  onClose,
  onCloseAutoFocus,
}: {
  adSpace: TAdSpace | null;
  settings: TPlatformSettings;
  previousFloor: number | null;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog open={adSpace !== null} onOpenChange={(open) => !open && onClose()}>
      {adSpace && (
        <DialogContent placement="form" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogHeader>
            <DialogTitle className="break-words">Monetize “{adSpace.name}”</DialogTitle>
            <DialogDescription>
              {adSpace.location.name}, {adSpace.location.city}
            </DialogDescription>
          </DialogHeader>
          <FloorForm
            key={adSpace.id}
            adSpace={adSpace}
            settings={settings}
            previousFloor={previousFloor}
            onDone={onClose}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}
