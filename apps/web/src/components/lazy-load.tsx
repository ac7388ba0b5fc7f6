import {
  Component,
  createElement,
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { Box, Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { messages } from '@prospector/core';
import { runWhenIdle } from '../lib/idle';

/**
 * A screen's code could not be fetched: after a deploy the old chunk's file is gone, or the network
 * dropped. Only a reload fixes it (React keeps a failed lazy import failed).
 */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('A part of the app could not be loaded.', { cause });
    this.name = 'ChunkLoadError';
  }
}

type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

export type LazyComponent<C extends ComponentType<never>> = ComponentType<PropsOf<C>> & {
  /** Fetches the chunk now (idle time, a hover), so the first render needs no loader. */
  preload: () => Promise<void>;
};

const preloaders = new Set<() => Promise<void>>();

/**
 * Loads every lazy screen declared so far, then those the loaded modules declare, until none is
 * left. The web tests call it first, so screens render at once as before the split and a test never
 * depends on which test loaded a chunk first; lazy-load.test.tsx covers the loading itself. Parts
 * loaded on demand (dialogs, panes) stay lazy there too: a test opens them as a user does.
 */
export async function preloadAllLazy(): Promise<void> {
  const done = new Set<() => Promise<void>>();
  for (;;) {
    const next = [...preloaders].filter((preload) => !done.has(preload));
    if (!next.length) return;
    next.forEach((preload) => done.add(preload));
    await Promise.allSettled(next.map((preload) => preload()));
  }
}

/**
 * A module's named export, fetched as its own chunk the first time it renders (or is preloaded).
 * A failed fetch becomes a ChunkLoadError for LazyBoundary to show; a later render tries again.
 */
export function lazyNamed<M extends Record<K, ComponentType<never>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  {
    onDemand = false,
  }: { /** A dialog or pane fetched when first shown, not with its page. */ onDemand?: boolean } = {},
): LazyComponent<M[K]> {
  type Props = PropsOf<M[K]>;
  let loaded: ComponentType<Props> | undefined;
  let pending: Promise<ComponentType<Props>> | undefined;
  const fetchChunk = () =>
    (pending ??= load().then(
      (module) => (loaded = module[name] as ComponentType<Props>),
      (cause: unknown) => {
        pending = undefined;
        throw new ChunkLoadError(cause);
      },
    ));
  const Lazy = lazy(() => fetchChunk().then((component) => ({ default: component })));

  function LazyLoaded(props: Props) {
    // Chosen once per mount: an instance that suspended keeps the (now resolved) lazy wrapper, so a
    // later render never swaps the element type under it and remounts the screen.
    const [Loaded] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    // Props is generic here; createElement's overloads cannot relate it to the component's own.
    return createElement(Loaded as ComponentType<object>, props as object);
  }
  LazyLoaded.displayName = `Lazy(${String(name)})`;
  LazyLoaded.preload = () => fetchChunk().then(() => undefined);
  if (!onDemand) preloaders.add(LazyLoaded.preload);
  return LazyLoaded;
}

/**
 * Fetches a lazy component's chunk before it is first rendered: at once ('now', beside the data it
 * will show) or once the page is idle ('idle', for what a click may open), so it is there when
 * needed. A failed fetch is left for that first render to retry and report.
 */
export function usePreload(
  component: { preload: () => Promise<void> },
  when: 'now' | 'idle' | 'never',
): void {
  useEffect(() => {
    if (when === 'never') return;
    const run = () => void component.preload().catch(() => undefined);
    if (when === 'idle') return runWhenIdle(run);
    run();
  }, [component, when]);
}

type Variant = 'page' | 'screen' | 'overlay';

function LoadFailedView({ error, variant }: { error: unknown; variant: Variant }) {
  const chunk = error instanceof ChunkLoadError;
  const view = (
    <Center mih={variant === 'screen' ? undefined : '100dvh'} py={variant === 'screen' ? 96 : 'xl'} px="xl">
      <Stack align="center" gap="md" maw={420} ta="center" role="alert">
        <ThemeIcon size={56} radius="xl" variant="light" color="blue">
          <IconRefresh size={28} />
        </ThemeIcon>
        <Title order={1} fz={22}>
          {chunk ? 'This page could not be loaded' : messages.shell.genericError}
        </Title>
        <Text c="dimmed">
          {chunk
            ? 'Prospector may have been updated since you opened it, or the connection dropped. Reload to get the latest version.'
            : 'Reload the page to carry on.'}
        </Text>
        <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Stack>
    </Center>
  );
  if (variant !== 'overlay') return view;
  return (
    <Box pos="fixed" inset={0} bg="white" style={{ zIndex: 'var(--mantine-z-index-max)' }}>
      {view}
    </Box>
  );
}

type BoundaryProps = {
  children: ReactNode;
  variant: Variant;
  /** When it changes (the visitor went elsewhere), a shown failure is forgotten. */
  resetKey?: string;
};
type BoundaryState = { error: unknown; failed: boolean; failedAt: string | undefined };

class LoadFailedBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failed: false, failedAt: undefined };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.failed && state.failedAt !== undefined && state.failedAt !== props.resetKey)
      return { error: null, failed: false, failedAt: undefined };
    return null;
  }

  override componentDidCatch() {
    this.setState({ failedAt: this.props.resetKey });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <LoadFailedView error={this.state.error} variant={this.props.variant} />;
  }
}

type LazyBoundaryProps = BoundaryProps & { fallback: ReactNode };

/**
 * Where lazy code renders: `fallback` (the page's own loader) while a chunk loads, and instead of a
 * white page, when it cannot be loaded, a message with a Reload button: over the whole page
 * ('page'), in the screen's place under the app's frame ('screen'), or over everything for what
 * opens on a click, like a dialog ('overlay').
 */
export function LazyBoundary({ children, fallback, variant, resetKey }: LazyBoundaryProps) {
  return (
    <LoadFailedBoundary variant={variant} resetKey={resetKey}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </LoadFailedBoundary>
  );
}
