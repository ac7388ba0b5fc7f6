import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { RecordType } from '@prospector/core';
import { PageTitle } from '../../../components/page-title';
import { useLiveDataFields } from '../hooks/use-live-data-fields';
import type { SaveState } from '../hooks/use-sections-editor';
import { EntityEditor } from './entity-editor';
import { SaveStatus } from './save-status';
import type { MemberOption } from './section-card';

const ENTITIES: { value: RecordType; label: string }[] = [
  { value: 'contact', label: 'Contact' },
  { value: 'property', label: 'Property' },
  { value: 'company', label: 'Company' },
];

type DataFieldsScreenProps = {
  /** The team's members, for who may see a section (undefined while they load). */
  members: MemberOption[] | undefined;
};

/** Settings > Data Fields (spec part 2 §2): each entity's sections and custom fields. */
export function DataFieldsScreen({ members }: DataFieldsScreenProps) {
  // The entity lives in the URL (?type=property), so a reload or a shared link opens the same one.
  const [params, setParams] = useSearchParams();
  const type = ENTITIES.find((e) => e.value === params.get('type'))?.value ?? 'contact';
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  useLiveDataFields();

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <PageTitle>Data Fields</PageTitle>
          <Text c="dimmed" size="sm">
            The sections and fields of your records. Changes are saved as you make them.
          </Text>
        </Stack>
        <SaveStatus state={state} />
      </Group>
      <SegmentedControl
        w="fit-content"
        aria-label="Record type"
        data={ENTITIES}
        value={type}
        onChange={(value) => {
          setParams({ type: value }, { replace: true });
          setState({ kind: 'idle' });
        }}
      />
      <EntityEditor key={type} type={type} members={members} onState={setState} />
    </Stack>
  );
}
