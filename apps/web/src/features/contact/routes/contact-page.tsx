import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { ZContactMessage } from '@screenline/shared/contact';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { useSendContactMessage } from '@/features/contact/api/send-contact-message';
import { usePageTitle } from '@/hooks/use-page-title';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/lib/paths';
import { MAX_EMAIL_LENGTH } from '@screenline/shared/auth-messages';

/** /contact (in the help layout): a message to the Screenline team. */
export function ContactPage() {
  usePageTitle('Contact us');
  const { user } = useAuth();
  const send = useSendContactMessage();
  const [serverError, setServerError] = useState<string | null>(null);
  const [isSent, setIsSent] = useState(false);
  const sentRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ZContactMessage),
    defaultValues: { name: user?.name ?? '', email: user?.email ?? '', subject: '', message: '' },
  });

  // The account is often read after the page opened: fill in name and e-mail when it arrives,
  // leaving alone what the person already typed (issue 21, lows).
  const accountName = user?.name ?? '';
  const accountEmail = user?.email ?? '';
  useEffect(() => {
    if (accountName && !getValues('name')) setValue('name', accountName);
    if (accountEmail && !getValues('email')) setValue('email', accountEmail);
  }, [accountName, accountEmail, getValues, setValue]);

  // The button that was pressed stays, but the form was cleared: say so where focus lands.
  useEffect(() => {
    if (isSent) sentRef.current?.focus();
  }, [isSent]);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await send.mutateAsync(values);
      toast.success('Thanks! Your message was sent. We usually answer within one working day.');
      reset({ name: values.name, email: values.email, subject: '', message: '' });
      setIsSent(true);
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <article className="max-w-2xl">
      <PageHeader
        title="Contact us"
        description="Questions about your screens, campaigns, wallet or account? Write to the Screenline team."
      />
      <Card>
        <CardContent>
          <form noValidate onSubmit={onSubmit} className="grid gap-5">
            {isSent && (
              <div ref={sentRef} tabIndex={-1} className="rounded-lg focus:outline-none">
                <Alert tone="success" title="Message sent">
                  We will reply to the email you gave. You can send another message below.
                </Alert>
              </div>
            )}
            {serverError && <Alert tone="error">{serverError}</Alert>}
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField label="Name" error={errors.name?.message}>
                {(field) => <Input {...field} autoComplete="name" {...register('name')} />}
              </FormField>
              <FormField label="Email" error={errors.email?.message}>
                {(field) => (
                  <Input
                    {...field}
                    type="email"
                    autoComplete="email"
                    maxLength={MAX_EMAIL_LENGTH}
                    {...register('email')}
                  />
                )}
              </FormField>
            </div>
            <FormField label="Subject" error={errors.subject?.message}>
              {(field) => <Input {...field} {...register('subject')} />}
            </FormField>
            <FormField
              label="Message"
              hint="Up to 5,000 characters."
              error={errors.message?.message}
            >
              {(field) => <Textarea {...field} rows={6} {...register('message')} />}
            </FormField>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-muted-foreground">
                Looking for a quick answer? Try the{' '}
                <Link
                  to={paths.help.home}
                  className="rounded font-medium text-primary hover:underline"
                >
                  help pages
                </Link>
                .
              </p>
              <Button type="submit" isPending={isSubmitting}>
                Send message
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </article>
  );
}
