import { describe, expect, it, vi } from 'vitest';
import type { Resolver } from 'react-hook-form';
import { lazyResolver } from '@/lib/lazy-resolver';

type TValues = { name: string };
const options = { fields: {}, shouldUseNativeValidation: false } as const;
const accepting: Resolver<TValues> = (values) => ({ values, errors: {} });

describe('lazyResolver', () => {
  it('loads the resolver once, on the first validation', async () => {
    const load = vi.fn(() => Promise.resolve(accepting));
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    await expect(resolver({ name: 'a' }, undefined, options)).resolves.toEqual({
      values: { name: 'a' },
      errors: {},
    });
    await resolver({ name: 'b' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the download again after it failed (offline at the first submit)', async () => {
    const load = vi
      .fn<() => Promise<Resolver<TValues>>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(accepting);
    const resolver = lazyResolver(load);
    await expect(resolver({ name: 'a' }, undefined, options)).rejects.toThrow('offline');
    await expect(resolver({ name: 'a' }, undefined, options)).resolves.toMatchObject({
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
