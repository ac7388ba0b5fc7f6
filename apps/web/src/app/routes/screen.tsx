import { Stack } from '@mantine/core';
import { PageTitle } from '../../components/page-title';

/** A screen that is not built yet: its title and nothing else (no sample data). */
export function Screen({ title }: { title: string }) {
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
    </Stack>
  );
}
