import { formatBytes } from '@screenline/shared/format';
import { Progress } from '@/components/ui/progress';
import { useStorageUsage } from '@/features/content/api/get-storage-usage';

/** Share of the quota from which the bar turns red and the line says how much is left. */
const NEARLY_FULL = 0.9;

/** "2.1 GB of 10 GB used", with a bar: the library's storage against the quota. */
export function StorageUsage() {
  const usage = useStorageUsage();
  // Quiet while loading or when the server cannot say: the library itself still works.
  if (!usage.data) return null;
  const { usedBytes, quotaBytes } = usage.data;
  const share = quotaBytes > 0 ? usedBytes / quotaBytes : 1;
  const isNearlyFull = share >= NEARLY_FULL;
  const text = `${formatBytes(usedBytes)} of ${formatBytes(quotaBytes)} used`;
  return (
    <div className="mb-5 grid max-w-sm gap-1.5">
      <div className="flex items-baseline justify-between gap-3 text-xs">
        <span className="font-medium">Storage</span>
        <span className={isNearlyFull ? 'font-medium text-danger' : 'text-muted-foreground'}>
          {text}
          {isNearlyFull && ` · ${formatBytes(Math.max(0, quotaBytes - usedBytes))} left`}
        </span>
      </div>
      <Progress
        value={share * 100}
        label="Storage used"
        valueText={text}
        tone={isNearlyFull ? 'danger' : 'brand'}
      />
    </div>
  );
}
