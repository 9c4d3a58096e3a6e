import { useEffect, useRef, useState } from 'react';
import { generatePath, useNavigate } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { TCampaign } from '@screenline/shared/campaign';
import type { TContentItem } from '@screenline/shared/content';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { showSaveError } from '@/lib/form-errors';
import { DATE_LOCALE } from '@/lib/local-time';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useMarketplaceAdSpaces } from '@/lib/api/marketplace-ad-spaces';
import { SubmitAfterSaveError, useSaveCampaign } from '@/features/ad-campaigns/api/save-campaign';
import {
  chosenCreatives,
  creativeChoiceOf,
  forecastInputOf,
  initialChoices,
  stepsHolding,
  type TCampaignFormBody as TBody,
} from '@/features/ad-campaigns/components/campaign-wizard-model';
import { CampaignWizardStepper } from '@/features/ad-campaigns/components/campaign-wizard-stepper';
import { CreativeFitWarning } from '@/features/ad-campaigns/components/creative-fit-warning';
import { ReachEstimate } from '@/features/ad-campaigns/components/reach-estimate';
import { BudgetStep } from '@/features/ad-campaigns/components/wizard-steps/budget-step';
import { CreativesStep } from '@/features/ad-campaigns/components/wizard-steps/creatives-step';
import { QrStep } from '@/features/ad-campaigns/components/wizard-steps/qr-step';
import { ReviewStep } from '@/features/ad-campaigns/components/wizard-steps/review-step';
import { ScheduleStep } from '@/features/ad-campaigns/components/wizard-steps/schedule-step';
import { TargetingStep } from '@/features/ad-campaigns/components/wizard-steps/targeting-step';
import {
  WIZARD_STEPS,
  ZCampaignForm,
  targetingOf,
  type TCampaignFormValues,
} from '@/features/ad-campaigns/utils/campaign-form';
import {
  clearWizardDraft,
  writeWizardDraft,
  type TWizardDraft,
} from '@/features/ad-campaigns/utils/wizard-draft';

const overviewPath = (id: string) => generatePath(paths.publisher.adCampaignOverview, { id });
/**
 * The campaign wizard (/publisher/ad-campaigns/new, `?edit=<id>` for a draft or rejected one):
 * one step at a time with "Next" checking that step's fields by the shared schema, any step
 * reachable from the stepper, the forecast beside it, and "Save draft" / "Submit for review"
 * (save, then submit). What the buyer types is kept under `draftKey` as they type
 * (utils/wizard-draft.ts) and `restored` brings it back; saving or discarding removes it.
 */
export function CampaignWizard({
  campaign,
  defaultValues,
  draftKey,
  restored = null,
}: {
  campaign: TCampaign | null;
  defaultValues: TCampaignFormValues;
  draftKey: string;
  restored?: TWizardDraft | null;
}) {
  const navigate = useNavigate();
  const save = useSaveCampaign();
  const spaces = useMarketplaceAdSpaces();
  const [stepIndex, setStepIndex] = useState(() =>
    Math.min(restored?.stepIndex ?? 0, WIZARD_STEPS.length - 1),
  );
  const [savedId, setSavedId] = useState<string | null>(campaign?.id ?? null);
  const [choices, setChoices] = useState(() => {
    const map = initialChoices(campaign);
    for (const choice of restored?.choices ?? []) map.set(choice.id, choice);
    return map;
  });
  const [pending, setPending] = useState<'draft' | 'submit' | null>(null);
  const [restoredAt, setRestoredAt] = useState(restored?.savedAt ?? null);
  const {
    control,
    register,
    handleSubmit,
    trigger,
    getValues,
    setError,
    reset,
    formState: { errors },
  } = useForm<TCampaignFormValues, unknown, TBody>({
    resolver: zodResolver(ZCampaignForm),
    defaultValues: restored?.values ?? defaultValues,
    // Checked as the person types, not on blur: an error that vanishes on blur moves the next
    // control under the pointer between press and release, and the click is lost.
    mode: 'onChange',
  });
  const values = useWatch({ control }) as TCampaignFormValues;
  const targeting = targetingOf(values);

  // The draft follows every change; an untouched wizard stores nothing (a new campaign's dates
  // would otherwise come back stale). Saving clears it before leaving (`isLeaving`).
  const untouched = useRef(JSON.stringify({ values, stepIndex }));
  const isLeaving = useRef(false);
  useEffect(() => {
    if (isLeaving.current) return;
    const snapshot = JSON.stringify({ values, stepIndex });
    if (snapshot === untouched.current && restoredAt === null) return;
    untouched.current = '';
    const chosen = chosenCreatives(values.creativeIds, choices);
    writeWizardDraft(draftKey, { values, stepIndex, choices: chosen });
  }, [values, stepIndex, choices, draftKey, restoredAt]);

  const discard = () => {
    clearWizardDraft(draftKey);
    reset(defaultValues);
    setChoices(initialChoices(campaign));
    setStepIndex(0);
    setRestoredAt(null);
    untouched.current = JSON.stringify({ values: defaultValues, stepIndex: 0 });
    toast.success(campaign ? 'Your unsaved changes were discarded.' : 'The draft was discarded.');
  };
  const step = WIZARD_STEPS[stepIndex] ?? WIZARD_STEPS[0];
  const stepsWithErrors = new Set(stepsHolding(errors));

  const goTo = (index: number) =>
    setStepIndex(Math.max(0, Math.min(index, WIZARD_STEPS.length - 1)));
  const next = async () => {
    if (await trigger([...step.fields])) goTo(stepIndex + 1);
  };

  const onPicked = (items: TContentItem[]) =>
    setChoices((current) => {
      const map = new Map(current);
      for (const item of items) map.set(item.id, creativeChoiceOf(item));
      return map;
    });

  const saveAs = (submit: boolean) =>
    handleSubmit(
      async (body) => {
        setPending(submit ? 'submit' : 'draft');
        try {
          const saved = await save.mutateAsync({ id: savedId, body, submit });
          isLeaving.current = true;
          clearWizardDraft(draftKey);
          toast.success(
            submit
              ? `“${saved.name}” was sent for review.`
              : `“${saved.name}” was saved as a draft.`,
          );
          void navigate(overviewPath(saved.id));
        } catch (error) {
          if (error instanceof SubmitAfterSaveError) {
            setSavedId(error.campaign.id);
            toast.error(`Saved as a draft, but not sent for review: ${errorMessage(error.cause)}`);
            setError('root', { message: errorMessage(error.cause) });
            return;
          }
          showSaveError(error, getValues(), setError);
        } finally {
          setPending(null);
        }
      },
      (invalid) => {
        const first = stepsHolding(invalid)[0];
        if (first !== undefined) goTo(first);
        toast.error('Some steps need attention before the campaign can be saved.');
      },
    );

  const isReview = step.id === 'review';
  // A rejected campaign stays rejected until it is sent again: its save is no draft.
  const saveLabel = campaign?.state === 'rejected' ? 'Save changes' : 'Save draft';
  const showsEstimate = step.id !== 'creatives' && step.id !== 'qr';

  return (
    <form
      noValidate
      // Enter in a field moves on a step; on the review it saves the draft (never submits).
      onSubmit={(event) => {
        if (isReview) void saveAs(false)(event);
        else {
          event.preventDefault();
          void next();
        }
      }}
      className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[13rem_minmax(0,1fr)_17rem] lg:items-start"
    >
      <CampaignWizardStepper current={stepIndex} stepsWithErrors={stepsWithErrors} onGo={goTo} />
      <Card className="grid gap-6 p-5 sm:p-6">
        {restoredAt !== null && (
          <Alert title="Restored what you typed">
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
              Your unsaved changes of {new Date(restoredAt).toLocaleString(DATE_LOCALE)} are back.
              <Button variant="link" className="h-auto p-0" onClick={discard}>
                Discard changes
              </Button>
            </span>
          </Alert>
        )}
        {errors.root?.message && <Alert tone="error">{errors.root.message}</Alert>}
        {step.id === 'creatives' && (
          <CreativesStep
            control={control}
            register={register}
            errors={errors}
            choices={choices}
            onPicked={onPicked}
          />
        )}
        {step.id === 'targeting' && <TargetingStep control={control} spaces={spaces} />}
        {step.id === 'schedule' && (
          <ScheduleStep control={control} register={register} errors={errors} />
        )}
        {step.id === 'budget' && (
          <BudgetStep control={control} register={register} errors={errors} spaces={spaces} />
        )}
        {step.id === 'qr' && <QrStep register={register} errors={errors} />}
        {(step.id === 'creatives' || step.id === 'targeting' || isReview) && (
          <CreativeFitWarning
            creatives={chosenCreatives(values.creativeIds, choices)}
            spaces={spaces.data}
            targeting={targeting}
          />
        )}
        {isReview && (
          <ReviewStep
            control={control}
            choices={choices}
            spaces={spaces}
            onEdit={(id) => goTo(WIZARD_STEPS.findIndex((candidate) => candidate.id === id))}
          />
        )}
        <div className="flex flex-col-reverse gap-2 border-t border-border pt-5 sm:flex-row sm:items-center">
          {stepIndex > 0 && (
            <Button variant="outline" onClick={() => goTo(stepIndex - 1)}>
              Back
            </Button>
          )}
          <div className="flex flex-col-reverse gap-2 sm:ml-auto sm:flex-row">
            <Button
              variant={isReview ? 'outline' : 'ghost'}
              isPending={pending === 'draft'}
              disabled={pending !== null}
              onClick={() => void saveAs(false)()}
            >
              {saveLabel}
            </Button>
            {isReview ? (
              <Button
                isPending={pending === 'submit'}
                disabled={pending !== null}
                onClick={() => void saveAs(true)()}
              >
                Submit for review
              </Button>
            ) : (
              <Button type="submit">Next</Button>
            )}
          </div>
        </div>
      </Card>
      {showsEstimate && (
        <Card className="p-4 lg:sticky lg:top-20">
          <ReachEstimate spaces={spaces} input={forecastInputOf(values)} />
        </Card>
      )}
    </form>
  );
}
