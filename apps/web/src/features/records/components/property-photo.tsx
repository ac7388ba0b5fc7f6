import { Box, Button, Center, FileButton, Image, Skeleton, Stack, Text } from '@mantine/core';
import { IconCamera, IconHome } from '@tabler/icons-react';
import { AVATAR_ACCEPT, type ItemDto } from '@prospector/core';
import { useAddImage } from '../api/add-image';
import { usePhoto } from '../api/get-photo';
import { useStreetView } from '../api/get-street-view';

const FRAME = { aspectRatio: '1000 / 450', width: '100%', borderRadius: 'var(--mantine-radius-md)' };

/** No photo and no maps service: a calm placeholder, never a broken image. */
function Placeholder() {
  return (
    <Center
      style={{
        ...FRAME,
        background: 'linear-gradient(135deg, var(--mantine-color-gray-0), var(--mantine-color-gray-2))',
      }}
    >
      <Stack gap={4} align="center">
        <IconHome size={36} color="var(--mantine-color-gray-5)" stroke={1.5} />
        <Text size="sm" c="dimmed">
          No photo of this property yet
        </Text>
      </Stack>
    </Center>
  );
}

/**
 * A property's picture (spec part 1 §2.4): its own photo when one was uploaded; else the 1000×450
 * street-view image when the server has a maps service; else a placeholder. A member can upload or
 * replace the photo (POST /api/items/addImage).
 */
export function PropertyPhoto({
  item,
  address,
  mapsConfigured,
}: {
  item: ItemDto;
  address: string;
  mapsConfigured: boolean;
}) {
  const own = usePhoto(item.image);
  const street = useStreetView(address, mapsConfigured && item.image === null);
  const upload = useAddImage(item._id, address);
  const picture = own.data
    ? { src: own.data, alt: `Photo of ${address || 'this property'}` }
    : street.data
      ? { src: street.data, alt: `Street view of ${address}` }
      : null;
  const loading = (item.image !== null && own.isPending) || (street.isFetching && !street.data);
  return (
    <Box pos="relative">
      {picture ? (
        <Image src={picture.src} alt={picture.alt} fit="cover" style={FRAME} />
      ) : loading ? (
        <Skeleton style={FRAME} />
      ) : (
        <Placeholder />
      )}
      <FileButton onChange={(file) => file && upload.mutate(file)} accept={AVATAR_ACCEPT}>
        {(props) => (
          <Button
            {...props}
            size="xs"
            variant="white"
            color="dark"
            leftSection={<IconCamera size={14} />}
            loading={upload.isPending}
            pos="absolute"
            bottom={10}
            right={10}
            style={{ boxShadow: 'var(--mantine-shadow-sm)' }}
          >
            {item.image ? 'Change photo' : 'Upload photo'}
          </Button>
        )}
      </FileButton>
    </Box>
  );
}
