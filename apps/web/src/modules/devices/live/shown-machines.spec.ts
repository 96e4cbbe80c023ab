import { afterEach, describe, expect, it, vi } from 'vitest';
import { InfiniteQueryObserver, QueryClient, QueryObserver, keepPreviousData } from '@tanstack/react-query';
import { LIVE_WATCH_MAX, type TApplianceListPage, type TApplianceSummary } from '@washboard/contracts';
import { deviceKeys } from '../hooks/device-keys';
import { detailKeys } from '../hooks/use-device-details';
import { liveChannel } from './live-channel';
import { shownMachines, watchShownMachines } from './shown-machines';

const page = (serials: string[], nextCursor: string | null) =>
  ({
    items: serials.map((serialNumber) => ({ serialNumber }) as TApplianceSummary),
    total: serials.length,
    nextCursor,
  }) as TApplianceListPage;

/** A device list on screen (an observer) of `pages`, each loaded. */
async function listShowing(client: QueryClient, search: string, pages: string[][]) {
  const observer = new InfiniteQueryObserver(client, {
    queryKey: deviceKeys.list({ q: search } as never),
    initialPageParam: 0,
    getNextPageParam: (_last: TApplianceListPage, all: TApplianceListPage[]) =>
      all.length < pages.length ? all.length : undefined,
    queryFn: ({ pageParam }: { pageParam: number }) =>
      Promise.resolve(page(pages[pageParam] ?? [], pageParam + 1 < pages.length ? 'next' : null)),
  });
  const unsubscribe = observer.subscribe(() => {});
  await observer.refetch();
  for (let i = 1; i < pages.length; i += 1) await observer.fetchNextPage();
  return unsubscribe;
}

/** A query of one machine on screen, whose answer has not come yet. */
function onScreen(client: QueryClient, queryKey: readonly unknown[]) {
  return new QueryObserver(client, { queryKey, queryFn: () => new Promise<never>(() => {}) }).subscribe(() => {});
}

describe('the machines the screens show (told to the push channel)', () => {
  it('are those of the loaded pages of a list on screen and of machine screens, not of what is only cached', async () => {
    const client = new QueryClient();
    const stopList = await listShowing(client, '', [
      ['SN-2', 'SN-1'],
      ['SN-3', 'SN-1'],
    ]);
    const stopDetail = onScreen(client, deviceKeys.detail('SN-9'));
    const stopLive = onScreen(client, deviceKeys.lastTelemetry('SN-8'));
    // Cached, no longer on screen: another search's list and a machine's details.
    const stopOther = await listShowing(client, 'x', [['SN-7']]);
    stopOther();
    onScreen(client, deviceKeys.detail('SN-6'))();
    // A machine's alarm register on screen: alarms come for every machine anyway.
    onScreen(client, detailKeys.alarms('SN-5'));
    expect(shownMachines(client.getQueryCache())).toEqual(['SN-1', 'SN-2', 'SN-3', 'SN-8', 'SN-9']);
    stopList();
    stopDetail();
    expect(shownMachines(client.getQueryCache())).toEqual(['SN-8']);
    stopLive();
    expect(shownMachines(client.getQueryCache())).toEqual([]);
  });

  it('are those of the list a screen still shows while another search loads, and never an address that is no serial number', async () => {
    const client = new QueryClient();
    const answers: Record<string, TApplianceListPage> = { '': page(['SN-1'], null), b: page(['SN-2'], null) };
    let pending = false;
    const options = (q: string) => ({
      queryKey: deviceKeys.list({ q } as never),
      initialPageParam: 0,
      getNextPageParam: () => undefined,
      placeholderData: keepPreviousData,
      queryFn: () => (pending ? new Promise<never>(() => {}) : Promise.resolve(answers[q] as TApplianceListPage)),
    });
    const observer = new InfiniteQueryObserver(client, options(''));
    observer.subscribe(() => {});
    await observer.refetch();
    onScreen(client, deviceKeys.detail('a.b'));
    expect(shownMachines(client.getQueryCache())).toEqual(['SN-1']);
    pending = true;
    observer.setOptions(options('b'));
    expect(shownMachines(client.getQueryCache())).toEqual(['SN-1']);
  });

  it('are every machine past the most a page can watch', async () => {
    const client = new QueryClient();
    const serials = Array.from({ length: LIVE_WATCH_MAX + 1 }, (_, i) => `SN-${i}`);
    await listShowing(client, '', [serials.slice(0, LIVE_WATCH_MAX)]);
    expect(shownMachines(client.getQueryCache())).toHaveLength(LIVE_WATCH_MAX);
    await listShowing(client, 'more', [serials.slice(LIVE_WATCH_MAX)]);
    expect(shownMachines(client.getQueryCache())).toBeNull();
  });
});

describe('telling the push channel', () => {
  afterEach(() => vi.restoreAllMocks());

  it('tells the machines shown at once, then once for the changes of one task, before anything is drawn, until stopped', async () => {
    const told = vi.spyOn(liveChannel, 'watch').mockImplementation(() => {});
    const client = new QueryClient();
    const stop = watchShownMachines(client);
    expect(told.mock.calls).toEqual([[[]]]);
    const stopDetail = onScreen(client, deviceKeys.detail('SN-9'));
    const stopLive = onScreen(client, deviceKeys.lastTelemetry('SN-8'));
    expect(told).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    expect(told.mock.calls.slice(1)).toEqual([[['SN-8', 'SN-9']]]);
    // A list's page read: told before the next task (the one that would draw it).
    await listShowing(client, '', [['SN-1']]);
    expect(told.mock.calls.at(-1)).toEqual([['SN-1', 'SN-8', 'SN-9']]);
    // A push written into the list changes no machine of it: nothing told.
    const calls = told.mock.calls.length;
    client.setQueryData(deviceKeys.list({ q: '' } as never), (list: unknown) => list);
    await Promise.resolve();
    expect(told).toHaveBeenCalledTimes(calls);
    stop();
    stopDetail();
    stopLive();
    await Promise.resolve();
    expect(told).toHaveBeenCalledTimes(calls);
  });
});
