import { Button } from '@mantine/core';
import { IconListDetails, IconSearch, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { messages, paths } from '@prospector/core';
import { EmptyState } from '../../../components/empty-state';

/** No lists at all (with the way to import one), or none matching the search. */
export function ListsEmpty({ search, canImport }: { search: string; canImport: boolean }) {
  if (search) return <EmptyState icon={<IconSearch size={24} />} title={`No lists match “${search}”.`} />;
  return (
    <EmptyState
      icon={<IconListDetails size={24} />}
      title={messages.lists.noLists}
      description={
        canImport
          ? 'Import a spreadsheet of contacts, properties and companies to start a list.'
          : "Your team's lists will show here once someone with the import permission adds one."
      }
      action={
        canImport && (
          <Button component={Link} to={paths.import} leftSection={<IconUpload size={16} />}>
            Import list
          </Button>
        )
      }
    />
  );
}
