import { storageErrors } from './errors';
import { type Location, childPath, lastComponent, parentPath, parseLocation } from './location';
import type { Storage } from './storage';

/** Points at an object (or, with an empty path, the bucket root). Holds no data. */
export class StorageReference {
  /** @internal Use ref(). */
  constructor(
    readonly storage: Storage,
    readonly location: Location,
  ) {}

  get bucket(): string {
    return this.location.bucket;
  }

  /** The object name inside the bucket, e.g. `users/uid/content/a.png`; '' for the root. */
  get fullPath(): string {
    return this.location.path;
  }

  /** The last path segment, e.g. `a.png`. */
  get name(): string {
    return lastComponent(this.location.path);
  }

  /** The containing folder, or null for the root. */
  get parent(): StorageReference | null {
    const path = parentPath(this.location.path);
    return path === null ? null : new StorageReference(this.storage, { bucket: this.bucket, path });
  }

  get root(): StorageReference {
    return new StorageReference(this.storage, { bucket: this.bucket, path: '' });
  }

  get isRoot(): boolean {
    return this.location.path.length === 0;
  }

  /** `gs://bucket/path`. */
  toString(): string {
    return `gs://${this.bucket}/${this.location.path}`;
  }
}

/**
 * `ref(storage, 'users/uid/a.png')`, `ref(storage, 'gs://bucket/a.png')`,
 * `ref(storage, 'https://host/v0/b/bucket/o/a.png?alt=media&token=…')`, `ref(storage)` for the
 * default bucket's root, or `ref(parentRef, 'child/path')`.
 */
export function ref(storage: Storage, pathOrUrl?: string): StorageReference;
export function ref(parent: StorageReference, childPath: string): StorageReference;
export function ref(base: Storage | StorageReference, path?: string): StorageReference {
  if (base instanceof StorageReference) {
    return new StorageReference(base.storage, {
      bucket: base.bucket,
      path: childPath(base.fullPath, path ?? ''),
    });
  }
  return new StorageReference(base, parseLocation(path ?? '', base.bucket));
}

/** SPEC §5: upload, delete and download on the bucket root are refused. */
export function assertNotRoot(reference: StorageReference, operation: string): void {
  if (reference.isRoot) throw storageErrors.invalidRootOperation(operation);
}
