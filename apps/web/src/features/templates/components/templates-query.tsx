import type { ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { LoadFailed } from '../../../components/load-failed';
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
      <LoadFailed message="The templates could not be loaded." onRetry={() => void templates.refetch()} />
    );
  return children(templates.data);
}
