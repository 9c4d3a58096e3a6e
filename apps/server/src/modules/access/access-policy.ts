import { AppError, forbidden, twoFactorRequired, unauthenticated } from '../../lib/app-error';
import type { TPrincipal } from '../../lib/actor';
import {
  PERMISSIONS,
  RESOURCE_NAMES,
  type TPermission,
  type TPrincipalFor,
  type TResource,
  type TRule,
} from './permissions';

/**
 * Finds the owner of each id in one query. Ids that do not exist are simply absent from the map;
 * the lookup must not throw on an id of the wrong shape (the policy answers 404 for it).
 */
export type TOwnerLookup = (ids: readonly string[]) => Promise<Map<string, string>>;

/**
 * The one access policy (issue 6 item 1). Services call `requireAccess` as their first line:
 * anonymous → 401; a principal the permission does not admit (kind, role, super-user) → 403 with
 * a sentence saying who may; an id that does not exist or belongs to another owner → 404, the
 * same answer for both so that ids cannot be probed. Modules that own a resource register its
 * owner lookup through their own service, so this module never imports another's repository.
 */
export function createAccessPolicy() {
  const lookups = new Map<TResource, TOwnerLookup>();

  function registerOwnerLookup(resource: TResource, lookup: TOwnerLookup): void {
    if (lookups.has(resource)) throw new Error(`An owner lookup for ${resource} is registered.`);
    lookups.set(resource, lookup);
  }

  async function requireAccess<P extends TPermission>(
    principal: TPrincipal | null | undefined,
    permission: P,
    ids: readonly string[] = [],
  ): Promise<TPrincipalFor<P>> {
    if (!principal) throw unauthenticated();
    const rule: TRule = PERMISSIONS[permission];
    if (!isAdmitted<P>(principal, rule)) {
      // A super-user without two-factor sign-in is refused what only their super-user flag
      // would admit, with the code that sends them to enrol (issue 18 item 4).
      if (principal.kind === 'user' && principal.isSU && !principal.twoFactorEnabled) {
        if (isAdmitted<P>({ ...principal, twoFactorEnabled: true }, rule))
          throw twoFactorRequired();
      }
      throw forbidden(refusal(principal, rule));
    }
    if (rule.resource) await requireOwned(principal, rule.resource, ids);
    else if (ids.length > 0) throw new Error(`${permission} does not name a resource.`);
    return principal;
  }

  async function requireOwned(principal: TPrincipal, resource: TResource, ids: readonly string[]) {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    const lookup = lookups.get(resource);
    if (!lookup) throw new Error(`No owner lookup is registered for ${resource}.`);
    const owners = await lookup(unique);
    const ownerId = principal.kind === 'user' ? principal.id : principal.ownerId;
    // A TV reaches its owner's resources, but of ad spaces only its own one.
    const isReachable = (id: string) =>
      owners.get(id) === ownerId &&
      !(principal.kind === 'device' && resource === 'adSpace' && id !== principal.adSpaceId);
    const missing = unique.filter((id) => !isReachable(id));
    if (missing.length > 0) {
      throw new AppError(
        'not-found',
        `${RESOURCE_NAMES[resource]} was not found.`,
        ids.length > 1 ? { ids: missing } : undefined,
      );
    }
  }

  return { registerOwnerLookup, requireAccess };
}

export type TAccessPolicy = ReturnType<typeof createAccessPolicy>;

/** Narrows the principal by the rule's kinds; the caller's P ties the two together. */
function isAdmitted<P extends TPermission>(
  principal: TPrincipal,
  rule: TRule,
): principal is TPrincipalFor<P> {
  if (!rule.principals.includes(principal.kind)) return false;
  // A TV acts for its owner where a rule names TVs: the owner held the role when setting it up.
  if (principal.kind !== 'user') return !rule.superUserOnly;
  // Super-user powers need two-factor sign-in on (issue 18 item 4).
  const isSU = principal.isSU && principal.twoFactorEnabled;
  if (rule.superUserOnly && !isSU) return false;
  if (rule.superUsersToo && isSU) return true;
  if (rule.roles && !(principal.role && rule.roles.includes(principal.role))) return false;
  return true;
}

function refusal(principal: TPrincipal, rule: TRule): string {
  if (!rule.principals.includes(principal.kind))
    return principal.kind === 'user' ? 'Only a TV can do this.' : 'A TV cannot do this.';
  if (rule.superUserOnly) return 'Only super-users can do this.';
  if (rule.roles) {
    const who = rule.roles.map((role) => `${role}s`).join(' and ');
    return `Only ${who} can do this; choose your role first if you have not.`;
  }
  return 'You do not have access to this.';
}
