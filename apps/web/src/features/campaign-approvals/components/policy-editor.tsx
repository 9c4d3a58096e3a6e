import { useId, useState } from 'react';
import { X } from 'lucide-react';
import {
  AD_CATEGORIES,
  AD_CATEGORY_LABELS,
  type TAdCategory,
} from '@screenline/shared/ad-category';
import {
  APPROVAL_MODE_LABELS,
  APPROVAL_MODES,
  type TApprovalMode,
  type TApprovalPolicy,
} from '@screenline/shared/approval';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSaveApprovalPolicy } from '@/features/campaign-approvals/api/save-approval-policy';

type TAdvertiser = { id: string; name: string };

const MODE_HINTS: Record<TApprovalMode, string> = {
  review:
    'Each campaign waits for you on this page. Decide within 48 hours of its approval by the platform: after that it runs on other screens instead.',
  rules:
    'Campaigns play unless your rules below block them. Nothing waits for you; blocked ones are listed as declined.',
  platform: 'Every campaign a super-user approved plays here. This is how screens worked before.',
};

function AdvertiserList({
  label,
  advertisers,
  onRemove,
}: {
  label: string;
  advertisers: readonly TAdvertiser[];
  onRemove: (id: string) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <p className="text-sm font-medium">{label}</p>
      {advertisers.length === 0 ? (
        <p className="text-sm text-muted-foreground">None.</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {advertisers.map((advertiser) => (
            <li
              key={advertiser.id}
              className="flex items-center gap-1 rounded-full border border-border py-0.5 pr-1 pl-3 text-sm"
            >
              {advertiser.name}
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${advertiser.name} from ${label.toLowerCase()}`}
                onClick={() => onRemove(advertiser.id)}
              >
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * One ad space's approval policy (issue 22 item 1): the mode, and in rules mode the blocked
 * categories and the advertiser block and allow lists. Advertisers are picked from those whose
 * campaigns reached the owner's screens (`known`). Saved whole.
 */
export function PolicyEditor({
  policy,
  known,
}: {
  policy: TApprovalPolicy;
  known: readonly TAdvertiser[];
}) {
  const id = useId();
  const save = useSaveApprovalPolicy();
  const [mode, setMode] = useState<TApprovalMode>(policy.mode);
  const [categories, setCategories] = useState<TAdCategory[]>(policy.blockedCategories);
  const [blocked, setBlocked] = useState<TAdvertiser[]>(policy.blockedAdvertisers);
  const [allowed, setAllowed] = useState<TAdvertiser[]>(policy.allowedAdvertisers);
  const [picked, setPicked] = useState('');
  const listed = new Set([...blocked, ...allowed].map((advertiser) => advertiser.id));
  const pickable = known.filter((advertiser) => !listed.has(advertiser.id));
  const pickedAdvertiser = pickable.find((advertiser) => advertiser.id === picked);

  const onSave = () =>
    save.mutate(
      {
        adSpaceId: policy.adSpaceId,
        body: {
          mode,
          blockedCategories: categories,
          blockedAdvertiserIds: blocked.map((advertiser) => advertiser.id),
          allowedAdvertiserIds: allowed.map((advertiser) => advertiser.id),
        },
      },
      { onSuccess: () => toast.success(`Approval for ${policy.adSpaceName} saved.`) },
    );

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{policy.adSpaceName}</CardTitle>
        <CardDescription>How campaigns are approved on this screen.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <fieldset className="grid gap-2">
          <legend className="mb-1.5 text-sm font-medium">Approval</legend>
          {APPROVAL_MODES.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer gap-3 rounded-lg border border-input p-3 text-sm has-checked:border-primary has-checked:bg-primary-soft has-focus-visible:outline-2 has-focus-visible:outline-ring"
            >
              <input
                type="radio"
                name={`${id}-mode`}
                value={value}
                checked={mode === value}
                onChange={() => setMode(value)}
                className="mt-0.5 size-4 accent-(--color-primary)"
              />
              <span className="grid gap-0.5">
                <span className="font-medium">{APPROVAL_MODE_LABELS[value]}</span>
                <span className="text-muted-foreground">{MODE_HINTS[value]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {mode === 'rules' && (
          <>
            <fieldset className="grid gap-2">
              <legend className="mb-1.5 text-sm font-medium">Blocked categories</legend>
              <p className="-mt-1 text-xs text-muted-foreground">
                The advertiser states one when submitting; a super-user checks it. A campaign with
                no category is blocked while any category is.
              </p>
              <div className="flex flex-wrap gap-2">
                {AD_CATEGORIES.map((category) => (
                  <label
                    key={category}
                    className="flex cursor-pointer items-center gap-2 rounded-lg border border-input px-3 py-2 text-sm has-checked:border-primary has-checked:bg-primary-soft has-focus-visible:outline-2 has-focus-visible:outline-ring"
                  >
                    <input
                      type="checkbox"
                      className="size-4 accent-(--color-primary)"
                      checked={categories.includes(category)}
                      onChange={() =>
                        setCategories((current) =>
                          current.includes(category)
                            ? current.filter((value) => value !== category)
                            : AD_CATEGORIES.filter(
                                (value) => value === category || current.includes(value),
                              ),
                        )
                      }
                    />
                    {AD_CATEGORY_LABELS[category]}
                  </label>
                ))}
              </div>
            </fieldset>
            <AdvertiserList
              label="Blocked advertisers"
              advertisers={blocked}
              onRemove={(gone) => setBlocked((current) => current.filter((a) => a.id !== gone))}
            />
            <AdvertiserList
              label="Only these advertisers (empty: any advertiser)"
              advertisers={allowed}
              onRemove={(gone) => setAllowed((current) => current.filter((a) => a.id !== gone))}
            />
            {pickable.length > 0 && (
              <div className="flex flex-wrap items-end gap-2">
                <div className="grid gap-1.5">
                  <label htmlFor={`${id}-advertiser`} className="text-sm font-medium">
                    Advertiser on your screens
                  </label>
                  <Select
                    id={`${id}-advertiser`}
                    value={picked}
                    onChange={(event) => setPicked(event.target.value)}
                  >
                    <option value="">Choose…</option>
                    {pickable.map((advertiser) => (
                      <option key={advertiser.id} value={advertiser.id}>
                        {advertiser.name}
                      </option>
                    ))}
                  </Select>
                </div>
                <Button
                  variant="outline"
                  disabled={!pickedAdvertiser}
                  onClick={() => {
                    if (pickedAdvertiser) setBlocked((current) => [...current, pickedAdvertiser]);
                    setPicked('');
                  }}
                >
                  Block
                </Button>
                <Button
                  variant="outline"
                  disabled={!pickedAdvertiser}
                  onClick={() => {
                    if (pickedAdvertiser) setAllowed((current) => [...current, pickedAdvertiser]);
                    setPicked('');
                  }}
                >
                  Allow only listed
                </Button>
              </div>
            )}
          </>
        )}
        {save.isError && <Alert tone="error">{errorMessage(save.error)}</Alert>}
        <div>
          <Button isPending={save.isPending} onClick={onSave}>
            Save approval for {policy.adSpaceName}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
