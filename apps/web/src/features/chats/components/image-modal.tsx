import { Center, Image, Loader, Modal } from '@mantine/core';
import { useChatImage } from '../api/get-chat-image';

type ImageModalProps = { url: string | null; onClose: () => void };

/** The third modal (spec part 1 §2.6): a chat image enlarged. */
export function ImageModal({ url, onClose }: ImageModalProps) {
  const image = useChatImage(url);
  return (
    <Modal opened={url !== null} onClose={onClose} size="auto" centered title="Image" zIndex={320}>
      {image.data ? (
        <Image
          src={image.data}
          alt="Enlarged chat image"
          fit="contain"
          style={{ maxWidth: '85vw', maxHeight: '80vh' }}
        />
      ) : (
        <Center w={320} h={240}>
          <Loader size="sm" aria-label="Loading the image" />
        </Center>
      )}
    </Modal>
  );
}
