import { Skeleton, Stack } from '@mantine/core';

/** Three grey cards where a page's cards will be, named for screen readers: 'Loading lists'. */
export function CardSkeletons({ label }: { label: string }) {
  return (
    <Stack gap="sm" aria-label={label}>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} h={150} radius="lg" />
      ))}
    </Stack>
  );
}
