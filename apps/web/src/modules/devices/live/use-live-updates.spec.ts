import { describe, expect, it } from 'vitest';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import type { TApplianceListPage, TApplianceSummary, TLiveMessage } from '@washboard/contracts';
import { deviceKeys } from '../hooks/device-keys';
import type { TDeviceListPages } from '../hooks/device-list-pages';
import { listWith } from './device-pushes';
import { pushLog } from './push-log';
import { replayOverLists } from './use-live-updates';

const status = {
  online: true,
  lastSeenAt: '2026-12-02T10:00:00.000Z',
  systemState: 2,
  cycleType: null,
  cycleNumber: null,
  updating: true,
};
const page = (serials: string[], nextCursor: string | null) =>
  ({
    items: serials.map((serialNumber) => ({ serialNumber, status }) as unknown as TApplianceSummary),
    total: 3,
    nextCursor,
  }) as TApplianceListPage;
const ended = (serialNumber: string): TLiveMessage => ({ type: 'fotaStatus', serialNumber, perc: 100, inProg: false });

/** A page answer that comes when `answer` is called. */
function later<T>(value: T) {
  let answer!: () => void;
  const promise = new Promise<T>((resolve) => (answer = () => resolve(value)));
  return { promise, answer };
}

describe('a device list load and the pushes that came meanwhile', () => {
  it('keeps a push to page 1 that came while the next page was loading', async () => {
    const client = new QueryClient();
    const stop = replayOverLists(client);
    const key = deviceKeys.list({} as never);
    const next = later(page(['SN-3'], null));
    const options = {
      queryKey: key,
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (p: TApplianceListPage) => p.nextCursor ?? undefined,
      queryFn: ({ pageParam }: { pageParam: string | undefined }) =>
        pageParam ? next.promise : Promise.resolve(page(['SN-1', 'SN-2'], 'c')),
    };
    const observer = new InfiniteQueryObserver(client, options);
    const unsubscribe = observer.subscribe(() => {});
    await observer.refetch();
    const more = observer.fetchNextPage();
    // The push is written into the cache as it comes (use-live-updates), and noted.
    const push = ended('SN-1');
    pushLog.add(push);
    client.setQueryData<TDeviceListPages>(key, (list) => list && listWith(list, push));
    next.answer();
    await more;
    const list = client.getQueryData<TDeviceListPages>(key);
    expect(list?.pages.map((p) => p.items.map((i) => [i.serialNumber, i.status.updating]))).toEqual([
      [
        ['SN-1', false],
        ['SN-2', true],
      ],
      [['SN-3', true]],
    ]);
    unsubscribe();
    stop();
  });
});
