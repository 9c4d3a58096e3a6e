import { ERROR_STATUS, type TErrorCode } from '@screenline/shared/errors';

/** The one error class of the product API: a code from the shared table, a sentence, details. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly details?: unknown,
    /** Response headers the protocol requires with this error (e.g. the storage upload status). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}

export const notFound = (what = 'That item') => new AppError('not-found', `${what} was not found.`);
export const forbidden = (message = 'You do not have access to this.') =>
  new AppError('forbidden', message);
export const unauthenticated = () => new AppError('unauthenticated', 'Sign in to continue.');

/** A super-user without two-factor sign-in on (issue 18 item 4): they enrol first. */
export const twoFactorRequired = () =>
  new AppError(
    'two-factor-required',
    'Super-users must turn on two-factor sign-in before using admin pages: Profile → Security.',
  );
