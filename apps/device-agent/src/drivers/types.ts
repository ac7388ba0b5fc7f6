import type { DeviceJob, DevicePlatform, InboundSms } from '@prospector/core/contract/device';

/**
 * A send that did not happen, or whose outcome is unknown. `retryable` is true only when the driver knows
 * the text did not leave the phone and trying again later may work (the server then re-queues the job);
 * set-up problems that will fail every time, and unknown outcomes, are not retryable.
 */
export class DriverError extends Error {
  override name = 'DriverError';
  readonly retryable: boolean;

  constructor(message: string, options: { retryable: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.retryable = options.retryable;
  }
}

export type OnInbound = (messages: InboundSms[]) => void;
export type OnDelivered = (jobId: string) => void;

export type Driver = {
  readonly platform: DevicePlatform;
  /**
   * Starts listening for texts the phone receives (and delivery receipts). `onInbound` must be called
   * before the driver advances its inbound cursor, so a crash in between repeats a text, never loses it.
   */
  start(onInbound: OnInbound, onDelivered?: OnDelivered): Promise<void>;
  /** Resolves when the phone has taken the text; throws `DriverError` otherwise. */
  send(job: DeviceJob): Promise<void>;
  stop(): Promise<void>;
  /** Battery percentage for pings, when the platform can tell. */
  readBattery?(): Promise<number | undefined>;
};

/** Where a driver keeps the last inbound id it has handed over (the agent's journal). */
export type CursorStore = {
  getCursor(driver: string): string | undefined;
  setCursor(driver: string, value: string): void;
};
