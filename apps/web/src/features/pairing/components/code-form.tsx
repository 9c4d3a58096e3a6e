import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { USER_CODE_LENGTH, normalizeUserCode } from '@screenline/shared/pairing';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

const ZCodeForm = z.object({
  code: z
    .string()
    .transform(normalizeUserCode)
    .refine((code) => code.length === USER_CODE_LENGTH, {
      message: `Type the ${USER_CODE_LENGTH} letters and digits the TV shows.`,
    }),
});

/** Opened without a code (typed the address instead of scanning): ask for the one on the TV. */
export function CodeForm({ onCode }: { onCode: (code: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ZCodeForm), defaultValues: { code: '' } });
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={handleSubmit(({ code }) => {
        onCode(code);
      })}
    >
      <FormField
        label="Code shown on the TV"
        hint="For example ABCD-EFGH. Capitals and the dash are optional."
        error={errors.code?.message}
      >
        {(control) => (
          <Input
            {...control}
            {...register('code')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="font-mono text-lg tracking-widest uppercase"
          />
        )}
      </FormField>
      <Button type="submit" size="lg">
        Continue
      </Button>
    </form>
  );
}
