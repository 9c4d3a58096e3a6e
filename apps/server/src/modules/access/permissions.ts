import type { TActor, TPrincipal } from '../../lib/actor';

/** Resources whose ids a permission checks for ownership; each has an owner lookup. */
export type TResource =
  | 'content'
  | 'location'
  | 'adSpace'
  | 'playlist'
  | 'scheduleEntry'
  | 'screenGroup'
  | 'campaign'
  | 'monetizationRequest'
  | 'device'
  | 'takeover';

/** What a resource is called in a 404, so the message reads naturally. */
export const RESOURCE_NAMES: Record<TResource, string> = {
  content: 'That content item',
  location: 'That location',
  adSpace: 'That ad space',
  playlist: 'That playlist',
  scheduleEntry: 'That schedule entry',
  screenGroup: 'That screen group',
  campaign: 'That campaign',
  monetizationRequest: 'That monetization request',
  device: 'That TV',
  takeover: 'That takeover',
};

/** Screen owners hold the advertiser role (SPEC §6: /advertiser/* is where they run screens). */
const SCREEN_OWNERS = ['advertiser'] as const;
/** Ad buyers hold the publisher role (SPEC §6: /publisher/* is where they run campaigns). */
const AD_BUYERS = ['publisher'] as const;

export interface TRule {
  /** The kinds of principal that may act at all (anyone else: 403). */
  principals: readonly TPrincipal['kind'][];
  /** Users must hold one of these roles (super-users too: a role is what they do, not rank). */
  roles?: readonly NonNullable<TActor['role']>[];
  /** Only super-users may act. */
  superUserOnly?: boolean;
  /** Super-users pass a `roles` check too (they review what that role sends them). */
  superUsersToo?: boolean;
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
  // Screen owners (issue 7). Lists and creates name no id; a create's referenced ids (a location,
  // a playlist) are checked with the matching `.read` permission in the same service call.
  'location.list': { principals: ['user'], roles: SCREEN_OWNERS },
  'location.create': { principals: ['user'], roles: SCREEN_OWNERS },
  'location.read': { principals: ['user'], roles: SCREEN_OWNERS, resource: 'location' },
  'location.update': { principals: ['user'], roles: SCREEN_OWNERS, resource: 'location' },
  'location.delete': { principals: ['user'], roles: SCREEN_OWNERS, resource: 'location' },
  'adSpace.list': { principals: ['user'], roles: SCREEN_OWNERS },
  'adSpace.create': { principals: ['user'], roles: SCREEN_OWNERS },
  'adSpace.read': { principals: ['user'], roles: SCREEN_OWNERS, resource: 'adSpace' },
  'adSpace.update': { principals: ['user'], roles: SCREEN_OWNERS, resource: 'adSpace' },
  'adSpace.delete': { principals: ['user'], roles: SCREEN_OWNERS, resource: 'adSpace' },
  'playlist.list': { principals: ['user'], roles: SCREEN_OWNERS },
  'playlist.create': { principals: ['user'], roles: SCREEN_OWNERS },
  'playlist.read': { principals: ['user'], roles: SCREEN_OWNERS, resource: 'playlist' },
  'playlist.update': { principals: ['user'], roles: SCREEN_OWNERS, resource: 'playlist' },
  'playlist.delete': { principals: ['user'], roles: SCREEN_OWNERS, resource: 'playlist' },
  'scheduleEntry.list': { principals: ['user'], roles: SCREEN_OWNERS },
  'scheduleEntry.create': { principals: ['user'], roles: SCREEN_OWNERS },
  'scheduleEntry.read': { principals: ['user'], roles: SCREEN_OWNERS, resource: 'scheduleEntry' },
  'scheduleEntry.update': {
    principals: ['user'],
    roles: SCREEN_OWNERS,
    resource: 'scheduleEntry',
  },
  'scheduleEntry.delete': {
    principals: ['user'],
    roles: SCREEN_OWNERS,
    resource: 'scheduleEntry',
  },
  // Screen groups (issue 23 item 1). A bulk change to ad spaces requires `adSpace.update` on
  // every space it names: one of another owner's makes the whole call "not found".
  'screenGroup.list': { principals: ['user'], roles: SCREEN_OWNERS },
  'screenGroup.create': { principals: ['user'], roles: SCREEN_OWNERS },
  'screenGroup.read': { principals: ['user'], roles: SCREEN_OWNERS, resource: 'screenGroup' },
  'screenGroup.update': { principals: ['user'], roles: SCREEN_OWNERS, resource: 'screenGroup' },
  'screenGroup.delete': { principals: ['user'], roles: SCREEN_OWNERS, resource: 'screenGroup' },
  // Screen alerts (issue 23 item 4): the owner's own settings and incidents, no ids.
  'alerts.read': { principals: ['user'], roles: SCREEN_OWNERS },
  'alerts.update': { principals: ['user'], roles: SCREEN_OWNERS },
  // The TV player (issue 8). Setup runs as the owner's session (the TV signed in as them); the
  // device token it hands out is a principal of its own, limited to its one ad space.
  // A TV lists them with its owner's session (password sign-in), its pairing grant (QR pairing)
  // or, to change its ad space, its own device token (issue 18: a menu action needs no sign-in).
  'player.adSpaces.list': { principals: ['user', 'pairing', 'device'], roles: SCREEN_OWNERS },
  'player.device.register': {
    principals: ['user', 'pairing'],
    roles: SCREEN_OWNERS,
    resource: 'adSpace',
  },
  // A set-up TV binds itself to another of its owner's ad spaces (the service checks the space).
  'player.device.rebind': { principals: ['device'] },
  // /pair: the TV behind a code the user claimed (issue 18 item 1).
  'pairing.read': { principals: ['user'] },
  // The owner's TVs on the web (issue 18 item 2).
  'devices.list': { principals: ['user'], roles: SCREEN_OWNERS },
  'devices.revoke': { principals: ['user'], roles: SCREEN_OWNERS, resource: 'device' },
  'player.device.read': { principals: ['device'] },
  'player.adSpace.read': { principals: ['device'], resource: 'adSpace' },
  'player.device.sign-out': { principals: ['device'] },
  // Proof of play: a TV sends its plays (for its own ad space only: the service checks each).
  'player.impressions.write': { principals: ['device'] },

  // The TV's own ad space is implied by its token: no id to look up, so a cached manifest is
  // answered without the database.
  'player.manifest.read': { principals: ['device'] },
  'player.events.read': { principals: ['device'] },
  'player.heartbeat.write': { principals: ['device'] },

  // Running many screens (issue 23 items 2, 3, 6; modules/fleet). Commands name ad spaces, TVs
  // and screen groups (three checks in one call, groups with `screenGroup.read`, as a takeover's
  // groups); a TV acknowledges only its own commands and shows only its own space's takeover
  // (the repository matches the device: another's is a 404).
  'commands.send': { principals: ['user'], roles: SCREEN_OWNERS, resource: 'adSpace' },
  'commands.sendToDevices': { principals: ['user'], roles: SCREEN_OWNERS, resource: 'device' },
  'commands.list': { principals: ['user'], roles: SCREEN_OWNERS, resource: 'adSpace' },
  'screenshots.read': { principals: ['user'], roles: SCREEN_OWNERS, resource: 'adSpace' },
  // The newest screenshot of each of the caller's own spaces: no id to check.
  'screenshots.list': { principals: ['user'], roles: SCREEN_OWNERS },
  'player.commands.ack': { principals: ['device'] },
  'player.screenshot.write': { principals: ['device'] },
  // The image and playlist named are checked with `content.read` and `playlist.read`.
  'takeover.start': { principals: ['user'], roles: SCREEN_OWNERS, resource: 'adSpace' },
  'takeover.list': { principals: ['user'], roles: SCREEN_OWNERS },
  'takeover.end': { principals: ['user'], roles: SCREEN_OWNERS, resource: 'takeover' },
  'player.takeover.ack': { principals: ['device'] },

  // The marketplace (issue 9). Every signed-in user has a wallet (SPEC §6: /wallet is for both
  // roles); payouts are of earnings, so for screen owners.
  'wallet.read': { principals: ['user'] },
  'wallet.top-up': { principals: ['user'] },
  'wallet.payout': { principals: ['user'], roles: SCREEN_OWNERS },
  // Owners' grouped ad earnings (issue 22 item 6).
  'wallet.earnings': { principals: ['user'], roles: SCREEN_OWNERS },
  'platformSettings.read': { principals: ['user'] },
  'monetization.list': { principals: ['user'], roles: SCREEN_OWNERS },
  // The ad space named is checked with `adSpace.read` in the same call.
  'monetization.create': { principals: ['user'], roles: SCREEN_OWNERS },
  'monetization.withdraw': {
    principals: ['user'],
    roles: SCREEN_OWNERS,
    resource: 'monetizationRequest',
  },
  'earnings.read': { principals: ['user'], roles: SCREEN_OWNERS },
  // Owner approval (issue 22 item 1): each space's policy, the queue of campaigns on the owner's
  // spaces (other buyers' campaigns, read for review), and decisions per space.
  'approvals.policy.read': { principals: ['user'], roles: SCREEN_OWNERS },
  'approvals.policy.update': { principals: ['user'], roles: SCREEN_OWNERS, resource: 'adSpace' },
  'approvals.queue.read': { principals: ['user'], roles: SCREEN_OWNERS },
  'approvals.decide': { principals: ['user'], roles: SCREEN_OWNERS, resource: 'adSpace' },
  // Super-users see it too: a campaign's review shows the screens it would reach.
  'marketplace.adSpaces.list': { principals: ['user'], roles: AD_BUYERS, superUsersToo: true },
  'campaign.list': { principals: ['user'], roles: AD_BUYERS },
  // Creatives named are checked with `content.read` in the same call.
  'campaign.create': { principals: ['user'], roles: AD_BUYERS },
  'campaign.read': { principals: ['user'], roles: AD_BUYERS, resource: 'campaign' },
  'campaign.update': { principals: ['user'], roles: AD_BUYERS, resource: 'campaign' },
  'campaign.delete': { principals: ['user'], roles: AD_BUYERS, resource: 'campaign' },
  /** submit, pause, resume, cancel. */
  'campaign.transition': { principals: ['user'], roles: AD_BUYERS, resource: 'campaign' },
  // Super-users (SPEC §6: /admin/*). A super-user acts on anyone's requests: no ownership.
  'admin.platformSettings.update': { principals: ['user'], superUserOnly: true },
  'admin.ledger.audit': { principals: ['user'], superUserOnly: true },
  'admin.proofOfPlay.read': { principals: ['user'], superUserOnly: true },
  'admin.auditLog.read': { principals: ['user'], superUserOnly: true },
  'admin.topUps.review': { principals: ['user'], superUserOnly: true },
  'admin.payouts.review': { principals: ['user'], superUserOnly: true },
  // Anyone's PDF receipt (issue 22 item 4); a user reads their own with wallet.read.
  'admin.receipts.read': { principals: ['user'], superUserOnly: true },
  'admin.campaigns.review': { principals: ['user'], superUserOnly: true },
  'admin.monetization.review': { principals: ['user'], superUserOnly: true },
  'admin.adPlaylists.read': { principals: ['user'], superUserOnly: true },
  'admin.adPlaylists.update': { principals: ['user'], superUserOnly: true },
  // Contact messages (issue 10 item 2): super-users are the support team.
  'admin.contactMessages.read': { principals: ['user'], superUserOnly: true },
  'admin.contactMessages.update': { principals: ['user'], superUserOnly: true },
} as const satisfies Record<string, TRule>;

export type TPermission = keyof typeof PERMISSIONS;

/** The principal a permission admits, so a service gets back the narrowed type it checked. */
export type TPrincipalFor<P extends TPermission> = Extract<
  TPrincipal,
  { kind: (typeof PERMISSIONS)[P]['principals'][number] }
>;
