export {
  DEFAULT_MAX_OPERATION_RETRY_TIME_MS,
  DEFAULT_MAX_UPLOAD_RETRY_TIME_MS,
  Storage,
  type StorageOptions,
  createStorage,
  setMaxOperationRetryTime,
  setMaxUploadRetryTime,
} from './storage';
export { StorageReference, ref } from './reference';
export {
  type UploadResult,
  deleteObject,
  getDownloadURL,
  getMetadata,
  uploadBytes,
  uploadString,
} from './operations';
export {
  CHUNK_SIZE_LIMIT,
  INITIAL_CHUNK_SIZE,
  RESUMABLE_UPLOAD_THRESHOLD,
  type TResumeInfo,
  type TaskEventName,
  type TaskObserver,
  type TaskState,
  TaskEvent,
  type UploadData,
  type UploadOptions,
  UploadTask,
  type UploadTaskSnapshot,
  cancelSavedUpload,
  ZResumeInfo,
  nextChunkSize,
  uploadBytesResumable,
} from './upload-task';
export {
  type FullMetadata,
  type TObjectResource,
  type UploadMetadata,
  ZObjectResource,
} from './metadata';
export { STRING_FORMATS, type StringFormat } from './string-format';
export { STORAGE_ERROR_CODES, StorageError, type StorageErrorCode, isStorageError } from './errors';
export {
  type Clock,
  INITIAL_BACKOFF_MS,
  MAX_BACKOFF_MS,
  MAX_JITTER_MS,
  computeBackoffDelay,
} from './backoff';
