import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { ZProfileForm } from '@screenline/shared/user';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useUpdateMe } from '@/lib/api/update-me';
import { useAuth, type TAuthUser } from '@/lib/auth-context';

export function ProfileDetailsCard({ user }: { user: TAuthUser }) {
  const { update } = useAuth();
  const updateMe = useUpdateMe();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({
    resolver: zodResolver(ZProfileForm),
    defaultValues: { name: user.name, company: user.company, phone: user.phone },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const me = await updateMe.mutateAsync(values);
      update(me);
      reset({ name: me.name, company: me.company, phone: me.phone });
      toast.success('Your profile was saved.');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <Card aria-labelledby="profile-details-title">
      <form noValidate onSubmit={onSubmit}>
        <CardHeader>
          <CardTitle id="profile-details-title">Your details</CardTitle>
          <CardDescription>How you appear to the Screenline team.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <FormField label="Name" error={errors.name?.message}>
            {(field) => <Input {...field} autoComplete="name" {...register('name')} />}
          </FormField>
          <FormField label="Company" error={errors.company?.message}>
            {(field) => <Input {...field} autoComplete="organization" {...register('company')} />}
          </FormField>
          <FormField
            label="Phone"
            hint="Optional. Digits, spaces and + ( ) . -"
            error={errors.phone?.message}
          >
            {(field) => <Input {...field} type="tel" autoComplete="tel" {...register('phone')} />}
          </FormField>
        </CardContent>
        <CardFooter>
          <Button type="submit" isPending={isSubmitting} disabled={!isDirty}>
            Save changes
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
