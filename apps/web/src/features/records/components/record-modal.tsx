import { useEffect, useRef } from 'react';
import { useWindowEvent } from '@mantine/hooks';
import { Badge, Box, Center, Group, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBuildingSkyscraper, IconHome, IconUser, IconUsers } from '@tabler/icons-react';
import { recordTitle, type MemberDto, type MessageDto, type StatusDto } from '@prospector/core';
import type { ReactNode, RefObject } from 'react';
import { useItem, type RecordData } from '../api/get-item';
import { useAddAndMap } from '../api/add-and-map';
import { useUnlinkItem } from '../api/unlink-items';
import { useLiveMessages } from '../hooks/use-live-messages';
import { IdentifierList } from './identifier-list';
import { LinkedPanel } from './linked-panel';
import type { MapSettings } from './location-map';
import { MapSettingsContext } from './map-settings';
import { PropertyAddressPanel } from './property-address-panel';
import { PropertySkiptracePanel } from './property-skiptrace-panel';
import { RecordToolbar } from './record-header';
import { SectionPanel } from './section-panel';
import { TasksPanel } from './tasks-panel';
import type { SmsSender, SmsToolsSlot } from './sms-composer';
import { Thread } from './thread';

export type RecordModalProps = {
  itemId: string | null;
  onClose: () => void;
  /** Opens another record (a linked one) in place of this one. */
  onOpenItem: (id: string) => void;
  /** A change other screens show (status, assignees, tasks) was saved. */
  onChanged?: (itemId: string) => void;
  /** The record was fetched: the server has marked its notifications read. */
  onLoaded?: (itemId: string) => void;
  members: readonly MemberDto[];
  statuses: readonly StatusDto[];
  viewerId: string;
  timeZone: string | null;
  /** What the server offers for maps: street-view photos and maps of properties and Location fields. */
  maps: MapSettings;
  /** The team's devices an SMS can be sent from ('Auto' lets the server pick). */
  smsSenders: readonly SmsSender[];
  /** Controls the app composes beside Send in the SMS box (quick replies). */
  smsTools?: SmsToolsSlot;
  /** The viewer may send texts (admin, or the `sms` permission). */
  canText: boolean;
  /** Why texts written now will not go out (the team is suspended), shown over the SMS box; null when they will. */
  smsNotice?: string | null;
  /** The team has a push hook: contacts offer 'Push to CRM'. */
  crmPush?: boolean;
  /** What the app composes under a message's bubble (a received text's label chip). */
  messageExtra?: (message: MessageDto) => ReactNode;
};

/** A popover, menu or list opened over the record: it takes Escape for itself. */
const LAYER = '[role="dialog"], [role="menu"], [role="listbox"]';

/**
 * Escape closes the record only when nothing opened from it is on top: a popover or menu (Assign, a
 * status list) closes alone, and a field can keep its Escape with `data-mantine-stop-propagation`.
 * Mantine's own check runs before the popover sees the key, so the record handles Escape itself.
 */
function useEscapeCloses(root: RefObject<HTMLDivElement | null>, opened: boolean, onClose: () => void) {
  useWindowEvent('keydown', (event) => {
    if (!opened || event.key !== 'Escape' || event.isComposing) return;
    const target = event.target instanceof Element ? event.target : null;
    if (!target || target === document.body) return onClose();
    if (target.closest('[data-mantine-stop-propagation="true"]')) return;
    const record = root.current;
    if (!record?.contains(target)) return;
    // The record's own window is a dialog; a layer nested inside it is something opened from it.
    const layer = target.closest(LAYER);
    const outer = layer?.parentElement?.closest('[role="dialog"]');
    if (layer && outer && record.contains(outer)) return;
    onClose();
  });
}

const TYPE_LABELS = { contact: 'Contact', property: 'Property', company: 'Company' } as const;
const TYPE_ICONS = { contact: IconUser, property: IconHome, company: IconBuildingSkyscraper } as const;

type RecordBodyProps = Omit<RecordModalProps, 'itemId' | 'onClose' | 'onLoaded'> & { record: RecordData };

function RecordBody({
  record,
  members,
  statuses,
  viewerId,
  timeZone,
  maps,
  smsSenders,
  smsTools,
  canText,
  smsNotice,
  crmPush,
  messageExtra,
  onOpenItem,
  onChanged,
}: RecordBodyProps) {
  const { item } = record;
  const unlink = useUnlinkItem(item._id, item.type);
  const addAndMap = useAddAndMap(item._id);
  const changed = () => onChanged?.(item._id);
  // The server sends only the sections the viewer may see (maySeeSection, ADR 031).
  const sections = record.sections.filter((s) => !s.hidden);
  const linked = [
    { type: 'property' as const, title: 'Properties', icon: <IconHome size={18} />, items: item.properties },
    { type: 'contact' as const, title: 'Contacts', icon: <IconUsers size={18} />, items: item.contacts },
    {
      type: 'company' as const,
      title: 'Companies',
      icon: <IconBuildingSkyscraper size={18} />,
      items: item.companies,
    },
  ].filter((panel) => panel.type !== item.type || panel.items.length > 0);

  return (
    <MapSettingsContext.Provider value={maps}>
      <Group align="stretch" gap={0} wrap="nowrap" h="100%">
        <ScrollArea style={{ flex: '1 1 58%' }} h="100%" bg="gray.0">
          <Stack gap="md" p="lg" maw={900} mx="auto">
            <RecordToolbar
              item={item}
              members={members}
              statuses={statuses}
              onChanged={changed}
              crmPush={crmPush}
            />
            {item.type === 'property' && <PropertyAddressPanel item={item} />}
            {item.type === 'property' && <PropertySkiptracePanel propId={item._id} />}
            {(item.type === 'contact' || item.idts.length > 0) && <IdentifierList item={item} />}
            <TasksPanel
              item={item}
              openTasks={record.tasks}
              members={members}
              timeZone={timeZone}
              onChanged={changed}
            />
            {linked.map((panel) => (
              <LinkedPanel
                key={panel.type}
                title={panel.title}
                icon={panel.icon}
                items={panel.items}
                onOpen={onOpenItem}
                onUnlink={(l) => unlink.mutate(l)}
                add={
                  panel.type === item.type
                    ? undefined
                    : {
                        type: panel.type,
                        pending: addAndMap.isPending && addAndMap.variables.type === panel.type,
                        exclude: [item._id, ...panel.items.map((l) => l._id)],
                        onAdd: (input, done) =>
                          addAndMap.mutate({ type: panel.type, ...input }, { onSuccess: done }),
                      }
                }
              />
            ))}
            {sections.map((section) => (
              <SectionPanel key={section._id} section={section} record={record} />
            ))}
          </Stack>
        </ScrollArea>
        <Box
          style={{
            flex: '1 1 42%',
            minWidth: 360,
            maxWidth: 640,
            borderLeft: '1px solid var(--mantine-color-gray-3)',
          }}
          h="100%"
        >
          <Thread
            record={record}
            members={members}
            viewerId={viewerId}
            timeZone={timeZone}
            senders={smsSenders}
            smsTools={smsTools}
            canText={canText}
            smsNotice={smsNotice ?? null}
            messageExtra={messageExtra}
          />
        </Box>
      </Group>
    </MapSettingsContext.Provider>
  );
}

/** The full-screen record (spec part 1 §2.4): details on the left, the thread on the right. */
export function RecordModal({ itemId, onClose, onLoaded, ...rest }: RecordModalProps) {
  const record = useItem(itemId);
  useLiveMessages();
  const latestOnLoaded = useRef(onLoaded);
  useEffect(() => {
    latestOnLoaded.current = onLoaded;
  });
  const loadedId = record.data?.item._id;
  const loadedAt = record.dataUpdatedAt;
  useEffect(() => {
    if (loadedId && loadedAt) latestOnLoaded.current?.(loadedId);
  }, [loadedId, loadedAt]);
  const item = record.data?.item;
  const Icon = item ? TYPE_ICONS[item.type] : IconUser;
  const title = item ? recordTitle(item) : 'Loading record';
  const root = useRef<HTMLDivElement>(null);
  useEscapeCloses(root, itemId !== null, onClose);
  return (
    <Modal
      ref={root}
      opened={itemId !== null}
      onClose={onClose}
      closeOnEscape={false}
      fullScreen
      radius={0}
      padding={0}
      transitionProps={{ transition: 'fade', duration: 150 }}
      title={
        <Group gap="sm" wrap="nowrap">
          <Icon size={22} color="var(--mantine-color-brand-6)" />
          <Text fw={700} fz="lg" truncate>
            {title}
          </Text>
          {item && (
            <Badge variant="light" color="gray" size="sm">
              {TYPE_LABELS[item.type]}
            </Badge>
          )}
        </Group>
      }
      closeButtonProps={{ 'aria-label': 'Close record' }}
      styles={{
        content: { display: 'flex', flexDirection: 'column' },
        header: { borderBottom: '1px solid var(--mantine-color-gray-3)', paddingInline: 24, minHeight: 60 },
        body: { flex: 1, minHeight: 0 },
      }}
    >
      {record.data && itemId === record.data.item._id ? (
        <RecordBody record={record.data} {...rest} />
      ) : record.isError ? (
        <Center h="100%">
          <Text c="dimmed">This record could not be loaded.</Text>
        </Center>
      ) : (
        <Center h="100%">
          <Loader aria-label="Loading record" />
        </Center>
      )}
    </Modal>
  );
}
