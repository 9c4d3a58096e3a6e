import type { InjectOptions } from 'fastify';
import type { TTestApp } from '../harness';
import type { TStorageUser } from '../storage-helpers';

/**
 * The authorization matrix's types (authorization-matrix.test.ts). Cases of the marketplace live
 * in this folder, one file per module, and the test puts them all together.
 */

export type TTarget = 'own' | 'foreign';

/**
 * Who may call a route. Screen owners hold the advertiser role: for their routes the wrong role
 * is a publisher; for ad-buyer routes (issue 9) a screen owner. A `device` route is called with a TV's device token (its request carries the
 * `authorization` header): without it the answer is 401, with the owner's session instead 403.
 * A `storage-user` route is the storage service's (`/v0/b/…`): called with the owner's storage
 * JWT in `authorization`; without it, or with the session cookie instead, the answer is 401.
 */
export type TAudience =
  'anyone' | 'signed-in' | 'super-user' | 'screen-owner' | 'ad-buyer' | 'device' | 'storage-user';

export interface TFixture {
  t: TTestApp;
  /** Owns the resources the cases act on. */
  owner: TStorageUser;
  /** Another user with resources of their own, for the 404 checks. */
  other: TStorageUser;
  admin: { cookie: string };
  /** A super-user who has not turned two-factor sign-in on: refused admin routes (issue 18). */
  adminWithoutTwoFactor: { cookie: string };
  /** Signed in with the publisher role: the wrong role for screen-owner routes. */
  publisher: { cookie: string };
  /**
   * Ad buyers (publishers) with libraries, for the marketplace's `ad-buyer` routes: `buyer` is
   * the caller, `otherBuyer` owns the foreign ids; a screen owner is the wrong role.
   */
  buyer: TStorageUser;
  otherBuyer: TStorageUser;
}

/**
 * A case's key is the route it checks, `METHOD url` as registered; a route with several
 * operations (the storage upload route) has one case per operation, keyed
 * `METHOD url (operation)`.
 */
export interface TCase {
  audience: TAudience;
  /** The status the admitted caller gets. */
  ok: number;
  /**
   * The request. `target` says whose resource its ids name: the caller's own, or another
   * owner's (the runner then expects 404). Routes without ids ignore it.
   */
  request(f: TFixture, target: 'own' | 'foreign'): Promise<InjectOptions>;
  /** The route names resource ids, so another owner's ids must answer 404. */
  hasIds?: boolean;
  /**
   * What another owner's ids answer instead of 404: the storage service answers 403, as the
   * Firebase protocol it speaks does (object names are the caller's own `users/{uid}/…` paths).
   */
  foreignStatus?: 403;
  /**
   * The TV credentials this screen-owner route admits besides the owner's session (issue 18): a
   * pairing grant (a QR-paired TV before setup) and the device token ("Change ad space"). Every
   * other route refuses both; the matrix checks it.
   */
  tvCredentials?: readonly ('device' | 'pairing')[];
}
