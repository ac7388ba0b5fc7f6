export { DevicesScreen } from './components/devices-screen';
export { DisconnectedDevicesBanner } from './components/disconnected-banner';
export { useDevices } from './api/get-devices';
export { devicesKeys } from './api/devices-keys';
export { useLiveDevices } from './hooks/use-live-devices';
