import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { ZRenameContentItem, type TContentItem } from '@screenline/shared/content';
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
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useRenameContentItem } from '@/features/content/api/rename-content-item';

function RenameForm({ item, onDone }: { item: TContentItem; onDone: () => void }) {
  const rename = useRenameContentItem();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ZRenameContentItem), defaultValues: { name: item.name } });

  const onSubmit = handleSubmit(async ({ name }) => {
    if (name === item.name) {
      onDone();
      return;
    }
    try {
      const renamed = await rename.mutateAsync({ id: item.id, name });
      toast.success(`Renamed to “${renamed.name}”.`);
      onDone();
    } catch (error) {
      setError('root', { message: errorMessage(error) });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="mt-5 grid gap-5">
      {errors.root?.message && <Alert tone="error">{errors.root.message}</Alert>}
      <FormField label="Name" error={errors.name?.message}>
        {(field) => (
          <Input {...field} autoFocus autoComplete="off" maxLength={200} {...register('name')} />
        )}
      </FormField>
      <DialogFooter className="mt-0">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" isPending={isSubmitting}>
          Save name
        </Button>
      </DialogFooter>
    </form>
  );
}

export function RenameDialog({
  item,
  onClose,
  onCloseAutoFocus,
}: {
  item: TContentItem | null;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      {item && (
        <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle>Rename</DialogTitle>
          <DialogDescription>
            The name you see in your library, playlists and campaigns. The file stays the same.
          </DialogDescription>
          <RenameForm key={item.id} item={item} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}
