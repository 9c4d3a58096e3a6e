import { describe, expect, it, vi } from 'vitest';
import type { TPlayerCommand } from '@screenline/shared/fleet';
import { commandAckUrl, createCommandRunner, type TCommandHandlers } from './command-runner';

const NOW = Date.UTC(2026, 10, 25, 12);
const command = (kind: TPlayerCommand['kind'], id = `c-${kind}`): TPlayerCommand => ({
  id,
  kind,
  expiresAt: new Date(NOW + 60_000).toISOString(),
});

function setUp(overrides: Partial<TCommandHandlers> = {}) {
  const acks: { url: string; body: unknown; authorization: string }[] = [];
  const order: string[] = [];
  const fetchImpl = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const body: unknown = JSON.parse(init?.body as string);
    acks.push({
      url: url as string,
      body,
      authorization: (init?.headers as Record<string, string>).authorization!,
    });
    order.push(`ack ${(body as { state: string }).state}`);
    return new Response(null, { status: 204 });
  });
  const handlers: TCommandHandlers = {
    refresh: vi.fn(async () => void order.push('refresh')),
    reload: vi.fn(() => void order.push('reload')),
    restart: vi.fn(() => void order.push('restart')),
    identify: vi.fn(() => void order.push('identify')),
    screenshot: vi.fn(async () => void order.push('screenshot')),
    ...overrides,
  };
  const runner = createCommandRunner({
    token: () => 'sld_token',
    handlers,
    fetchImpl,
    now: () => NOW,
    log: { warn: () => undefined },
  });
  return { runner, acks, order, handlers };
}

describe('the command runner', () => {
  it('acknowledges receipt, runs the command, then says it is done, with the device token', async () => {
    const { runner, acks, order } = setUp();
    await runner.run(command('identify'));
    expect(order).toEqual(['ack delivered', 'identify', 'ack done']);
    expect(acks.map((ack) => ack.url)).toEqual([
      commandAckUrl('c-identify'),
      commandAckUrl('c-identify'),
    ]);
    expect(acks.every((ack) => ack.authorization === 'Bearer sld_token')).toBe(true);
  });

  it('says done before a reload (nothing runs after it) and leaves a screenshot to its upload', async () => {
    const { runner, order } = setUp();
    await runner.run(command('reload'));
    await runner.run(command('screenshot'));
    expect(order).toEqual(['ack delivered', 'ack done', 'reload', 'ack delivered', 'screenshot']);
  });

  it('reports a failure with its reason', async () => {
    const { runner, acks } = setUp({
      refresh: async () => {
        throw new Error('The server could not be reached.');
      },
    });
    await runner.run(command('refresh'));
    expect(acks.at(-1)!.body).toEqual({
      state: 'failed',
      problem: 'The server could not be reached.',
    });
  });

  it('runs a command sent again (a reconnection) once, and an expired one never', async () => {
    const { runner, handlers, acks } = setUp();
    await runner.run(command('restart'));
    await runner.run(command('restart'));
    expect(handlers.restart).toHaveBeenCalledTimes(1);
    await runner.run({ ...command('identify'), expiresAt: new Date(NOW - 1).toISOString() });
    expect(handlers.identify).not.toHaveBeenCalled();
    expect(acks).toHaveLength(2);
  });
});
