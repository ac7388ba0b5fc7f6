import { Button, Center, Loader } from '@mantine/core';
import { useLoadMoreOnScroll } from '../lib/use-load-more-on-scroll';

type Pages = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/**
 * The end of a paged list (an infinite query): the next page loads when the window is scrolled near
 * its bottom (spec part 2 §9), or with Show more; a loader while it comes.
 */
export function LoadMore({ pages, noun }: { pages: Pages; noun: string }) {
  const canLoad = pages.hasNextPage && !pages.isFetchingNextPage;
  useLoadMoreOnScroll(canLoad, () => void pages.fetchNextPage());
  if (pages.isFetchingNextPage)
    return (
      <Center py="sm">
        <Loader size="sm" aria-label={`Loading more ${noun}`} />
      </Center>
    );
  if (!canLoad) return null;
  return (
    <Center>
      <Button variant="subtle" onClick={() => void pages.fetchNextPage()}>
        {`Show more ${noun}`}
      </Button>
    </Center>
  );
}
