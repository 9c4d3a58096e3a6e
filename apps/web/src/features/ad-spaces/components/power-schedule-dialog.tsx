import { useId, useState, type FormEvent } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import type { TAdSpace } from '@screenline/shared/ad-space';
import {
  POWER_RANGES_MAX,
  type TPowerRange,
  type TPowerScheduleView,
} from '@screenline/shared/power-schedule';
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
import { Input } from '@/components/ui/input';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { usePowerSchedule, useSavePowerSchedule } from '@/features/ad-spaces/api/power-schedule';
import { DEFAULT_RANGE, WEEKDAY_LABELS, rangeLabel } from '@/features/ad-spaces/utils/power-ranges';

type TMode = 'always' | 'hours';

/** "On now, until 22:00" / "Off now, on again Tue 07:00", in the location's zone. */
function nowLine(view: TPowerScheduleView, nowMs: number): string {
  const next = view.onNow
    ? view.onWindows.find((w) => w.startMs <= nowMs && nowMs < w.endMs)?.endMs
    : view.onWindows.find((w) => w.startMs > nowMs)?.startMs;
  const format = (ms: number) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: view.timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(ms);
  if (view.powerSchedule === null) return 'Always on.';
  if (view.onNow) return next ? `On now, until ${format(next)}.` : 'On now.';
  return next ? `Off now, on again ${format(next)}.` : 'Off now.';
}

function RangeFields({
  index,
  range,
  onChange,
  onRemove,
}: {
  index: number;
  range: TPowerRange;
  onChange: (range: TPowerRange) => void;
  onRemove: (() => void) | null;
}) {
  const id = useId();
  const toggleDay = (day: number) =>
    onChange({
      ...range,
      weekdays: range.weekdays.includes(day)
        ? range.weekdays.filter((d) => d !== day)
        : [...range.weekdays, day].sort((a, b) => a - b),
    });
  return (
    <fieldset className="grid gap-3 rounded-lg border border-border p-3">
      <legend className="px-1 text-sm font-medium">
        Hours {index + 1}
        <span className="sr-only">: {rangeLabel(range)}</span>
      </legend>
      <div
        className="flex flex-wrap gap-1.5"
        role="group"
        aria-label={`Days of hours ${index + 1}`}
      >
        {WEEKDAY_LABELS.map((label, i) => {
          const day = i + 1;
          const dayId = `${id}-day-${day}`;
          return (
            <label
              key={label}
              htmlFor={dayId}
              className="flex cursor-pointer items-center gap-1.5 rounded-md border border-input px-2 py-1 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10"
            >
              <input
                id={dayId}
                type="checkbox"
                className="size-4 accent-primary"
                checked={range.weekdays.includes(day)}
                onChange={() => toggleDay(day)}
              />
              {label}
            </label>
          );
        })}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <label className="grid gap-1 text-sm" htmlFor={`${id}-start`}>
          <span className="font-medium">On from</span>
          <Input
            id={`${id}-start`}
            type="time"
            step={60}
            className="w-32"
            value={range.startTime}
            onChange={(event) => onChange({ ...range, startTime: event.target.value })}
          />
        </label>
        <label className="grid gap-1 text-sm" htmlFor={`${id}-end`}>
          <span className="font-medium">Off at</span>
          <Input
            id={`${id}-end`}
            type="time"
            step={60}
            className="w-32"
            value={range.endTime}
            onChange={(event) => onChange({ ...range, endTime: event.target.value })}
          />
        </label>
        {onRemove && (
          <Button variant="ghost" size="sm" onClick={onRemove}>
            <Trash2 aria-hidden />
            Remove hours {index + 1}
          </Button>
        )}
      </div>
      <p className="text-xs text-muted-foreground">
        {range.weekdays.length === 0 ? 'Pick at least one day.' : rangeLabel(range)}
      </p>
    </fieldset>
  );
}

function PowerScheduleForm({
  adSpace,
  view,
  onDone,
}: {
  adSpace: TAdSpace;
  view: TPowerScheduleView;
  onDone: () => void;
}) {
  const save = useSavePowerSchedule();
  const [mode, setMode] = useState<TMode>(view.powerSchedule ? 'hours' : 'always');
  const [ranges, setRanges] = useState<TPowerRange[]>(
    view.powerSchedule?.ranges ?? [DEFAULT_RANGE],
  );
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (mode === 'hours' && ranges.some((range) => range.weekdays.length === 0)) {
      setFailure('Pick at least one day for each set of hours.');
      return;
    }
    try {
      await save.mutateAsync({
        id: adSpace.id,
        body: { powerSchedule: mode === 'always' ? null : { ranges } },
      });
      toast.success(
        mode === 'always'
          ? `“${adSpace.name}” is always on.`
          : `The power schedule of “${adSpace.name}” was saved.`,
      );
      onDone();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex min-h-0 flex-1 flex-col"
    >
      <DialogBody>
        {failure && <Alert tone="error">{failure}</Alert>}
        <p className="text-sm" data-testid="power-now">
          {nowLine(view, Date.now())}
        </p>
        <SegmentedControl
          label="When the screen is on"
          value={mode}
          onChange={setMode}
          segments={[
            { value: 'always', label: 'Always on' },
            { value: 'hours', label: 'On at set hours' },
          ]}
        />
        {mode === 'hours' && (
          <div className="grid gap-3">
            <p className="text-sm text-muted-foreground">
              Times are in {view.timeZone}. Outside these hours the TV shows black (and turns its
              panel off where the TV allows it), plays nothing, records no plays and is not counted
              as offline. An end before the start runs past midnight; the same time is all day.
            </p>
            {ranges.map((range, index) => (
              <RangeFields
                key={index}
                index={index}
                range={range}
                onChange={(next) =>
                  setRanges((all) => all.map((old, i) => (i === index ? next : old)))
                }
                onRemove={
                  ranges.length > 1
                    ? () => setRanges((all) => all.filter((_, i) => i !== index))
                    : null
                }
              />
            ))}
            {ranges.length < POWER_RANGES_MAX && (
              <Button
                variant="outline"
                className="justify-self-start"
                onClick={() => setRanges((all) => [...all, { ...DEFAULT_RANGE, weekdays: [6, 7] }])}
              >
                <Plus aria-hidden />
                Add hours
              </Button>
            )}
          </div>
        )}
      </DialogBody>
      <DialogActions>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" isPending={save.isPending}>
          Save power schedule
        </Button>
      </DialogActions>
    </form>
  );
}

function PowerScheduleLoader({ adSpace, onDone }: { adSpace: TAdSpace; onDone: () => void }) {
  const view = usePowerSchedule(adSpace.id);
  if (view.isPending)
    return (
      <DialogBody className="justify-items-center py-10">
        <Spinner label="Loading the power schedule" className="size-6 text-primary" />
      </DialogBody>
    );
  if (view.isError)
    return (
      <DialogBody>
        <Alert tone="error" title="The power schedule could not be loaded.">
          {errorMessage(view.error)}
        </Alert>
      </DialogBody>
    );
  return <PowerScheduleForm adSpace={adSpace} view={view.data} onDone={onDone} />;
}

/** The hours a screen should be on (issue 23 item 5), from the ad spaces page's row menu. */
export function PowerScheduleDialog({
  adSpace,
  onClose,
  onCloseAutoFocus,
}: {
  adSpace: TAdSpace | null;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog open={adSpace !== null} onOpenChange={(open) => !open && onClose()}>
      {adSpace && (
        <DialogContent placement="form" className="sm:max-w-xl" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogHeader>
            <DialogTitle className="break-words">Power schedule of “{adSpace.name}”</DialogTitle>
            <DialogDescription>
              The hours this screen should be on. Alerts stay quiet and ads are not sold outside
              them.
            </DialogDescription>
          </DialogHeader>
          <PowerScheduleLoader key={adSpace.id} adSpace={adSpace} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}
