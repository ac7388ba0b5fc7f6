import { Center, Loader } from '@mantine/core';

export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center h="100dvh">
      <Loader aria-label={label} />
    </Center>
  );
}
