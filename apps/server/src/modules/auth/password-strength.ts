import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

/**
 * Refuses passwords an attacker tries first (issue 18 item 4; ASVS V6.2.4 and V6.2.12): the
 * common-password lists and keyboard patterns of zxcvbn-ts's common language package, with their
 * variations (capitals, digits and symbols added, l33t), repeats and sequences. Checked on the
 * server only, so the dictionaries (about 1 MB) never reach the web bundle; the forms show the
 * sentence the server answers.
 */

/** zxcvbn's score: 0 and 1 mean fewer than a million guesses (online guessing reaches them). */
const MIN_SCORE = 2;

let factory: ZxcvbnFactory | null = null;

function estimator(): ZxcvbnFactory {
  // Built on first use: the dictionaries take a moment to load and most requests need none.
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary },
    graphs: common.adjacencyGraphs,
  });
  return factory;
}

/**
 * Why the password is refused, in words; null when it is good enough. The user's e-mail address
 * (and its part before the @) and name count as words an attacker tries.
 */
export function weakPasswordReason(
  password: string,
  user: { email?: string | undefined; name?: string | undefined } = {},
): string | null {
  const email = user.email?.trim().toLowerCase();
  const userInputs = [email, email?.split('@')[0], user.name?.trim()].filter(
    (input): input is string => Boolean(input),
  );
  const result = estimator().check(password, userInputs);
  if (result.score >= MIN_SCORE) return null;
  return `${whatIsWrong(result)} Choose another: three or four unrelated words make a strong password.`;
}

function whatIsWrong(result: ZxcvbnResult): string {
  const [only, ...more] = result.sequence;
  if (only && more.length === 0) {
    if (only.pattern === 'dictionary' && only.dictionaryName === 'userInputs') {
      return 'This password is too close to your name or e-mail address.';
    }
    if (only.pattern === 'dictionary' && !only.l33t && !only.reversed) {
      return 'This password is one of the most common passwords, so it would be among the first guesses.';
    }
    if (only.pattern === 'repeat') return 'This password only repeats characters.';
    if (only.pattern === 'sequence')
      return 'This password is a simple sequence such as abcd or 1234.';
    if (only.pattern === 'spatial') return 'This password is a row of keys on the keyboard.';
  }
  return 'This password is too easy to guess: it is a common password or word with small changes.';
}
