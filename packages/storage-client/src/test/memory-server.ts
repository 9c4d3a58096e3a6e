import { ZUploadResource } from '@screenline/shared/storage';

// An in-memory storage service speaking the v0 JSON + resumable protocol, for tests. It serves a
// fetch() that builds real Request/Response objects, can hold requests at a gate (to pause or
// cancel a task while a request is in flight) and can fail requests on purpose.

export const BASE_URL = 'http://storage.test';

interface StoredObject {
  bucket: string;
  name: string;
  data: Uint8Array<ArrayBuffer>;
  contentType: string;
  customMetadata?: Record<string, string>;
  downloadTokens: string;
  generation: number;
}

interface Session {
  bucket: string;
  name: string;
  total: number;
  contentType: string;
  customMetadata?: Record<string, string>;
  parts: Uint8Array<ArrayBuffer>[];
  received: number;
  isFinal: boolean;
}

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** X-Goog-Upload-Command or X-Goog-Upload-Protocol, e.g. 'start', 'upload', 'multipart'. */
  command: string | null;
  bodySize: number;
}

export interface Failure {
  /** Which request to fail; the first matching request consumes the failure. */
  when: (request: RecordedRequest) => boolean;
  /** Answer with this status; ignored when `network` is set. */
  status?: number;
  /** Reject fetch as a dropped connection would. */
  network?: boolean;
  /** For chunks: keep this many bytes of the chunk before failing (a connection lost mid-way). */
  keepBytes?: number;
  body?: string;
}

interface Parked {
  release: () => void;
  request: RecordedRequest;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function apiError(status: number, code: string, message: string): Response {
  return json(status, { error: { code, message } });
}

export class MemoryStorageServer {
  readonly objects = new Map<string, StoredObject>();
  readonly sessions = new Map<string, Session>();
  readonly requests: RecordedRequest[] = [];
  /** Sizes of the chunk bodies the server accepted, in order. */
  readonly chunkSizes: number[] = [];
  readonly failures: Failure[] = [];
  /** Answer session starts with a path instead of an absolute URL. */
  relativeUploadUrls = false;
  /** Leave the metadata out of the final chunk's response body. */
  omitFinalMetadata = false;
  /** When set, requests must carry this token (Firebase or Bearer). */
  requiredToken: string | null = null;
  /** Paths starting with this are refused with 403. */
  forbiddenPrefix: string | null = null;

  #isGateClosed = false;
  #parked: Parked[] = [];
  #parkListeners: (() => void)[] = [];
  #nextSession = 1;
  #nextGeneration = 1;

  readonly fetch: typeof fetch = (input, init) => this.#fetch(input, init);

  /** Holds every following request until open() (or until the client aborts it). */
  closeGate(): void {
    this.#isGateClosed = true;
  }

  open(): void {
    this.#isGateClosed = false;
    const parked = this.#parked;
    this.#parked = [];
    for (const entry of parked) entry.release();
  }

  /** Lets the oldest held request through; the gate stays closed for the others. */
  releaseOne(): void {
    const first = this.#parked.shift();
    if (!first) throw new Error('No request is waiting at the gate.');
    first.release();
  }

  /** Resolves once a request is waiting at the closed gate; returns it. */
  async waitForParked(): Promise<RecordedRequest> {
    for (;;) {
      const first = this.#parked[0];
      if (first) return first.request;
      await new Promise<void>((resolve) => this.#parkListeners.push(resolve));
    }
  }

  get parkedCount(): number {
    return this.#parked.length;
  }

  fail(failure: Failure): void {
    this.failures.push(failure);
  }

  putObject(name: string, data: Uint8Array<ArrayBuffer>, overrides: Partial<StoredObject> = {}) {
    const object: StoredObject = {
      bucket: 'screenline',
      name,
      data,
      contentType: 'application/octet-stream',
      downloadTokens: `token-${this.#nextGeneration}`,
      generation: this.#nextGeneration++,
      ...overrides,
    };
    this.objects.set(`${object.bucket}/${name}`, object);
    return object;
  }

  async #fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const signal = init?.signal ?? undefined;
    signal?.throwIfAborted();
    const request = new Request(input, init);
    const body = new Uint8Array(await request.arrayBuffer());
    const url = new URL(request.url);
    const recorded: RecordedRequest = {
      method: request.method,
      url,
      headers: request.headers,
      command:
        request.headers.get('X-Goog-Upload-Command') ??
        request.headers.get('X-Goog-Upload-Protocol'),
      bodySize: body.byteLength,
    };
    return new Promise<Response>((resolve, reject) => {
      let parked: Parked | undefined;
      const onAbort = () => {
        if (parked) this.#parked = this.#parked.filter((entry) => entry !== parked);
        reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const run = () => {
        if (signal?.aborted) return;
        this.requests.push(recorded);
        this.#handle(recorded, body).then(
          (response) => {
            // The server did its work even if the client stopped listening.
            signal?.removeEventListener('abort', onAbort);
            if (signal?.aborted) return;
            resolve(response);
          },
          (error: unknown) => {
            signal?.removeEventListener('abort', onAbort);
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      };
      if (this.#isGateClosed) {
        parked = { release: run, request: recorded };
        this.#parked.push(parked);
        const listeners = this.#parkListeners;
        this.#parkListeners = [];
        for (const listener of listeners) listener();
      } else {
        run();
      }
    });
  }

  async #handle(request: RecordedRequest, body: Uint8Array<ArrayBuffer>): Promise<Response> {
    await Promise.resolve();
    const failureIndex = this.failures.findIndex((failure) => failure.when(request));
    const failure = failureIndex === -1 ? undefined : this.failures.splice(failureIndex, 1)[0];
    if (failure && failure.keepBytes === undefined) {
      if (failure.network) throw new TypeError('fetch failed');
      return new Response(failure.body ?? '', { status: failure.status ?? 503 });
    }

    const auth = request.headers.get('Authorization');
    if (
      this.requiredToken !== null &&
      auth !== `Firebase ${this.requiredToken}` &&
      auth !== `Bearer ${this.requiredToken}`
    ) {
      return apiError(401, 'unauthenticated', 'Sign in first.');
    }

    const upload = /^\/upload\/(\d+)$/.exec(request.url.pathname);
    if (upload) return this.#handleSession(upload[1] ?? '', request, body, failure);

    const match = /^\/v0\/b\/([^/]+)\/o(?:\/([^/]+))?$/.exec(request.url.pathname);
    if (!match) return apiError(404, 'not-found', 'No such route.');
    const bucket = decodeURIComponent(match[1] ?? '');
    const name = match[2] === undefined ? null : decodeURIComponent(match[2]);
    const target = name ?? request.url.searchParams.get('name') ?? '';
    if (this.forbiddenPrefix !== null && target.startsWith(this.forbiddenPrefix)) {
      return apiError(403, 'forbidden', 'Not yours.');
    }

    if (name !== null && request.method === 'GET') {
      const object = this.objects.get(`${bucket}/${name}`);
      if (!object) return apiError(404, 'not-found', 'No such object.');
      if (request.url.searchParams.get('alt') === 'media') {
        const token = request.url.searchParams.get('token') ?? '';
        if (!object.downloadTokens.split(',').includes(token)) {
          return apiError(403, 'forbidden', 'Bad token.');
        }
        return new Response(object.data, { headers: { 'Content-Type': object.contentType } });
      }
      return json(200, this.#resource(object));
    }
    if (name !== null && request.method === 'DELETE') {
      return this.objects.delete(`${bucket}/${name}`)
        ? new Response(null, { status: 204 })
        : apiError(404, 'not-found', 'No such object.');
    }
    if (name === null && request.method === 'POST') {
      const protocol = request.headers.get('X-Goog-Upload-Protocol');
      if (protocol === 'multipart') return this.#handleMultipart(bucket, target, request, body);
      if (protocol === 'resumable') return this.#handleStart(bucket, target, request, body);
    }
    return apiError(400, 'bad-request', 'Unsupported request.');
  }

  #handleMultipart(
    bucket: string,
    name: string,
    request: RecordedRequest,
    body: Uint8Array<ArrayBuffer>,
  ): Response {
    const boundary = /boundary=(.+)$/.exec(request.headers.get('Content-Type') ?? '')?.[1];
    if (!boundary) return apiError(400, 'bad-request', 'No boundary.');
    // Latin-1 keeps one character per byte, so offsets in the text are offsets in the body.
    const text = Array.from(body, (byte) => String.fromCharCode(byte)).join('');
    const parts = text.split(`--${boundary}`).slice(1, -1);
    const [jsonPart, dataPart] = parts.map((part) => {
      const split = part.indexOf('\r\n\r\n');
      return { headers: part.slice(2, split), content: part.slice(split + 4, -2) };
    });
    if (!jsonPart || !dataPart || text.slice(-(boundary.length + 4)) !== `--${boundary}--`) {
      return apiError(400, 'bad-request', 'Malformed multipart body.');
    }
    const resource = ZUploadResource.parse(JSON.parse(jsonPart.content));
    const data = Uint8Array.from(dataPart.content, (character) => character.charCodeAt(0));
    const object = this.putObject(name, data, {
      bucket,
      contentType: /^Content-Type: (.*)$/.exec(dataPart.headers)?.[1] ?? resource.contentType ?? '',
      customMetadata: resource.metadata ?? undefined,
    });
    return json(200, this.#resource(object));
  }

  #handleStart(
    bucket: string,
    name: string,
    request: RecordedRequest,
    body: Uint8Array<ArrayBuffer>,
  ): Response {
    const resource = ZUploadResource.parse(JSON.parse(new TextDecoder().decode(body)));
    const id = String(this.#nextSession++);
    this.sessions.set(id, {
      bucket,
      name,
      total: Number(request.headers.get('X-Goog-Upload-Header-Content-Length')),
      contentType: request.headers.get('X-Goog-Upload-Header-Content-Type') ?? '',
      customMetadata: resource.metadata ?? undefined,
      parts: [],
      received: 0,
      isFinal: false,
    });
    const path = `/upload/${id}`;
    return new Response(null, {
      status: 200,
      headers: {
        'X-Goog-Upload-URL': this.relativeUploadUrls ? path : `${BASE_URL}${path}`,
        'X-Goog-Upload-Status': 'active',
      },
    });
  }

  #handleSession(
    id: string,
    request: RecordedRequest,
    body: Uint8Array<ArrayBuffer>,
    failure: Failure | undefined,
  ): Response {
    const session = this.sessions.get(id);
    if (!session) return apiError(404, 'not-found', 'No such upload session.');
    const status = () => (session.isFinal ? 'final' : 'active');
    const command = request.command ?? '';
    if (command === 'query') {
      return new Response(null, {
        headers: {
          'X-Goog-Upload-Size-Received': String(session.received),
          'X-Goog-Upload-Status': status(),
        },
      });
    }
    if (command === 'cancel') {
      // As the real server does: a session already final stays (its object exists); any
      // other is gone with the bytes it held.
      if (session.isFinal) {
        return new Response(null, { headers: { 'X-Goog-Upload-Status': 'final' } });
      }
      this.sessions.delete(id);
      return new Response(null, { headers: { 'X-Goog-Upload-Status': 'cancelled' } });
    }
    const offset = Number(request.headers.get('X-Goog-Upload-Offset'));
    if (session.isFinal || offset !== session.received) {
      return apiError(400, 'bad-request', `Expected offset ${session.received}, got ${offset}.`);
    }
    const kept = failure ? body.slice(0, failure.keepBytes) : body;
    session.parts.push(kept);
    session.received += kept.byteLength;
    if (failure) return new Response(failure.body ?? '', { status: failure.status ?? 503 });
    if (body.byteLength > 0) this.chunkSizes.push(body.byteLength);

    if (command.includes('finalize')) {
      if (session.received !== session.total) {
        return apiError(400, 'bad-request', 'Size mismatch.');
      }
      session.isFinal = true;
      const data = new Uint8Array(session.total);
      let position = 0;
      for (const part of session.parts) {
        data.set(part, position);
        position += part.byteLength;
      }
      const object = this.putObject(session.name, data, {
        bucket: session.bucket,
        contentType: session.contentType,
        customMetadata: session.customMetadata,
      });
      return new Response(this.omitFinalMetadata ? '' : JSON.stringify(this.#resource(object)), {
        headers: { 'X-Goog-Upload-Status': 'final' },
      });
    }
    return new Response(null, { headers: { 'X-Goog-Upload-Status': 'active' } });
  }

  #resource(object: StoredObject) {
    return {
      bucket: object.bucket,
      name: object.name,
      fullPath: object.name,
      generation: String(object.generation),
      metageneration: '1',
      size: String(object.data.byteLength),
      timeCreated: '2025-01-01T00:00:00.000Z',
      updated: '2025-01-01T00:00:00.000Z',
      md5Hash: 'bWQ1',
      contentType: object.contentType,
      metadata: object.customMetadata,
      downloadTokens: object.downloadTokens,
    };
  }
}
