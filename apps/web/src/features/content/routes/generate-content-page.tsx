import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm, type Path, type PathValue } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ImagePlus, Save, X } from 'lucide-react';
import { toast } from '@/lib/toast';
import type { TContentItem } from '@screenline/shared/content';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { usePageTitle } from '@/hooks/use-page-title';
import { cn } from '@/lib/utils';
import { ContentThumbnail } from '@/features/content/components/content-thumbnail';
import { CreativePreview } from '@/features/content/components/creative-preview';
import { ImagePickerDialog } from '@/features/content/components/image-picker-dialog';
import { useUploads } from '@/features/content/hooks/use-uploads';
import {
  checkGeneratorForm,
  creativeNameOf,
  creativeOf,
  DEFAULT_GENERATOR_FORM,
  ZGeneratorForm,
  MAX_CTA,
  MAX_HEADLINE,
  MAX_SUBLINE,
  type TGeneratorForm,
} from '@/features/content/generator/generator-form';
import {
  MAX_DIMENSION,
  MIN_DIMENSION,
  SIZE_PRESETS,
  type TSizePresetId,
} from '@/features/content/generator/layout';
import {
  qrMatrixFor,
  renderCreativePng,
  type TCreativeImage,
  type TQrMatrix,
} from '@/features/content/generator/render-creative';
import { isTemplateId, TEMPLATES } from '@/features/content/generator/templates';
import { uploadErrorMessage } from '@/features/content/utils/upload-rules';
import { formatDimensions } from '@/features/content/utils/format';
import { paths } from '@/lib/paths';

const SIZE_IDS: readonly TSizePresetId[] = [...SIZE_PRESETS.map((preset) => preset.id), 'custom'];

function isSizeId(value: string): value is TSizePresetId {
  return SIZE_IDS.some((id) => id === value);
}

/** A decoded library image for the canvas; same-origin, so the canvas stays exportable. */
function useLibraryImage(item: TContentItem | null): {
  image: TCreativeImage | null;
  isLoading: boolean;
  error: string | null;
} {
  const url = item?.mediaUrl ?? null;
  const [loaded, setLoaded] = useState<{ url: string; image: TCreativeImage } | null>(null);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!url) return undefined;
    let isCurrent = true;
    const element = new Image();
    element.decoding = 'async';
    element.src = url;
    element
      .decode()
      .then(() => {
        if (!isCurrent) return;
        setLoaded({
          url,
          image: { source: element, width: element.naturalWidth, height: element.naturalHeight },
        });
      })
      .catch(() => {
        if (isCurrent) setFailedUrl(url);
      });
    return () => {
      isCurrent = false;
    };
  }, [url]);

  if (!url) return { image: null, isLoading: false, error: null };
  if (failedUrl === url) {
    return {
      image: null,
      isLoading: false,
      error: 'This image could not be loaded. Pick another.',
    };
  }
  const image = loaded?.url === url ? loaded.image : null;
  return { image, isLoading: image === null, error: null };
}

function ColorField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <input
        id={id}
        type="color"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-value`}
        className="h-10 w-full cursor-pointer rounded-lg border border-input bg-surface p-1 shadow-xs"
      />
      <span id={`${id}-value`} className="font-mono text-xs text-muted-foreground uppercase">
        {value}
      </span>
    </div>
  );
}

/** A custom width or height in pixels. */
function DimensionField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <FormField label={label} error={error}>
      {(field) => (
        <Input
          {...field}
          type="number"
          inputMode="numeric"
          min={MIN_DIMENSION}
          max={MAX_DIMENSION}
          step={1}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-0 sm:pt-5">
        <CardTitle className="text-sm">{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 pt-4 sm:pt-4">{children}</CardContent>
    </Card>
  );
}

/** /content/generate: a creative from a template, previewed live and saved to the library. */
export function GenerateContentPage() {
  usePageTitle('Creative generator');
  const navigate = useNavigate();
  const uploads = useUploads();
  // react-hook-form like every other form; the controls stay controlled because the preview
  // redraws from every keystroke (watch), and the schema runs checkGeneratorForm.
  const {
    watch,
    setValue,
    handleSubmit,
    formState: { errors, isSubmitted, isSubmitting: isSaving },
  } = useForm<TGeneratorForm>({
    resolver: zodResolver(ZGeneratorForm),
    defaultValues: DEFAULT_GENERATOR_FORM,
  });
  const form = watch();
  const [backgroundItem, setBackgroundItem] = useState<TContentItem | null>(null);
  const [isPickerOpen, setIsPickerOpen] = useState(false);
  const background = useLibraryImage(backgroundItem);

  const liveErrors = checkGeneratorForm(form);
  const creative = creativeOf(form);
  const qrUrl = form.hasQr && !liveErrors.qrUrl ? form.qrUrl.trim() : null;
  const qr = useMemo<TQrMatrix | null>(() => {
    if (!qrUrl) return null;
    try {
      return qrMatrixFor(qrUrl);
    } catch {
      return null;
    }
  }, [qrUrl]);

  // A custom size is checked as it is typed; other fields once a save was tried.
  const set = <TKey extends Path<TGeneratorForm>>(
    key: TKey,
    value: PathValue<TGeneratorForm, TKey>,
  ) =>
    setValue(key, value, {
      shouldDirty: true,
      shouldValidate: isSubmitted || key === 'customWidth' || key === 'customHeight',
    });
  const setColor = (key: keyof TGeneratorForm['colors'], value: string) =>
    setValue(`colors.${key}`, value, { shouldDirty: true });

  const save = handleSubmit(
    async () => {
      await saveCreative();
    },
    () => toast.error('Check the highlighted fields first.'),
  );

  const saveCreative = async () => {
    try {
      const png = await renderCreativePng(creative, { image: background.image, qr });
      const file = new File([png], `creative-${creative.width}x${creative.height}.png`, {
        type: 'image/png',
        lastModified: Date.now(),
      });
      const item = await uploads.add(file, {
        name: creativeNameOf(form),
        info: { kind: 'image', width: creative.width, height: creative.height },
      });
      toast.success('Saved to your library', {
        description: `“${item.name}” is ready for playlists and campaigns.`,
        action: { label: 'View in library', onClick: () => void navigate(paths.content.library) },
      });
    } catch (error) {
      toast.error(
        error instanceof Error && !('code' in error) ? error.message : uploadErrorMessage(error),
      );
    }
  };

  return (
    <>
      <PageHeader
        title="Creative generator"
        description="Make an image for your screens from a template: your words, colours and image, with an optional QR code."
        actions={
          <Button variant="outline" asChild>
            <Link to={paths.content.library}>
              <ArrowLeft aria-hidden />
              Back to library
            </Link>
          </Button>
        }
      />

      {/* Side by side only from 1280 px: below that the preview column cannot shrink enough
          beside the sidebar and the form, so the preview sits above the form. */}
      <div className="grid items-start gap-6 xl:grid-cols-[22rem_minmax(0,1fr)]">
        <section aria-label="Preview" className="grid min-w-0 gap-3 xl:sticky xl:top-22 xl:order-2">
          <div className="rounded-xl border border-border bg-surface-muted/60 p-3 sm:p-5">
            <CreativePreview
              creative={creative}
              image={background.image}
              qr={qr}
              label={`Preview: ${form.headline || 'creative'}, ${formatDimensions(creative.width, creative.height)}`}
            />
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground tabular-nums">
              {formatDimensions(creative.width, creative.height)} px · PNG
            </p>
            <Button
              onClick={() => void save()}
              isPending={isSaving}
              disabled={background.isLoading}
            >
              {!isSaving && <Save aria-hidden />}
              {isSaving ? 'Saving…' : 'Save to library'}
            </Button>
          </div>
        </section>

        <div className="grid min-w-0 gap-4 xl:order-1">
          <Section title="Template">
            <div role="radiogroup" aria-label="Template" className="grid grid-cols-2 gap-2">
              {TEMPLATES.map((template) => {
                const isChecked = template.id === form.templateId;
                return (
                  <label
                    key={template.id}
                    className={cn(
                      'grid cursor-pointer gap-0.5 rounded-lg border p-3 text-sm transition-colors has-focus-visible:outline-2 has-focus-visible:outline-ring',
                      isChecked
                        ? 'border-primary bg-primary-soft text-primary-soft-foreground'
                        : 'border-border hover:bg-surface-muted',
                    )}
                  >
                    <input
                      type="radio"
                      name="template"
                      value={template.id}
                      checked={isChecked}
                      onChange={(event) => {
                        if (isTemplateId(event.target.value)) set('templateId', event.target.value);
                      }}
                      className="sr-only"
                    />
                    <span className="font-medium">{template.name}</span>
                    <span
                      className={cn('text-xs', isChecked ? 'opacity-90' : 'text-muted-foreground')}
                    >
                      {template.description}
                    </span>
                  </label>
                );
              })}
            </div>
          </Section>

          <Section title="Size">
            <FormField label="Screen size">
              {(field) => (
                <Select
                  {...field}
                  value={form.sizeId}
                  onChange={(event) => {
                    if (isSizeId(event.target.value)) set('sizeId', event.target.value);
                  }}
                >
                  {SIZE_PRESETS.map((preset) => (
                    <option key={preset.id} value={preset.id}>
                      {preset.label} ({formatDimensions(preset.width, preset.height)})
                    </option>
                  ))}
                  <option value="custom">Custom size</option>
                </Select>
              )}
            </FormField>
            {form.sizeId === 'custom' && (
              <div className="grid grid-cols-2 gap-3">
                <DimensionField
                  label="Width (px)"
                  value={form.customWidth}
                  error={errors.customWidth?.message}
                  onChange={(value) => set('customWidth', value)}
                />
                <DimensionField
                  label="Height (px)"
                  value={form.customHeight}
                  error={errors.customHeight?.message}
                  onChange={(value) => set('customHeight', value)}
                />
              </div>
            )}
          </Section>

          <Section title="Text">
            <FormField label="Headline" error={errors.headline?.message}>
              {(field) => (
                <Input
                  {...field}
                  value={form.headline}
                  maxLength={MAX_HEADLINE}
                  onChange={(event) => set('headline', event.target.value)}
                />
              )}
            </FormField>
            <FormField label="Subline" hint="Optional.">
              {(field) => (
                <Textarea
                  {...field}
                  value={form.subline}
                  maxLength={MAX_SUBLINE}
                  rows={2}
                  className="min-h-20"
                  onChange={(event) => set('subline', event.target.value)}
                />
              )}
            </FormField>
            <FormField
              label="Call to action"
              hint={
                form.templateId === 'promo-badge'
                  ? 'Shown in the badge: an offer or a price, e.g. “−30 %” or “€4.90”.'
                  : form.templateId === 'minimal-qr' && form.hasQr
                    ? 'Shown under the QR code, e.g. “Scan to order”.'
                    : 'Optional, e.g. “Order now”.'
              }
            >
              {(field) => (
                <Input
                  {...field}
                  value={form.cta}
                  maxLength={MAX_CTA}
                  onChange={(event) => set('cta', event.target.value)}
                />
              )}
            </FormField>
          </Section>

          <Section title="Colours">
            <div className="grid grid-cols-3 gap-3">
              <ColorField
                label="Background"
                value={form.colors.background}
                onChange={(value) => setColor('background', value)}
              />
              <ColorField
                label="Text"
                value={form.colors.text}
                onChange={(value) => setColor('text', value)}
              />
              <ColorField
                label="Accent"
                value={form.colors.accent}
                onChange={(value) => setColor('accent', value)}
              />
            </div>
          </Section>

          <Section title="Background image">
            {backgroundItem ? (
              <div className="flex items-center gap-3">
                <span className="block aspect-video w-24 shrink-0 overflow-hidden rounded-md border border-border">
                  <ContentThumbnail item={backgroundItem} iconClassName="size-4" />
                </span>
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <p className="truncate text-sm font-medium">{backgroundItem.name}</p>
                  <p className="text-xs text-muted-foreground tabular-nums">
                    {background.isLoading
                      ? 'Loading…'
                      : formatDimensions(backgroundItem.width, backgroundItem.height)}
                  </p>
                </div>
                <Button variant="outline" size="sm" onClick={() => setIsPickerOpen(true)}>
                  Change
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label="Remove background image"
                  onClick={() => setBackgroundItem(null)}
                >
                  <X aria-hidden />
                </Button>
              </div>
            ) : (
              <Button variant="outline" onClick={() => setIsPickerOpen(true)}>
                <ImagePlus aria-hidden />
                Choose from your library
              </Button>
            )}
            {background.error && <Alert tone="error">{background.error}</Alert>}
          </Section>

          <Section title="QR code">
            <label className="flex cursor-pointer items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                checked={form.hasQr}
                onChange={(event) => set('hasQr', event.target.checked)}
                className="size-4 cursor-pointer accent-primary"
              />
              Add a QR code to a web page
            </label>
            {form.hasQr && (
              <FormField
                label="Web address"
                hint="People who scan the code open this page."
                error={errors.qrUrl?.message}
              >
                {(field) => (
                  <Input
                    {...field}
                    type="url"
                    inputMode="url"
                    autoComplete="url"
                    value={form.qrUrl}
                    onChange={(event) => set('qrUrl', event.target.value)}
                  />
                )}
              </FormField>
            )}
          </Section>
        </div>
      </div>

      <ImagePickerDialog
        open={isPickerOpen}
        onOpenChange={setIsPickerOpen}
        selectedId={backgroundItem?.id ?? null}
        onSelect={setBackgroundItem}
      />
    </>
  );
}
