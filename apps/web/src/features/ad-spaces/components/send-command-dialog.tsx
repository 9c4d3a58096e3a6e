import { useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import type { TAdSpace } from '@screenline/shared/ad-space';
import {
  DEVICE_COMMAND_KINDS,
  DEVICE_COMMAND_WORDS,
  type TDeviceCommandKind,
  type TSendDeviceCommand,
  ZDeviceCommandKind,
} from '@screenline/shared/fleet';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSendCommand } from '@/features/ad-spaces/api/fleet';
import { useScreenGroups } from '@/lib/api/screen-groups';

type TTarget = 'selected' | 'group';

const screensText = (count: number) => (count === 1 ? '1 screen' : `${count} screens`);

/** The form, mounted afresh each time the dialog opens (so it starts from the selection). */
function SendCommandForm({
  selected,
  onDone,
}: {
  selected: readonly TAdSpace[];
  onDone: () => void;
}) {
  const groups = useScreenGroups();
  const send = useSendCommand();
  const [kind, setKind] = useState<TDeviceCommandKind>('refresh');
  const [target, setTarget] = useState<TTarget>(selected.length > 0 ? 'selected' : 'group');
  const [groupId, setGroupId] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const choices = groups.data ?? [];
  const group = choices.find((choice) => choice.id === groupId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (target === 'group' && !group) {
      setError('Choose a group.');
      return;
    }
    setError(undefined);
    const input: TSendDeviceCommand =
      target === 'group'
        ? { kind, groupIds: [groupId] }
        : { kind, adSpaceIds: selected.map((space) => space.id) };
    send.mutate(input, {
      onSuccess: (sent) => {
        const tvs = sent.items.length === 1 ? '1 TV' : `${sent.items.length} TVs`;
        toast.success(
          `${DEVICE_COMMAND_WORDS[kind]}: sent to ${tvs}${group && target === 'group' ? ` of “${group.name}”` : ''}.`,
        );
        onDone();
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <FormField label="Command">
        {(control) => (
          <Select
            {...control}
            value={kind}
            onChange={(event) => setKind(ZDeviceCommandKind.parse(event.target.value))}
          >
            {DEVICE_COMMAND_KINDS.map((value) => (
              <option key={value} value={value}>
                {DEVICE_COMMAND_WORDS[value]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-foreground">Send to</legend>
        {selected.length > 0 && (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="command-target"
              checked={target === 'selected'}
              onChange={() => setTarget('selected')}
            />
            {selected.length === 1
              ? 'The selected screen'
              : `The ${selected.length} selected screens`}
          </label>
        )}
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="command-target"
            checked={target === 'group'}
            onChange={() => setTarget('group')}
          />
          A group
        </label>
        {target === 'group' &&
          (groups.isSuccess && choices.length === 0 ? (
            <Alert>
              You have no screen groups yet: make one under the table, or select screens in it.
            </Alert>
          ) : (
            <FormField
              label="Group"
              hint={
                group
                  ? `${screensText(group.members.length)} now${group.kind === 'tags' ? ', by its tags' : ''}.`
                  : 'Its screens as they are when you send.'
              }
            >
              {(control) => (
                <Select
                  {...control}
                  value={groupId}
                  onChange={(event) => setGroupId(event.target.value)}
                >
                  <option value="">Choose a group…</option>
                  {choices.map((choice) => (
                    <option key={choice.id} value={choice.id}>
                      {choice.name}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          ))}
      </fieldset>
      {error && (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" type="button">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" isPending={send.isPending}>
          <Send aria-hidden />
          Send command
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * Sends one remote command (issue 23 item 2) to every TV of the selected screens or of a screen
 * group (its members when sent). Each TV's command then shows its state in that screen's "On
 * screen now".
 */
export function SendCommandDialog({
  isOpen,
  selected,
  onClose,
}: {
  isOpen: boolean;
  selected: readonly TAdSpace[];
  onClose: () => void;
}) {
  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && onClose()}>
      {isOpen && (
        <DialogContent className="max-w-lg">
          <DialogTitle>Send a command</DialogTitle>
          <DialogDescription className="mb-4">
            Online TVs get it within seconds; an offline TV gets it when it reconnects, within 15
            minutes. Each screen’s “On screen now…” shows how it went.
          </DialogDescription>
          <SendCommandForm selected={selected} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}
