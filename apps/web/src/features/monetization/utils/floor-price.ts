import { z } from 'zod';
import { perSecond, pricePerSecondInUnits } from '@/lib/money-input';

export type TFloorFormValues = { floor: string };

/** The floor typed in currency units per second, at least the platform's minimum. */
export function floorFormSchema(minMicrosPerSecond: number) {
  return z.object({
    floor: pricePerSecondInUnits({
      min: minMicrosPerSecond,
      belowMin: `The platform’s minimum is ${perSecond(minMicrosPerSecond)}.`,
    }),
  });
}
