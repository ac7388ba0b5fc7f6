import { useState, type ReactNode } from 'react';
import { ActionIcon, Anchor, Avatar, Button, Collapse, Group, Stack, Text } from '@mantine/core';
import { IconBuilding, IconChevronDown, IconChevronRight, IconExternalLink } from '@tabler/icons-react';
import { withHttps, type ItemSummary } from '@prospector/core';
import { formatPhone } from '../../../lib/phone-format';
import { AddLinkedForm, type AddLinked } from './add-linked-form';
import { SummaryLines } from './summary-lines';
import { listingSearchUrl } from './property-address-panel';
import { RecordPanel } from './record-panel';

type LinkedPanelProps = {
  title: string;
  icon: ReactNode;
  items: readonly ItemSummary[];
  onOpen: (id: string) => void;
  onUnlink: (linked: ItemSummary) => void;
  /** Adds a record of this panel's type by its phone, address or name; absent where none may be added. */
  add?: AddLinked;
};

/** A company's logo from its website's domain; the default logo when there is none. */
function CompanyLogo({ website }: { website: string }) {
  let domain: string | null = null;
  try {
    domain = website ? new URL(withHttps(website)).hostname : null;
  } catch {
    domain = null;
  }
  const src = domain ? `https://www.google.com/s2/favicons?domain=${domain}&sz=64` : null;
  return (
    <Avatar src={src} size={28} radius="sm" color="gray" alt="">
      <IconBuilding size={16} />
    </Avatar>
  );
}

function LinkedDetails({ linked }: { linked: ItemSummary }) {
  if (linked.type === 'property')
    return (
      <Anchor
        href={listingSearchUrl(`${linked.title} ${linked.subtitle}`)}
        target="_blank"
        rel="noreferrer"
        size="sm"
      >
        <Group gap={4} component="span">
          Search listings <IconExternalLink size={14} />
        </Group>
      </Anchor>
    );
  if (linked.type === 'company' && linked.subtitle)
    return (
      <Anchor href={withHttps(linked.subtitle)} target="_blank" rel="noreferrer" size="sm">
        {linked.subtitle}
      </Anchor>
    );
  return linked.subtitle ? <Text size="sm">{formatPhone(linked.subtitle)}</Text> : null;
}

function LinkedRow({
  linked,
  onOpen,
  onUnlink,
}: { linked: ItemSummary } & Pick<LinkedPanelProps, 'onOpen' | 'onUnlink'>) {
  const [expanded, setExpanded] = useState(false);
  return (
    <Stack gap={4} data-testid="linked-record">
      <Group gap="xs" wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          onClick={() => setExpanded((v) => !v)}
          aria-expanded={expanded}
          aria-label={`${expanded ? 'Collapse' : 'Expand'} ${linked.title}`}
        >
          {expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
        </ActionIcon>
        {linked.type === 'company' && <CompanyLogo website={linked.subtitle} />}
        <SummaryLines summary={linked} subtitle={!expanded} />
      </Group>
      <Collapse expanded={expanded}>
        <Stack gap="xs" pl={36} pb={4}>
          <LinkedDetails linked={linked} />
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => onOpen(linked._id)}>
              Open
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={() => onUnlink(linked)}>
              Unlink
            </Button>
          </Group>
        </Stack>
      </Collapse>
    </Stack>
  );
}

/** Properties, contacts or companies linked to the record; each row expands, opens or unlinks. */
export function LinkedPanel({ title, icon, items, onOpen, onUnlink, add }: LinkedPanelProps) {
  return (
    <RecordPanel title={title} icon={icon} count={items.length}>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          None linked.
        </Text>
      ) : (
        <Stack gap="xs">
          {items.map((linked) => (
            <LinkedRow key={linked._id} linked={linked} onOpen={onOpen} onUnlink={onUnlink} />
          ))}
        </Stack>
      )}
      {add && <AddLinkedForm add={add} />}
    </RecordPanel>
  );
}
