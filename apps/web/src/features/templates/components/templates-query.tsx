import type { ReactNode } from 'react';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useTemplates, type TemplatesData } from '../api/get-templates';

/** The templates, once loaded; a loader meanwhile, and a way to try again when they could not be. */
export function TemplatesQuery({ children }: { children: (data: TemplatesData) => ReactNode }) {
  const templates = useTemplates();
  if (templates.isPending)
    return (
      <Center h={200}>
        <Loader aria-label="Loading the templates" />
      </Center>
    );
  if (templates.isError)
    return (
      <Stack align="center" gap="sm" py="xl">
        <Text c="dimmed">The templates could not be loaded.</Text>
        <Button variant="default" onClick={() => void templates.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  return children(templates.data);
}
