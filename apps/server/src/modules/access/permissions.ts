import type { TActor, TPrincipal } from '../../lib/actor';

/** Resources whose ids a permission checks for ownership; each has an owner lookup. */
export type TResource = 'content';

/** What a resource is called in a 404, so the message reads naturally. */
export const RESOURCE_NAMES: Record<TResource, string> = {
  content: 'That content item',
};

export interface TRule {
  /** The kinds of principal that may act at all (anyone else: 403). */
  principals: readonly TPrincipal['kind'][];
  /** Users must hold one of these roles (super-users too: a role is what they do, not rank). */
  roles?: readonly NonNullable<TActor['role']>[];
  /** Only super-users may act. */
  superUserOnly?: boolean;
  /** The ids named with the permission are of this resource and must belong to the principal. */
  resource?: TResource;
}

/**
 * Who may do what. Every service's first line names one of these. A new resource adds its
 * permissions here, so the whole policy reads in one table.
 *
 * Content is open to any signed-in user, with or without a role: both roles keep a library
 * (SPEC §6: /content is outside /advertiser and /publisher), and sign-up comes before the role.
 */
export const PERMISSIONS = {
  'profile.read': { principals: ['user'] },
  'profile.update': { principals: ['user'] },
  'content.list': { principals: ['user'] },
  'content.create': { principals: ['user'] },
  // A TV reads its owner's content to play it.
  'content.read': { principals: ['user', 'device'], resource: 'content' },
  'content.update': { principals: ['user'], resource: 'content' },
  'content.delete': { principals: ['user'], resource: 'content' },
  'analytics.read-all': { principals: ['user'], superUserOnly: true },
} as const satisfies Record<string, TRule>;

export type TPermission = keyof typeof PERMISSIONS;

/** The principal a permission admits, so a service gets back the narrowed type it checked. */
export type TPrincipalFor<P extends TPermission> = Extract<
  TPrincipal,
  { kind: (typeof PERMISSIONS)[P]['principals'][number] }
>;
