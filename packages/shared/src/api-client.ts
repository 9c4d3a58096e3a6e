import { z } from 'zod';
import { ZAdPlaylist } from './ad-playlist';
import {
  ApiRequestError,
  BODY_START,
  lowerCased,
  mergeCookies,
  type TApiResponse,
  type TApiSession,
  type TApiTransport,
  type THttpMethod,
} from './api-transport';
import { API, apiPath, AUTH_PATHS } from './api-paths';
import { ZAdSpace, type ZCreateAdSpace } from './ad-space';
import { ZAuthToken } from './auth';
import { ZCampaign, ZCampaignResults, type ZCreateCampaign } from './campaign';
import { ZContentItem, type ZCreateContentItem } from './content';
import {
  ZDeviceCommandList,
  type ZSendDeviceCommand,
  type ZStartTakeover,
  ZScreenshotList,
  ZTakeover,
  ZTakeoverList,
} from './fleet';
import { ZLedgerAudit } from './ledger';
import { type ZCreateLocation, ZLocation } from './location';
import { type ZCreateMonetizationRequest, ZMonetizationRequest } from './monetization';
import { ZDeviceDecisionResult, ZDeviceVerification } from './pairing';
import { ZDeviceRegistration, ZPlayerManifest, ZPlaysReport, type ZRegisterDevice } from './player';
import { ZPlaylistDetail, type ZSavePlaylist } from './playlist';
import { type ZSavePowerSchedule, ZPowerScheduleView } from './power-schedule';
import { ZStorageObject } from './storage';
import { ZTwoFactorEnabled, ZTwoFactorRedirect } from './two-factor';
import { type TUpdateMe, ZMe } from './user';
import { type ZCreateTopUp, ZTopUp, ZWallet } from './wallet';

/**
 * One typed client of the product's HTTP API for every caller outside the apps: the Chromium 69
 * check, the e2e helpers, the demo seed and the benches. How a request travels is the caller's
 * seam (`TApiTransport.send`, api-transport.ts): fetch to a base URL (`fetchTransport`), Fastify's
 * `app.inject` (the demo seed, `apps/server/src/demo/demo-client.ts`), or a Playwright request
 * context (`e2e/support/api.ts`). The client does the rest the way a browser on the site would:
 * the Origin header on every request (Better Auth refuses a POST with a session cookie and no
 * Origin), the session cookies it was given back, an Idempotency-Key on the requests that move
 * money; it parses every answer with the shared schema of its route and throws an
 * `ApiRequestError` (method, path, status, the body's start) on any answer outside 2xx.
 */

// The transport seam and the cookie helpers, for the callers that build a transport.
export {
  ApiRequestError,
  cookiesOf,
  fetchTransport,
  mergeCookies,
  type TApiRequest,
  type TApiResponse,
  type TApiSession,
  type TApiTransport,
  type THttpMethod,
  type TSend,
} from './api-transport';

/** A person signed up and in: who, and their session. */
export interface TSignedUp {
  email: string;
  userId: string;
  session: TApiSession;
}

export interface TRequestOptions<S extends z.ZodType> {
  /** The answer's schema: the client parses the answer's JSON (null when empty) with it. */
  schema: S;
  session?: TApiSession | null;
  /** Sent as JSON. */
  body?: unknown;
  /** An Idempotency-Key: `true` makes a fresh one, a string is sent as it is (a retry). */
  idempotencyKey?: true | string;
  headers?: Record<string, string>;
}

/** The sign-in answer: a session (the user), or the second step two-factor sign-in asks for. */
const ZSignedIn = z.union([ZTwoFactorRedirect, z.object({ user: z.object({ id: z.string() }) })]);
/** Better Auth's sign-up answer (an existing address answers the same; it makes no session). */
const ZSignUpAnswer = z.object({ user: z.object({ id: z.string() }) });

/** A multipart upload's body, as the web app's storage client sends it (Firebase v0). */
function multipart(
  boundary: string,
  resource: Record<string, unknown>,
  contentType: string,
  bytes: Uint8Array,
) {
  const text = new TextEncoder();
  const parts = [
    text.encode(
      `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${JSON.stringify(resource)}\r\n`,
    ),
    text.encode(`--${boundary}\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    text.encode(`\r\n--${boundary}--`),
  ];
  const body = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    body.set(part, at);
    at += part.length;
  }
  return body;
}

export function createApiClient(transport: TApiTransport) {
  const { send, origin } = transport;
  const noSession: TApiSession = { cookie: '' };

  /** One exchange: the answer whatever its status (the caller judges it). */
  async function exchange(
    method: THttpMethod,
    path: string,
    options: Omit<TRequestOptions<z.ZodType>, 'schema'> & {
      rawBody?: Uint8Array<ArrayBuffer>;
    } = {},
  ): Promise<TApiResponse> {
    const { session, body, rawBody, idempotencyKey, headers = {} } = options;
    const cookie = transport.keepsCookies ? '' : (session?.cookie ?? '');
    return send({
      method,
      path,
      headers: {
        origin,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        ...(idempotencyKey
          ? { 'idempotency-key': idempotencyKey === true ? crypto.randomUUID() : idempotencyKey }
          : {}),
        ...lowerCased(headers),
      },
      body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
  }

  function judge(method: THttpMethod, path: string, res: TApiResponse): TApiResponse {
    if (res.status < 200 || res.status >= 300) {
      throw new ApiRequestError(method, path, res.status, res.text);
    }
    return res;
  }

  function parse<S extends z.ZodType>(
    method: THttpMethod,
    path: string,
    schema: S,
    res: TApiResponse,
  ): z.output<S> {
    let json: unknown;
    try {
      json = res.text === '' ? null : JSON.parse(res.text);
    } catch {
      throw new Error(
        `${method} ${path} answered ${res.status} with no JSON: ${res.text.slice(0, BODY_START)}`,
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new Error(
        `${method} ${path}: the answer does not match its schema: ${z.prettifyError(parsed.error)}`,
      );
    }
    return parsed.data;
  }

  /** Any route: its answer parsed with `schema`; any answer outside 2xx thrown. */
  async function request<S extends z.ZodType>(
    method: THttpMethod,
    path: string,
    options: TRequestOptions<S>,
  ): Promise<z.output<S>> {
    const res = judge(method, path, await exchange(method, path, options));
    return parse(method, path, options.schema, res);
  }

  /** Any route whose answer is not JSON (a CSV): its text; any answer outside 2xx thrown. */
  async function requestText(
    method: THttpMethod,
    path: string,
    options: Omit<TRequestOptions<z.ZodType>, 'schema'> = {},
  ): Promise<string> {
    return judge(method, path, await exchange(method, path, options)).text;
  }

  /** The session with the cookies an answer set (the transport's own jar: unchanged). */
  const sessionAfter = (session: TApiSession, res: TApiResponse): TApiSession =>
    transport.keepsCookies ? noSession : { cookie: mergeCookies(session.cookie, res.setCookie) };

  /** POST /api/auth/sign-up/email: makes the account (and no session). */
  async function signUp(account: { email: string; password: string; name: string }) {
    return request('POST', AUTH_PATHS.signUpEmail, { schema: ZSignUpAnswer, body: account });
  }

  /**
   * POST /api/auth/sign-in/email. With two-factor sign-in on, the session holds the second
   * step's challenge (`isChallenged`) until `verifyTotp`.
   */
  async function signIn(credentials: { email: string; password: string }) {
    const path = AUTH_PATHS.signInEmail;
    const res = judge('POST', path, await exchange('POST', path, { body: credentials }));
    const answer = parse('POST', path, ZSignedIn, res);
    const session = sessionAfter(noSession, res);
    return 'twoFactorRedirect' in answer
      ? { isChallenged: true as const, session }
      : { isChallenged: false as const, session, userId: answer.user.id };
  }

  /** Sign-up, then sign-in (sign-up makes no session): a new person's session. */
  async function signUpAndIn(account: {
    email: string;
    password: string;
    name: string;
  }): Promise<TSignedUp> {
    await signUp(account);
    const signedIn = await signIn(account);
    if (signedIn.isChallenged) throw new Error(`${account.email} asks for a second step`);
    return { email: account.email, userId: signedIn.userId, session: signedIn.session };
  }

  /** POST /api/auth/two-factor/enable: the key to scan (otpauth:// URI) and recovery codes. */
  const enableTwoFactor = (session: TApiSession, password: string) =>
    request('POST', AUTH_PATHS.twoFactorEnable, {
      schema: ZTwoFactorEnabled,
      session,
      body: { password },
    });

  /** POST /api/auth/two-factor/verify-totp: the session it answers (a new one). */
  async function verifyTotp(session: TApiSession, code: string): Promise<TApiSession> {
    const path = AUTH_PATHS.twoFactorVerifyTotp;
    const res = judge('POST', path, await exchange('POST', path, { session, body: { code } }));
    return sessionAfter(session, res);
  }

  /** GET /api/auth/token: the storage service's token, as `Firebase <token>`. */
  async function storageAuthorization(session: TApiSession): Promise<string> {
    const { token } = await request('GET', AUTH_PATHS.token, { schema: ZAuthToken, session });
    return `Firebase ${token}`;
  }

  /** The phone's side of pairing: claims the TV's code, then approves it. */
  async function approveDevice(session: TApiSession, userCode: string): Promise<void> {
    await request('GET', apiPath(AUTH_PATHS.device, {}, { user_code: userCode }), {
      schema: ZDeviceVerification,
      session,
    });
    await request('POST', AUTH_PATHS.deviceApprove, {
      schema: ZDeviceDecisionResult,
      session,
      body: { userCode },
    });
  }

  /** Uploads bytes through the storage service in one multipart request (the web's way). */
  async function uploadObject(upload: {
    authorization: string;
    bucket: string;
    objectPath: string;
    bytes: Uint8Array;
    contentType: string;
  }) {
    const { authorization, bucket, objectPath, bytes, contentType } = upload;
    const boundary = `screenline-${crypto.randomUUID()}`;
    const resource = { name: objectPath, fullPath: objectPath, size: bytes.length, contentType };
    const path = apiPath(API.storageObjects, { bucket }, { name: objectPath });
    const res = await exchange('POST', path, {
      headers: {
        authorization,
        'x-goog-upload-protocol': 'multipart',
        'content-type': `multipart/related; boundary=${boundary}`,
      },
      rawBody: multipart(boundary, resource, contentType, bytes),
    });
    return parse('POST', path, ZStorageObject, judge('POST', path, res));
  }

  /**
   * GET /api/v1/player/manifest as a TV polls it: its device token, and the ETag it holds if any.
   * Answers the manifest with its ETag, or null when the server says it is unchanged (304).
   */
  async function playerManifest(token: string, etag?: string) {
    const path = API.playerManifest;
    const res = await exchange('GET', path, {
      headers: { authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) },
    });
    if (res.status === 304) return null;
    const manifest = parse('GET', path, ZPlayerManifest, judge('GET', path, res));
    const answered = res.headers.etag;
    if (!answered) throw new Error(`GET ${path} answered ${res.status} with no ETag`);
    return { manifest, etag: answered };
  }

  type TIn<S extends z.ZodType> = z.input<S>;

  return {
    transport,
    request,
    requestText,
    signUp,
    signIn,
    signUpAndIn,
    enableTwoFactor,
    verifyTotp,
    storageAuthorization,
    approveDevice,
    uploadObject,
    playerManifest,
    getMe: (session: TApiSession) => request('GET', API.me, { schema: ZMe, session }),
    updateMe: (session: TApiSession, body: TUpdateMe) =>
      request('PATCH', API.me, { schema: ZMe, session, body }),
    createLocation: (session: TApiSession, body: TIn<typeof ZCreateLocation>) =>
      request('POST', API.locations, { schema: ZLocation, session, body }),
    createAdSpace: (session: TApiSession, body: TIn<typeof ZCreateAdSpace>) =>
      request('POST', API.adSpaces, { schema: ZAdSpace, session, body }),
    getAdSpace: (session: TApiSession, id: string) =>
      request('GET', apiPath(API.adSpace, { id }), { schema: ZAdSpace, session }),
    createPlaylist: (session: TApiSession, body: TIn<typeof ZSavePlaylist>) =>
      request('POST', API.playlists, { schema: ZPlaylistDetail, session, body }),
    createContent: (session: TApiSession, body: TIn<typeof ZCreateContentItem>) =>
      request('POST', API.content, { schema: ZContentItem, session, body }),
    registerDevice: (session: TApiSession, body: TIn<typeof ZRegisterDevice>) =>
      request('POST', API.playerDevices, { schema: ZDeviceRegistration, session, body }),
    savePowerSchedule: (
      session: TApiSession,
      adSpaceId: string,
      body: TIn<typeof ZSavePowerSchedule>,
    ) =>
      request('PUT', apiPath(API.adSpacePowerSchedule, { id: adSpaceId }), {
        schema: ZPowerScheduleView,
        session,
        body,
      }),
    /** The plays report of local days `from`–`to` (YYYY-MM-DD). */
    playsReport: (session: TApiSession, adSpaceId: string, from: string, to: string) =>
      request('GET', apiPath(API.adSpacePlays, { id: adSpaceId }, { from, to }), {
        schema: ZPlaysReport,
        session,
      }),
    /** The same report as CSV: one row per play, its id first. */
    playsCsv: (session: TApiSession, adSpaceId: string, from: string, to: string) =>
      requestText('GET', apiPath(API.adSpacePlays, { id: adSpaceId }, { from, to }), {
        session,
        headers: { accept: 'text/csv' },
      }),
    getWallet: (session: TApiSession) => request('GET', API.wallet, { schema: ZWallet, session }),
    createTopUp: (session: TApiSession, body: TIn<typeof ZCreateTopUp>) =>
      request('POST', API.walletTopUps, {
        schema: ZTopUp,
        session,
        body,
        idempotencyKey: true,
      }),
    approveTopUp: (session: TApiSession, id: string) =>
      request('POST', apiPath(API.adminTopUpApprove, { id }), {
        schema: ZTopUp,
        session,
        body: {},
        idempotencyKey: true,
      }),
    requestMonetization: (session: TApiSession, body: TIn<typeof ZCreateMonetizationRequest>) =>
      request('POST', API.monetizationRequests, {
        schema: ZMonetizationRequest,
        session,
        body,
      }),
    approveMonetization: (session: TApiSession, id: string) =>
      request('POST', apiPath(API.adminMonetizationRequestApprove, { id }), {
        schema: ZMonetizationRequest,
        session,
        body: {},
      }),
    createCampaign: (session: TApiSession, body: TIn<typeof ZCreateCampaign>) =>
      request('POST', API.campaigns, { schema: ZCampaign, session, body }),
    submitCampaign: (session: TApiSession, id: string) =>
      request('POST', apiPath(API.campaignSubmit, { id }), {
        schema: ZCampaign,
        session,
        body: {},
      }),
    pauseCampaign: (session: TApiSession, id: string) =>
      request('POST', apiPath(API.campaignPause, { id }), {
        schema: ZCampaign,
        session,
        body: {},
      }),
    approveCampaign: (session: TApiSession, id: string) =>
      request('POST', apiPath(API.adminCampaignApprove, { id }), {
        schema: ZCampaign,
        session,
        body: {},
        idempotencyKey: true,
      }),
    campaignResults: (session: TApiSession, id: string) =>
      request('GET', apiPath(API.campaignResults, { id }), { schema: ZCampaignResults, session }),
    setAdPlaylist: (
      session: TApiSession,
      adSpaceId: string,
      body: {
        pinnedCampaignIds: string[];
        excludedCampaignIds: string[];
        houseAdContentIds: string[];
      },
    ) =>
      request('PUT', apiPath(API.adminAdPlaylist, { adSpaceId }), {
        schema: ZAdPlaylist,
        session,
        body,
      }),
    ledgerAudit: (session: TApiSession) =>
      request('GET', API.adminLedgerAudit, { schema: ZLedgerAudit, session }),
    sendDeviceCommand: (session: TApiSession, body: TIn<typeof ZSendDeviceCommand>) =>
      request('POST', API.deviceCommands, { schema: ZDeviceCommandList, session, body }),
    listDeviceCommands: (session: TApiSession, adSpaceId: string) =>
      request('GET', apiPath(API.deviceCommands, {}, { adSpaceId }), {
        schema: ZDeviceCommandList,
        session,
      }),
    listScreenshots: (session: TApiSession, adSpaceId: string) =>
      request('GET', apiPath(API.adSpaceScreenshots, { id: adSpaceId }), {
        schema: ZScreenshotList,
        session,
      }),
    startTakeover: (session: TApiSession, body: TIn<typeof ZStartTakeover>) =>
      request('POST', API.takeovers, { schema: ZTakeover, session, body }),
    listTakeovers: (session: TApiSession) =>
      request('GET', API.takeovers, { schema: ZTakeoverList, session }),
    endTakeover: (session: TApiSession, id: string) =>
      request('POST', apiPath(API.takeoverEnd, { id }), { schema: ZTakeover, session, body: {} }),
  };
}

export type TApiClient = ReturnType<typeof createApiClient>;
